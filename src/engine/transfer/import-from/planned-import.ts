/**
 * What an importer of another tool's memory plans (docs/import-from.md): each format's mapper reads
 * its files into planned saves, typed memories or profile sections, each with its original date and
 * its source, and lists what it leaves out with the reason. Mappers are pure: they get the files'
 * text and modification time, and throw a MALFORMED_FILE error naming the file and the place for
 * input they cannot read, before anything is saved.
 */
import { MnemoError } from "../../../errors.js";
import { redactSecrets } from "../../guard/scan-secrets.js";
import { memoryNameKey } from "../../memdir/memory-name.js";
import type { MemoryType } from "../../memdir/memory-types.js";
import type { ProfileFile } from "../../profile/profile-files.js";

/** A file of the input as a mapper sees it. */
export interface SourceFile {
  /** Absolute path, written into each memory's `source`. */
  path: string;
  text: string;
  /** The date of what it holds when the format itself has none. */
  modifiedAt: Date;
}

export interface PlannedMemory {
  kind: "memory";
  type: MemoryType;
  name: string;
  description?: string;
  content: string;
  /** ISO 8601 time the memory holds from (its `validFrom`): the original date. */
  date: string;
  /** Where it came from: `mem0:<id>`, or a file path (with `#<section>` for a part of a file). */
  source: string;
  /** More frontmatter from the format (mem0 categories, cursor globs); keys are lower_snake. */
  frontmatter?: Record<string, string>;
}

export interface PlannedSection {
  kind: "section";
  file: Exclude<ProfileFile, "daily">;
  section: string;
  text: string;
  source: string;
  /** Saved instead when the section cannot fit the file's budget. */
  fallback: PlannedMemory;
}

export type PlannedItem = PlannedMemory | PlannedSection;

export interface SkippedItem {
  source: string;
  reason: string;
}

export interface ImportPlan {
  items: PlannedItem[];
  skipped: SkippedItem[];
}

/** The error for input a mapper cannot read: the file, the place in it, and what to do. */
export function malformedInput(file: string, place: string | undefined, problem: string): MnemoError {
  const where = place === undefined ? file : `${file}, ${place}`;
  return new MnemoError(
    "MALFORMED_FILE",
    `Cannot import ${where}: ${problem}. Fix the file (or export it again) and import again; nothing was imported.`,
  );
}

const NAME_LENGTH = 80;

/**
 * A memory name from a title or a sentence: one line, no path separators or "..", at most 80
 * characters cut at a word, a credential in it as `[REDACTED:<kind>]` (a save never stores a name
 * holding one, even redacted; the text itself still meets the guard). The result still needs a
 * letter or digit, which the save checks.
 */
export function memoryNameFrom(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a name holds no control characters
  const oneLine = redactSecrets(text).text.replace(/[\u0000-\u001f\u007f]+/g, " ");
  const line = oneLine
    .replace(/[/\\]/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/\s+/g, " ")
    .trim();
  if (line.length <= NAME_LENGTH) return line;
  const cut = line.slice(0, NAME_LENGTH);
  const space = cut.lastIndexOf(" ");
  return (space > NAME_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:-]+$/, "");
}

/**
 * Memories of one import that would share a name get " (2)", " (3)" in input order: a save under a
 * name is an edit of that memory, so two memories of one name would leave only the last.
 */
export function withDistinctNames(items: PlannedItem[]): PlannedItem[] {
  const taken = new Set<string>();
  return items.map((item) => {
    if (item.kind !== "memory") return item;
    let name = item.name;
    for (let count = 2; taken.has(memoryNameKey(name)); count++) name = `${item.name} (${count})`;
    taken.add(memoryNameKey(name));
    return name === item.name ? item : { ...item, name };
  });
}

/** A date of the input as an ISO time, or the error naming where it is. */
export function isoDate(value: unknown, file: string, place: string): string {
  // A time without a zone (Letta writes them so) is read as UTC, not as this machine's local time.
  const text =
    typeof value === "string" ? value.trim().replace(/T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/, "$&Z") : "";
  const time = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time))
    throw malformedInput(
      file,
      place,
      `${JSON.stringify(value)} is not a date (ISO 8601, such as 2024-07-20T10:30:00Z)`,
    );
  return new Date(time).toISOString();
}

/** The first line with text, without Markdown list or heading marks, for an index line. */
export function firstLineOf(text: string): string {
  const line = text.split("\n").find((each) => each.trim() !== "") ?? "";
  return line
    .replace(/^\s*(?:[-*+]|\d+\.|#+)\s+/, "")
    .trim()
    .slice(0, 300);
}
