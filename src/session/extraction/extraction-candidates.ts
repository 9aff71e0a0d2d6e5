import { MEMORY_TARGET } from "../../engine/config/schema.js";
import { validateMemoryName } from "../../engine/memdir/memory-name.js";
import type { MemoryType } from "../../engine/memdir/memory-types.js";
import { MnemoError } from "../../errors.js";
import { MEMORY_PATH, topicPath } from "../../rules/home-layout.js";
import type { ExtractionAnswer } from "./extraction-schema.js";

/**
 * The model's answer made safe to write: names validated (no path escapes), categories mapped to
 * configured ones, lengths checked. Whatever cannot be written is refused with a reason, never
 * silently dropped, and one bad item never costs the others.
 */
export interface MemoryCandidate {
  type: MemoryType;
  name: string;
  description: string;
  body: string;
  /** The name of an existing memory this one replaces. */
  supersedes: string | undefined;
}

export interface EntryCandidate {
  category: string;
  text: string;
  /** The journal file the category is routed to (MEMORY.md or topics/<topic>.md). */
  path: string;
}

export interface SkippedItem {
  kind: "memory" | "entry" | "summary";
  /** The memory's name, or the start of the entry or summary. */
  label: string;
  reason: string;
}

export interface Candidates {
  memories: MemoryCandidate[];
  entries: EntryCandidate[];
  /** One line; "" when there is none. */
  summary: string;
  refused: SkippedItem[];
  /** What was changed on the way in (a category mapped, a description or summary cut). */
  notes: string[];
}

export const EXTRACTION_LIMITS = {
  bodyCharacters: 4000,
  entryCharacters: 2000,
  descriptionCharacters: 300,
  summaryCharacters: 400,
} as const;

const FALLBACK_CATEGORY = "general";

export function prepareCandidates(answer: ExtractionAnswer, categories: Record<string, string>): Candidates {
  const result: Candidates = { memories: [], entries: [], summary: "", refused: [], notes: [] };
  for (const memory of answer.memories) {
    const prepared = prepareMemory(memory, result.notes);
    if ("reason" in prepared) result.refused.push(prepared);
    else result.memories.push(prepared);
  }
  for (const entry of answer.entries) {
    const prepared = prepareEntry(entry, categories, result.notes);
    if ("reason" in prepared) result.refused.push(prepared);
    else result.entries.push(prepared);
  }
  result.summary = cut(
    oneLine(answer.summary),
    EXTRACTION_LIMITS.summaryCharacters,
    "the summary",
    result.notes,
  );
  return result;
}

function prepareMemory(
  memory: ExtractionAnswer["memories"][number],
  notes: string[],
): MemoryCandidate | SkippedItem {
  const refuse = (reason: string): SkippedItem => ({ kind: "memory", label: memory.name, reason });
  let name: string;
  try {
    name = validateMemoryName(memory.name);
  } catch (error) {
    if (MnemoError.isInstance(error)) return refuse(error.message);
    throw error;
  }
  const body = memory.body.replace(/\r\n?/g, "\n").trim();
  if (body === "") return refuse("the memory has no body");
  if (body.length > EXTRACTION_LIMITS.bodyCharacters) {
    return refuse(
      `the body is ${body.length} characters; an extracted memory holds one fact, rule or pointer in at most ${EXTRACTION_LIMITS.bodyCharacters}`,
    );
  }
  const what = `the description of "${name}"`;
  const description = cut(oneLine(memory.description), EXTRACTION_LIMITS.descriptionCharacters, what, notes);
  return { type: memory.type, name, description, body, supersedes: validSupersedes(memory, name, notes) };
}

function validSupersedes(
  memory: ExtractionAnswer["memories"][number],
  name: string,
  notes: string[],
): string | undefined {
  const target = memory.supersedes?.trim() ?? "";
  if (target === "") return undefined;
  try {
    return validateMemoryName(target.replace(/^memories\//, "").replace(/\.md$/, ""));
  } catch (error) {
    if (!MnemoError.isInstance(error)) throw error;
    notes.push(`"${name}" names an invalid memory to supersede (${error.message}); saved as a new memory`);
    return undefined;
  }
}

function prepareEntry(
  entry: ExtractionAnswer["entries"][number],
  categories: Record<string, string>,
  notes: string[],
): EntryCandidate | SkippedItem {
  const text = entry.text.replace(/\r\n?/g, "\n").trim();
  const refuse = (reason: string): SkippedItem => ({ kind: "entry", label: labelOf(text), reason });
  if (text === "") return refuse("the entry is empty");
  if (text.length > EXTRACTION_LIMITS.entryCharacters) {
    return refuse(
      `the entry is ${text.length} characters; a journal entry is a short note of at most ${EXTRACTION_LIMITS.entryCharacters}`,
    );
  }
  let category = entry.category.trim().toLowerCase();
  if (categories[category] === undefined) {
    if (categories[FALLBACK_CATEGORY] === undefined) {
      return refuse(
        `category "${entry.category}" is not configured (categories: ${Object.keys(categories).join(", ")})`,
      );
    }
    notes.push(`entry category "${entry.category}" is not configured; recorded as ${FALLBACK_CATEGORY}`);
    category = FALLBACK_CATEGORY;
  }
  const target = categories[category] as string;
  return { category, text, path: target === MEMORY_TARGET ? MEMORY_PATH : topicPath(target) };
}

export function labelOf(text: string): string {
  const line = oneLine(text);
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function cut(text: string, limit: number, what: string, notes: string[]): string {
  const characters = [...text];
  if (characters.length <= limit) return text;
  notes.push(`${what} was ${characters.length} characters; cut to ${limit}`);
  return `${characters
    .slice(0, limit - 1)
    .join("")
    .trimEnd()}…`;
}
