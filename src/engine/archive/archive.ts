import { z } from "zod";
import type { DocumentWriter } from "../../contracts/document-store.js";
import { archivePathFor } from "../../rules/home-layout.js";
import { localMinute } from "../home/clock.js";

/**
 * Whatever a budget, a capacity limit or a removal pushes out of a file is appended to
 * `archive/<same path>`, each chunk after a comment line saying where it came from, when and why.
 */
export const archivedChunkSchema = z.object({
  path: z.string().describe("The archive file the text went to."),
  reason: z.string(),
  characters: z.number().int(),
});

/** One chunk moved to the archive; defined by its schema, which the tools' results declare. */
export type ArchivedChunk = z.output<typeof archivedChunkSchema>;

export function archiveMarker(sourcePath: string, at: Date, reason: string): string {
  return `<!-- mnemo archived from ${sourcePath} at ${localMinute(at)}: ${reason} -->`;
}

export async function archiveText(
  writer: DocumentWriter,
  options: { sourcePath: string; chunks: string[]; reason: string; now: Date },
): Promise<ArchivedChunk[]> {
  const chunks = options.chunks.filter((chunk) => chunk.trim() !== "");
  if (chunks.length === 0) return [];
  const path = archivePathFor(options.sourcePath);
  const existing = (await writer.read(path)) ?? "";
  const separator =
    existing === "" || existing.endsWith("\n\n") ? "" : existing.endsWith("\n") ? "\n" : "\n\n";
  const marker = archiveMarker(options.sourcePath, options.now, options.reason);
  const added = chunks.map((chunk) => `${marker}\n${chunk.replace(/\n+$/, "")}\n`).join("\n");
  await writer.write(path, `${existing}${separator}${added}`);
  return chunks.map((chunk) => ({ path, reason: options.reason, characters: chunk.length }));
}
