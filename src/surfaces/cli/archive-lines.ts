import type { ArchivedChunk } from "../../home.js";

/** One line per chunk a command moved to the archive, with the file a person can open. */
export function archiveLines(locate: (path: string) => string, archived: ArchivedChunk[]): string[] {
  return archived.map(
    (chunk) => `Archived ${chunk.characters} characters to ${locate(chunk.path)} (${chunk.reason})`,
  );
}
