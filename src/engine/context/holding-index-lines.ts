/**
 * The index lines of the memories that hold now (issue 30, point 4). A memory whose own `validTo`
 * has passed, or whose `validFrom` is still to come, stays in memories/ and is found by recall (and
 * by recall "as of" a date when it held), but the frozen context, which tells the model what is
 * true, leaves its line out. Only lines that can be shown are checked, in order: reading the
 * headers of 2,000 memories would cost a session's start more than its context is worth.
 */
import type { DocumentReader } from "../../contracts/document-store.js";
import { parseMemoryFile } from "../memdir/memory-file.js";
import { parseIndexLine } from "../memdir/memory-index.js";
import { holdsAt, validityInstant } from "../memdir/validity.js";

/** Enough for any frontmatter mnemo writes; a longer one is not read, and its memory is shown. */
const HEADER_BYTES = 4096;

export async function indexLinesHoldingNow(
  reader: DocumentReader,
  lines: readonly string[],
  options: { now: number; shown: number },
): Promise<string[]> {
  const kept: string[] = [];
  let next = 0;
  while (kept.length < options.shown && next < lines.length) {
    const batch = lines.slice(next, next + options.shown - kept.length);
    next += batch.length;
    const holding = await Promise.all(batch.map((line) => lineHolds(reader, line, options.now)));
    batch.forEach((line, position) => {
      if (holding[position]) kept.push(line);
    });
  }
  // The lines past what can be shown are not read: the context cuts them and counts them as left out.
  return [...kept, ...lines.slice(next)];
}

async function lineHolds(reader: DocumentReader, line: string, now: number): Promise<boolean> {
  const path = parseIndexLine(line)?.path;
  if (path === undefined) return true;
  const head = await reader.readHead(path, HEADER_BYTES);
  if (head === undefined) return true;
  const parsed = parseMemoryFile(path, head);
  if (!parsed.ok) return true;
  const { validFrom, validTo } = parsed.header;
  const from = validFrom === undefined ? undefined : validityInstant(validFrom);
  const to = validTo === undefined ? undefined : validityInstant(validTo);
  return holdsAt({ from, to }, now);
}
