/**
 * The text side of Claude's memory commands, as the official SDK's file-system backend words and
 * numbers it (so Claude reads what it was trained on): numbered lines for `view`, one exact match
 * for `str_replace`, a line number from 0 to the line count for `insert`. Pure: no I/O; a problem
 * is a MnemoError whose message is written for the model.
 */
import { MnemoError } from "../../index.js";

const LINE_NUMBER_WIDTH = 6;

/** "     1\tfirst line": lines numbered from 1, or from `range[0]` to `range[1]` (-1: to the end). */
export function numberedLines(path: string, text: string, range?: readonly number[]): string {
  const lines = text.split("\n");
  let start = 1;
  let end = lines.length;
  if (range !== undefined) {
    const [from, to] = range;
    const valid =
      range.length === 2 &&
      Number.isInteger(from) &&
      Number.isInteger(to) &&
      (from as number) >= 1 &&
      (from as number) <= lines.length &&
      (to === -1 || ((to as number) >= (from as number) && (to as number) <= lines.length));
    if (!valid)
      throw new MnemoError(
        "INVALID_INPUT",
        `Invalid view_range ${JSON.stringify(range)} for ${path}: give [first, last] with 1 <= first <= last <= ${lines.length} (the file's lines), or last -1 for the end.`,
      );
    start = from as number;
    end = to === -1 ? lines.length : (to as number);
  }
  const shown = lines.slice(start - 1, end).map((line, index) => numbered(start + index, line));
  return `Here's the content of ${path} with line numbers:\n${shown.join("\n")}`;
}

/** Replaces the one occurrence of `oldText`; returns the new text and a numbered snippet around the change. */
export function replaceOnce(
  path: string,
  text: string,
  oldText: string,
  newText: string,
): { text: string; snippet: string } {
  if (oldText === "")
    throw new MnemoError(
      "INVALID_INPUT",
      `No replacement was performed: old_str is empty. Give the exact text to replace in ${path}.`,
    );
  const lines = text.split("\n");
  const first = text.indexOf(oldText);
  if (first === -1)
    throw new MnemoError(
      "NOT_FOUND",
      `No replacement was performed, old_str \`${oldText}\` did not appear verbatim in ${path}.`,
    );
  if (text.indexOf(oldText, first + 1) !== -1) {
    const at = occurrenceLines(text, oldText);
    throw new MnemoError(
      "INVALID_INPUT",
      `No replacement was performed. Multiple occurrences of old_str \`${oldText}\` in lines: ${at.join(", ")}. Please ensure it is unique`,
    );
  }
  const replaced = text.slice(0, first) + newText + text.slice(first + oldText.length);
  const changedLine = text.slice(0, first).split("\n").length - 1;
  const newLines = replaced.split("\n");
  const from = Math.max(0, changedLine - 2);
  const to = Math.min(newLines.length, changedLine + 3 + Math.max(0, newLines.length - lines.length));
  const snippet = newLines.slice(from, to).map((line, index) => numbered(from + index + 1, line));
  return { text: replaced, snippet: snippet.join("\n") };
}

/** Inserts `insertText` after line `line` (0: at the top); one trailing line break of it is dropped. */
export function insertAt(path: string, text: string, line: number, insertText: string): string {
  const lines = text.split("\n");
  if (!Number.isInteger(line) || line < 0 || line > lines.length)
    throw new MnemoError(
      "INVALID_INPUT",
      `Invalid \`insert_line\` parameter: ${line}. It should be within the range of lines of ${path}: [0, ${lines.length}]`,
    );
  lines.splice(line, 0, insertText.replace(/\n$/, ""));
  return lines.join("\n");
}

/** "1.2K", as `du -h` and the SDK's backend print sizes. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ["K", "M", "G"];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(size) ? size : size.toFixed(1)}${units[unit]}`;
}

function numbered(lineNumber: number, line: string): string {
  return `${String(lineNumber).padStart(LINE_NUMBER_WIDTH, " ")}\t${line}`;
}

/** The 1-based lines where occurrences of `needle` start (overlapping ones too). */
function occurrenceLines(text: string, needle: string): number[] {
  const lines = new Set<number>();
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1))
    lines.add(text.slice(0, at).split("\n").length);
  return [...lines];
}
