import type { DocumentReader } from "../../contracts/document-store.js";

/**
 * Documents read at once: a home of 100,000 memories is read in parallel batches, since one read
 * at a time waits on the disk (or the database) 100,000 times in a row.
 */
export const PARALLEL_READS = 64;

/** Runs `work` on every item, PARALLEL_READS at a time, in the items' order batch by batch. */
export async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += PARALLEL_READS)
    await Promise.all(items.slice(start, start + PARALLEL_READS).map(work));
}

/** The text of each path that exists, by path; a path that does not exist is left out. */
export async function readMany(
  reader: Pick<DocumentReader, "read">,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  await inBatches(paths, async (path) => {
    const text = await reader.read(path);
    if (text !== undefined) texts.set(path, text);
  });
  return texts;
}
