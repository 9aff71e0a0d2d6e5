import { z } from "zod";
import { type ArchivedChunk, archivedChunkSchema } from "../../engine/archive/archive.js";

/** What a write moved to archive/, as tool results report it. */
export const archivedOutput = z
  .array(archivedChunkSchema)
  .describe("Text moved to archive/ by this change (nothing is dropped).");

/** "Moved to archive/USER.md (over budget (1400 characters)): 2 pieces, 450 characters." per file and reason. */
export function describeArchived(archived: ArchivedChunk[]): string {
  const groups = new Map<string, { path: string; reason: string; pieces: number; characters: number }>();
  for (const chunk of archived) {
    const key = `${chunk.path}\n${chunk.reason}`;
    const group = groups.get(key) ?? { path: chunk.path, reason: chunk.reason, pieces: 0, characters: 0 };
    group.pieces += 1;
    group.characters += chunk.characters;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(
      (group) =>
        `Moved to ${group.path} (${group.reason}): ${group.pieces === 1 ? "1 piece" : `${group.pieces} pieces`}, ${group.characters} characters.`,
    )
    .join(" ");
}
