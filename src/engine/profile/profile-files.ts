/**
 * The profile files by their short names. A leaf module: the CLI builds its options from it for
 * every `mnemo --help`, which must not load the profile code and its schemas (issue 29).
 */
/** The always-loaded `## Section` files of seed 002; "daily" is today's log. */
export const PROFILE_FILES = ["soul", "user", "memory", "daily"] as const;
export type ProfileFile = (typeof PROFILE_FILES)[number];
