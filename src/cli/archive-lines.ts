import type { ArchivedChunk, MemoryHome } from "../index.js";

/** One line per chunk a command moved to the archive, with the file a person can open. */
export function archiveLines(memory: MemoryHome, archived: ArchivedChunk[]): string[] {
  return archived.map(
    (chunk) =>
      `Archived ${chunk.characters} characters to ${memory.store.locate(chunk.path)} (${chunk.reason})`,
  );
}
