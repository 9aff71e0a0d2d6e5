/**
 * One page of a journal topic as memory_read_topic returns it: newest first, `offset` entries
 * skipped, at most `limit`, and fewer when their lines would not fit in `room` characters of the
 * result (the first of a page always shows, however long). Following `nextOffset` from 0 visits
 * every entry once, in order from the newest to the oldest. Pure.
 */
import type { JournalEntry } from "../../engine/markdown/journal-entries.js";

export interface JournalPage {
  /** Newest first. */
  entries: JournalEntry[];
  /** One line per entry, as the model reads them. */
  lines: string[];
  /** Where the next (older) page starts; undefined when this page reaches the oldest entry. */
  nextOffset: number | undefined;
}

export function journalPage(
  oldestFirst: readonly JournalEntry[],
  { offset, limit, room }: { offset: number; limit: number; room: number },
): JournalPage {
  const candidates = [...oldestFirst].reverse().slice(offset, offset + limit);
  const entries: JournalEntry[] = [];
  const lines: string[] = [];
  let used = 0;
  for (const entry of candidates) {
    const line = entryLine(entry);
    if (entries.length > 0 && used + line.length + 1 > room) break;
    entries.push(entry);
    lines.push(line);
    used += line.length + 1;
  }
  const next = offset + entries.length;
  return { entries, lines, nextOffset: next < oldestFirst.length ? next : undefined };
}

/** `[2026-03-04 10:00] user_pref (source: session 4f2a): Answers in French.` */
export function entryLine(entry: JournalEntry): string {
  const source = entry.source === undefined ? "" : ` (source: ${entry.source})`;
  return `[${entry.timestamp}] ${entry.category}${source}: ${entry.content}`;
}
