import { type JournalBlock, parseJournal, serializeJournal } from "../markdown/journal-entries.js";

/**
 * Seed 000's capacity rule: a file longer than `maxLines` is brought down to `targetLines` by
 * removing its oldest entries (they go to the archive); text that is not an entry is never removed.
 * `lineCount` measures the whole file for a given journal text (MEMORY.md has more than its journal).
 */
export interface CapacityOptions {
  maxLines: number;
  targetLines: number;
  lineCount: (journalText: string) => number;
}

export interface CapacityResult {
  text: string;
  /** Raw text of the removed entries, oldest first. */
  removed: string[];
}

export function enforceCapacity(journalText: string, options: CapacityOptions): CapacityResult {
  if (options.lineCount(journalText) <= options.maxLines) return { text: journalText, removed: [] };
  let blocks: JournalBlock[] = parseJournal(journalText).blocks;
  const removed: string[] = [];
  while (options.lineCount(serializeJournal(blocks)) > options.targetLines) {
    const oldest = blocks.findIndex((block) => block.kind === "entry");
    if (oldest === -1) break;
    removed.push((blocks[oldest] as JournalBlock).raw);
    blocks = withoutBlockAndItsGap(blocks, oldest);
  }
  return { text: serializeJournal(blocks), removed };
}

/** Removes a block and the blank lines that separated it from the next one. */
function withoutBlockAndItsGap(blocks: JournalBlock[], index: number): JournalBlock[] {
  const next = blocks[index + 1];
  const gap = next?.kind === "text" && next.raw.trim() === "" ? 1 : 0;
  return [...blocks.slice(0, index), ...blocks.slice(index + 1 + gap)];
}
