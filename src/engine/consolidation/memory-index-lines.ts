/**
 * MEMORY.md's index lines as consolidation chooses among them (consolidation-candidates.ts): each
 * line's memory path, type (from the file name) and terms. A save in a home of 2,000 memories reads
 * all 2,000 lines, and all but one or two are as the last save left them, so each line's reading is
 * remembered under the line's text: one lookup a line. An LRU cache here, and a key built from the
 * parsed line, were a fifth of a consolidated save's CPU (bench/consolidation/save-cpu.ts).
 *
 * A single save does not even read every line: `candidateIndexFor` keeps each home's lines by term
 * and, on the next save, reads again only the lines between the old and new text's common start and
 * common end (at 10,000 memories, scanning every line was about 45 ms of a save's 85 ms of CPU
 * through `mnemo serve`, load 13).
 *
 * Index-shaped lines outside the index section only add a candidate, which is read from memories/
 * and compared like any other.
 */
import { MEMORIES_DIR } from "../../rules/home-layout.js";
import { parseIndexLine } from "../memdir/memory-index.js";
import { parseMemoryFileName } from "../memdir/memory-name.js";
import { CandidateIndex, type CandidateLine } from "./candidate-index.js";
import { plainTerms } from "./plain-terms.js";

/** Lines remembered at most; past this the memory starts again from the lines of the text at hand. */
const MAX_REMEMBERED = 50_000;
let remembered = new Map<string, CandidateLine | false>();

export function candidateLines(memoryText: string): CandidateLine[] {
  return linesBetween(memoryText, 0, memoryText.length).lines;
}

/** The line's reading, remembered under its text. */
function lineOf(line: string): CandidateLine | false {
  // Stryker disable next-line EqualityOperator,ConditionalExpression: memory only (one line more remembered, or never starting again).
  if (remembered.size > MAX_REMEMBERED) remembered = new Map();
  let known = remembered.get(line);
  if (known === undefined) {
    known = readLine(line);
    remembered.set(line, known);
  }
  return known;
}

function readLine(line: string): CandidateLine | false {
  const parsed = parseIndexLine(line);
  if (parsed === undefined || !parsed.path.startsWith(`${MEMORIES_DIR}/`)) return false;
  return {
    path: parsed.path,
    type: parseMemoryFileName(parsed.path)?.type,
    terms: plainTerms(`${parsed.title}\n${parsed.summary}`),
  };
}

/** A MEMORY.md text as last indexed: where each of its candidate lines starts, and their index. */
interface IndexedText {
  text: string;
  starts: number[];
  lines: CandidateLine[];
  index: CandidateIndex;
}

const indexedTexts = new WeakMap<object, IndexedText>();

/**
 * The candidate index of a MEMORY.md text, kept per `owner` (a home's store) and brought up to date
 * from the text it last saw: a save changes a line or two of 10,000, so only the lines between the
 * two texts' common start and common end are read again. The index is the owner's, changed by its
 * next call: use it before the next await.
 */
export function candidateIndexFor(owner: object, memoryText: string): CandidateIndex {
  const last = indexedTexts.get(owner);
  const next = last === undefined ? indexText(memoryText) : reindexText(last, memoryText);
  indexedTexts.set(owner, next);
  return next.index;
}

function indexText(text: string): IndexedText {
  const { starts, lines } = linesBetween(text, 0, text.length);
  return { text, starts, lines, index: CandidateIndex.of(lines) };
}

function reindexText(last: IndexedText, text: string): IndexedText {
  const old = last.text;
  // Stryker disable next-line ConditionalExpression: a fast path; the same text's changed lines are none, or its last line read again.
  if (old === text) return last;
  const { from, oldTo, newTo } = changedLines(old, text);
  const first = firstAtOrAfter(last.starts, from);
  const end = firstAtOrAfter(last.starts, oldTo);
  for (const line of last.lines.slice(first, end)) last.index.remove(line);
  const added = linesBetween(text, from, newTo);
  for (const line of added.lines) last.index.add(line);
  const shift = text.length - old.length;
  return {
    text,
    starts: [
      ...last.starts.slice(0, first),
      ...added.starts,
      ...last.starts.slice(end).map((start) => start + shift),
    ],
    lines: [...last.lines.slice(0, first), ...added.lines, ...last.lines.slice(end)],
    index: last.index,
  };
}

/** The candidate lines starting in [from, to) of the text (from is a line's start). */
function linesBetween(text: string, from: number, to: number): { starts: number[]; lines: CandidateLine[] } {
  const starts: number[] = [];
  const lines: CandidateLine[] = [];
  for (let start = from; start < to; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline + 1;
    const line = lineOf(text.slice(start, end));
    if (line !== false) {
      starts.push(start);
      lines.push(line);
    }
    start = end;
  }
  return { starts, lines };
}

/**
 * The whole lines that differ: both texts are equal before `from` and from `oldTo` (old) and
 * `newTo` (new) to their ends, each a line's start.
 */
export function changedLines(old: string, text: string): { from: number; oldTo: number; newTo: number } {
  const shortest = Math.min(old.length, text.length);
  const prefix = commonLength(
    shortest,
    (offset, length) => old.slice(offset, offset + length) === text.slice(offset, offset + length),
  );
  // The common start ends at a line's start: after its last newline.
  const from = prefix === 0 ? 0 : text.lastIndexOf("\n", prefix - 1) + 1;
  const suffix = commonLength(
    shortest - from,
    (offset, length) =>
      old.slice(old.length - offset - length, old.length - offset) ===
      text.slice(text.length - offset - length, text.length - offset),
  );
  // The common end starts at a line's start: after its first newline (so a newline in both texts).
  const newline = text.indexOf("\n", text.length - suffix);
  const newTo = newline === -1 ? text.length : newline + 1;
  return { from, oldTo: old.length - (text.length - newTo), newTo };
}

/** How long a common run is, up to `most`, compared a block at a time, then a character at a time. */
export function commonLength(most: number, equal: (offset: number, length: number) => boolean): number {
  const BLOCK = 4096;
  let length = 0;
  while (length + BLOCK <= most && equal(length, BLOCK)) length += BLOCK;
  while (length < most && equal(length, 1)) length += 1;
  return length;
}

/** The first position of `starts` (ascending) holding a value >= at. */
function firstAtOrAfter(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}
