import { z } from "zod";
import { normalizeNewlines, splitLinesKeepEnds, stripLineEnd } from "./lines.js";

/**
 * Seed 000's journal entries:
 *
 *     ### [2026-11-22 14:30] user_pref
 *
 *     The user wants answers in French.
 *
 *     ---
 *
 * A journal is read as blocks: entries, and text that is not an entry (a title, a hand-written
 * note, a malformed entry). Every block keeps its raw text, so rewriting a journal after removing
 * or adding entries never changes a byte of the rest.
 */
export const journalEntrySchema = z.object({
  timestamp: z.string().describe('Local time, "YYYY-MM-DD HH:MM".'),
  category: z.string(),
  content: z.string(),
  source: z
    .string()
    .optional()
    .describe('Where the entry came from (seed 000\'s optional source, e.g. "session 4f2a").'),
});

/**
 * One entry. Defined by its schema, so that what a tool declares it returns (memory_read_topic's
 * output schema) is this shape, and a field added here reaches clients declared.
 */
export type JournalEntry = z.output<typeof journalEntrySchema>;

export type JournalBlock =
  | { kind: "entry"; entry: JournalEntry; raw: string; line: number }
  | { kind: "text"; raw: string; line: number };

export interface JournalWarning {
  line: number;
  message: string;
}

export interface ParsedJournal {
  blocks: JournalBlock[];
  warnings: JournalWarning[];
}

const HEADER = /^### \[(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\] ([A-Za-z0-9_-]+)(?: \(source: (.+)\))?[ \t]*$/;
const HEADER_START = /^### \[/;
const TERMINATOR = /^---[ \t]*$/;
/** Content lines that would read as a terminator, an entry header or a `##` section are escaped with "\". */
const NEEDS_ESCAPE = /^\\*(?:---[ \t]*$|### \[|## )/;
const ESCAPED = /^\\+(?:---[ \t]*$|### \[|## )/;

export function isValidTimestamp(timestamp: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(timestamp);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60
  );
}

export function escapeEntryContent(content: string): string {
  return content
    .split("\n")
    .map((line) => (NEEDS_ESCAPE.test(line) ? `\\${line}` : line))
    .join("\n");
}

export function unescapeEntryContent(content: string): string {
  return content
    .split("\n")
    .map((line) => (ESCAPED.test(line) ? line.slice(1) : line))
    .join("\n");
}

/** Content as stored: LF line endings, no leading or trailing blank space. */
export function normalizeEntryContent(content: string): string {
  return normalizeNewlines(content).trim();
}

export function formatEntry(entry: JournalEntry): string {
  const source = entry.source === undefined ? "" : ` (source: ${entry.source})`;
  return `### [${entry.timestamp}] ${entry.category}${source}\n\n${escapeEntryContent(normalizeEntryContent(entry.content))}\n\n---\n`;
}

export function parseJournal(text: string): ParsedJournal {
  const lines = splitLinesKeepEnds(text);
  const blocks: JournalBlock[] = [];
  const warnings: JournalWarning[] = [];
  let index = 0;
  const pushText = (raw: string, line: number) => {
    const last = blocks.at(-1);
    if (last?.kind === "text") last.raw += raw;
    else blocks.push({ kind: "text", raw, line });
  };
  while (index < lines.length) {
    const line = stripLineEnd(lines[index] ?? "");
    if (!HEADER_START.test(line)) {
      pushText(lines[index] ?? "", index + 1);
      index++;
      continue;
    }
    const end = findEntryEnd(lines, index + 1);
    const raw = lines.slice(index, end.next).join("");
    const header = HEADER.exec(line);
    const timestamp = header?.[1];
    if (!header || timestamp === undefined || !isValidTimestamp(timestamp)) {
      warnings.push({
        line: index + 1,
        message: `malformed entry header "${line}" (expected "### [YYYY-MM-DD HH:MM] category"); kept as text`,
      });
      pushText(raw, index + 1);
    } else {
      if (!end.terminated) warnings.push({ line: index + 1, message: 'entry has no closing "---" line' });
      const content = unescapeEntryContent(
        lines
          .slice(index + 1, end.contentEnd)
          .join("")
          .replace(/\r\n?/g, "\n")
          .trim(),
      );
      blocks.push({
        kind: "entry",
        entry: {
          timestamp,
          category: header[2] ?? "",
          content,
          ...(header[3] === undefined ? {} : { source: header[3] }),
        },
        raw,
        line: index + 1,
      });
    }
    index = end.next;
  }
  return { blocks, warnings };
}

/** An entry runs to its `---` line; a missing terminator ends it at the next header or the end of the text. */
function findEntryEnd(
  lines: string[],
  start: number,
): { contentEnd: number; next: number; terminated: boolean } {
  for (let index = start; index < lines.length; index++) {
    const line = stripLineEnd(lines[index] ?? "");
    if (TERMINATOR.test(line)) return { contentEnd: index, next: index + 1, terminated: true };
    if (HEADER_START.test(line)) return { contentEnd: index, next: index, terminated: false };
  }
  return { contentEnd: lines.length, next: lines.length, terminated: false };
}

export function serializeJournal(blocks: JournalBlock[]): string {
  return blocks.map((block) => block.raw).join("");
}

export function journalEntries(blocks: JournalBlock[]): JournalEntry[] {
  return blocks.flatMap((block) => (block.kind === "entry" ? [block.entry] : []));
}

/** Appends a new entry, separated from what is before it by one blank line. */
export function appendEntry(text: string, entry: JournalEntry): string {
  const separator = text.trim() === "" || text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return `${text}${separator}${formatEntry(entry)}`;
}
