import { splitLinesKeepEnds, stripLineEnd } from "../markdown/lines.js";

/**
 * The index of typed memories in MEMORY.md's `## Memories` section, one line per memory (seed 001):
 *
 *     - [Prefers tabs](memories/feedback_prefers-tabs.md) — Indent with tabs in every project
 *
 * Lines that are not index lines (a person's note) are kept where they are.
 */
export interface IndexLine {
  title: string;
  path: string;
  summary: string;
}

const INDEX_LINE = /^[-*] \[(.*)\]\(([^()\s]+)\)(?:\s+[—-]+\s+(.*))?\s*$/;
const MAX_INDEX_LINE = 150;

export function parseIndexLine(line: string): IndexLine | undefined {
  const match = INDEX_LINE.exec(stripLineEnd(line));
  if (!match) return undefined;
  return { title: match[1] ?? "", path: match[2] ?? "", summary: (match[3] ?? "").trim() };
}

export function formatIndexLine(entry: IndexLine): string {
  const title = oneLine(entry.title).replace(/[[\]]/g, (bracket) => (bracket === "[" ? "(" : ")"));
  const head = `- [${title}](${entry.path})`;
  const summary = oneLine(entry.summary);
  if (summary === "") return head;
  const room = MAX_INDEX_LINE - head.length - 3;
  const cut = summary.length > room ? `${summary.slice(0, Math.max(room - 1, 20)).trimEnd()}…` : summary;
  return `${head} — ${cut}`;
}

export function indexLinesOf(sectionBody: string): IndexLine[] {
  return splitLinesKeepEnds(sectionBody).flatMap((line) => {
    const parsed = parseIndexLine(line);
    return parsed ? [parsed] : [];
  });
}

/**
 * Puts the line that points at `entry.path` first among the index lines (dropping any older line for
 * the same path): the index is kept newest first, so the head of MEMORY.md, which seed 000 loads, and
 * the context's share of the index (fit-context.ts) hold the newest memories.
 */
export function upsertIndexLine(sectionBody: string, entry: IndexLine): string {
  const formatted = `${formatIndexLine(entry)}\n`;
  // String searches and concatenation, no copy: in a home of 2,000 memories the body is ~500 kB in
  // memory, and each whole copy of it (a split and join, a join of the pieces, a search that
  // flattens a concatenation) cost a save 1–3 ms; MEMORY.md's serialization copies it once.
  // Only the lines holding the path can point at it.
  const dropped = linesPointingAt(sectionBody, entry.path);
  const pieces: string[] = [];
  let copiedUpTo = 0;
  let placed = false;
  for (let start = 0; start < sectionBody.length && !placed; ) {
    const newline = sectionBody.indexOf("\n", start);
    const end = newline === -1 ? sectionBody.length : newline + 1;
    const droppedHere = dropped.has(start);
    if (!droppedHere && parseIndexLine(sectionBody.slice(start, end)) !== undefined) {
      pieces.push(sectionBody.slice(copiedUpTo, start), formatted);
      copiedUpTo = start;
      placed = true;
    } else if (droppedHere) {
      pieces.push(sectionBody.slice(copiedUpTo, start));
      copiedUpTo = end;
    }
    start = end;
  }
  if (!placed) return appendLine(concatenated(pieces) + sectionBody.slice(copiedUpTo), formatted);
  for (const [start, end] of dropped) {
    if (start < copiedUpTo) continue;
    pieces.push(sectionBody.slice(copiedUpTo, start));
    copiedUpTo = end;
  }
  pieces.push(sectionBody.slice(copiedUpTo));
  return concatenated(pieces);
}

/** The pieces as one string by `+`, which links them (a rope) where `join` would copy them. */
function concatenated(pieces: readonly string[]): string {
  let text = "";
  for (const piece of pieces) text += piece;
  return text;
}

/** Where each index line whose link is `path` starts, and where it ends (other lines holding the text are kept). */
function linesPointingAt(body: string, path: string): Map<number, number> {
  const lines = new Map<number, number>();
  // An index line's link is never empty, and an empty search would find it everywhere.
  if (path === "") return lines;
  for (let hit = body.indexOf(path); hit !== -1; ) {
    const start = body.lastIndexOf("\n", hit) + 1;
    const newline = body.indexOf("\n", hit);
    const end = newline === -1 ? body.length : newline + 1;
    if (parseIndexLine(body.slice(start, end))?.path === path) lines.set(start, end);
    hit = body.indexOf(path, end);
  }
  return lines;
}

export function removeIndexLines(sectionBody: string, paths: string[]): string {
  if (paths.length === 0) return sectionBody;
  const removed = new Set(paths);
  return splitLinesKeepEnds(sectionBody)
    .filter((line) => {
      const parsed = parseIndexLine(line);
      return !parsed || !removed.has(parsed.path);
    })
    .join("");
}

/**
 * A batch of saves in one pass: each entry's line first among the index lines, the last saved
 * first (an entry saved twice keeps its last line); the same index lines as upserting them one by
 * one (only a blank line may differ, where the batch replaces every line the index had).
 */
export function upsertIndexLines(sectionBody: string, entries: IndexLine[]): string {
  const newest = new Map<string, IndexLine>();
  for (const entry of [...entries].reverse()) if (!newest.has(entry.path)) newest.set(entry.path, entry);
  if (newest.size === 0) return sectionBody;
  const formatted = [...newest.values()].map((entry) => `${formatIndexLine(entry)}\n`);
  const kept = splitLinesKeepEnds(sectionBody).filter(
    (line) => !newest.has(parseIndexLine(line)?.path ?? ""),
  );
  const firstIndexLine = kept.findIndex((line) => parseIndexLine(line) !== undefined);
  if (firstIndexLine === -1) return appendLine(kept.join(""), formatted.join(""));
  return [...kept.slice(0, firstIndexLine), ...formatted, ...kept.slice(firstIndexLine)].join("");
}

/** Adds a line after the last non-blank line, keeping the blank line that ends the section. */
function appendLine(body: string, line: string): string {
  const content = body.replace(/\s+$/, "");
  return content === "" ? `${line}\n` : `${content}\n${line}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
