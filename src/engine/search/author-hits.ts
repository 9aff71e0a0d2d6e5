/**
 * Recall filtered by who wrote (issue 30, point 2): the index does not hold a memory's agent or
 * run, so the typed-memory hits are fetched first and each one's frontmatter head read; the hits
 * whose current version that agent (or run) wrote are kept, in their order.
 */
import type { DocumentReader } from "../../contracts/document-store.js";
import { type MemoryAuthor, matchesAuthor } from "../memdir/memory-author.js";
import { readMemoryHead } from "../memdir/memory-lookup.js";
import type { RankedHit } from "./ranked-hit.js";

export async function hitsByAuthor(
  reader: DocumentReader,
  hits: readonly RankedHit[],
  author: MemoryAuthor,
): Promise<RankedHit[]> {
  const kept = await Promise.all(
    hits.map(async (hit) => {
      if (hit.kind !== "memory") return false;
      const parsed = await readMemoryHead(reader, hit.path);
      return parsed.ok && matchesAuthor(parsed.header, author);
    }),
  );
  return hits.filter((_, position) => kept[position]);
}

/** True when a filter names an agent or a run. */
export function hasAuthor(author: MemoryAuthor): boolean {
  return author.agent !== undefined || author.run !== undefined;
}
