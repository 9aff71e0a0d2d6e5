/**
 * Seed 003's known_chapters: the chapters of the documents the agent has already seen (from the
 * tables of contents it fetched and the chapters its search hits and pages named), so the prompt can
 * say where things are without another get_toc. Pure: reading titles from a TOC, adding to the list.
 */
import { asRecord, pickString } from "./tool-result-fields.js";
import { singleLine, truncateText } from "./truncate-text.js";

/** The list keeps the newest this many chapters. */
export const MAX_KNOWN_CHAPTERS = 50;
const MAX_CHAPTER_CHARACTERS = 200;
/** Where a TOC keeps its top-level entries, bare or under one of these keys. */
const ENTRY_LIST_KEYS = ["chapters", "toc", "sections", "entries", "items", "children", "contents"];
const TITLE_KEYS = ["title", "name", "heading", "chapter", "text"];
/** Where a search hit or a page names its chapter. */
export const CHAPTER_KEYS = ["chapter", "chapter_title", "chapter_name"];

/** The top-level titles of a table of contents (strings, or entries with a title), at most MAX_KNOWN_CHAPTERS. */
export function chapterTitles(toc: unknown): string[] {
  return topLevelEntries(toc)
    .map((entry) => (typeof entry === "string" ? entry : pickString(entry, TITLE_KEYS)))
    .filter((title): title is string => title !== undefined && title.trim() !== "")
    .slice(0, MAX_KNOWN_CHAPTERS);
}

function topLevelEntries(toc: unknown, depth = 0): readonly unknown[] {
  if (Array.isArray(toc)) return toc;
  const record = asRecord(toc);
  if (record === undefined || depth > 1) return [];
  for (const key of ENTRY_LIST_KEYS) {
    const entries = topLevelEntries(record[key], depth + 1);
    if (entries.length > 0) return entries;
  }
  return [];
}

/** The chapter a search hit or a page names, if any. */
export function chapterOf(value: unknown): string | undefined {
  return pickString(value, CHAPTER_KEYS);
}

/**
 * The list after seeing more chapters: each on one line and cut, blank ones and ones already known
 * left out, the oldest dropped past MAX_KNOWN_CHAPTERS. Pure: the input list is not changed.
 */
export function addChapters(known: readonly string[], chapters: readonly unknown[]): string[] {
  const next = [...known];
  for (const chapter of chapters) {
    if (typeof chapter !== "string") continue;
    const title = truncateText(singleLine(chapter), MAX_CHAPTER_CHARACTERS);
    if (title !== "" && !next.includes(title)) next.push(title);
  }
  return next.slice(Math.max(0, next.length - MAX_KNOWN_CHAPTERS));
}
