import { z } from "zod";
import {
  PROFILE_FILES,
  type ProfileChange,
  type ProfileUsage,
  profileUsageSchema,
} from "../../engine/profile/profile.js";
import { archivedOutput, describeArchived } from "./archived-chunks.js";
import { describeRedaction, redactedSecretsOutput } from "./redacted-secrets.js";

/** Arguments and results shared by the section-level tools (memory_read, _add, _replace, _remove). */
export const profileFileArgument = z
  .enum(PROFILE_FILES)
  .describe(
    "soul: your identity (SOUL.md); user: the user's profile (USER.md); memory: your notes (MEMORY.md); daily: today's log.",
  );

export const sectionArgument = z
  .string()
  .min(1)
  .describe('The name of a "## Section" of the file, without the "##" (for example "Preferences").');

export const usageOutput = profileUsageSchema;

export const profileChangeOutput = z.object({
  file: z.enum(PROFILE_FILES),
  path: z.string().describe("The file, relative to the memory home."),
  section: z.string(),
  action: z.enum(["added", "replaced", "removed"]),
  usage: usageOutput,
  archived: archivedOutput,
  editedSectionTrimmed: z
    .boolean()
    .describe(
      "True when the budget moved the oldest text of the edited section to the archive to make room; the new text always stays.",
    ),
  redactedSecrets: redactedSecretsOutput,
});

export function describeUsage(path: string, usage: ProfileUsage): string {
  return `${path} uses ${usage.characters} of ${usage.budget} characters.`;
}

/** The result of an add, replace or remove: what changed, the budget, what was archived. */
export function profileChangeResult(
  change: ProfileChange,
  summary: string,
): { text: string; data: z.output<typeof profileChangeOutput> } {
  const parts = [summary, describeUsage(change.path, change.usage)];
  if (change.archived.length > 0) parts.push(describeArchived(change.archived));
  if (change.editedSectionTrimmed)
    parts.push(
      `The new text is in ${change.path}; to keep it within its budget, the oldest text of ## ${change.section} went to the archive.`,
    );
  if (change.redactedSecrets.length > 0) parts.push(describeRedaction(change.redactedSecrets));
  const { file, path, section, action, usage, archived, editedSectionTrimmed, redactedSecrets } = change;
  return {
    text: parts.join(" "),
    data: { file, path, section, action, usage, archived, editedSectionTrimmed, redactedSecrets },
  };
}
