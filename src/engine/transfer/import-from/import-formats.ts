/**
 * The formats `mnemo import --from` reads. A leaf module: the CLI builds its option from it for
 * every `mnemo --help`, which must not load the importers.
 */
export const IMPORT_FORMATS = ["claude-code", "claude-md", "mem0", "letta", "agents-md", "cursor"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
