import { characterCount } from "../markdown/lines.js";
import { allocateBudget } from "./context-budget.js";

/**
 * Chooses what of each memory layer goes into the frozen context, within one token budget
 * (context-budget.ts) and the line caps of seeds 000 and 001. Inside a layer the newest and most
 * important come first: the start of SOUL.md, USER.md and the notes (identity first), the newest
 * index lines (the index is kept newest first), the newest journal entries and daily lines. What
 * is left out is named in one notice line that says how to reach it. Pure.
 */
export interface ContextLayers {
  soul: string;
  user: string;
  /** MEMORY.md without its managed sections: the agent's own notes. */
  notes: string;
  /** Index lines of typed memories, newest first. */
  index: string[];
  /** MEMORY.md's journal as blocks, oldest first: entries, and text that is not an entry. */
  journal: Array<{ raw: string; entry: boolean }>;
  /** The recent daily logs, oldest first. */
  dailies: Array<{ path: string; text: string }>;
}

export interface ContextLimits {
  budgetTokens: number;
  /** Seed 002's character budgets: a hand-edited file over its budget is cut for the prompt too. */
  characters: { soul: number; user: number; notes: number; recent: number };
  /** Seed 000: lines of MEMORY.md in the context at most. */
  maxNotesLines: number;
  /** Seed 001: index lines and bytes in the context at most. */
  maxIndexLines: number;
  maxIndexBytes: number;
}

export interface FittedContext {
  soul: string;
  user: string;
  /** The <agent-notes> block: notes, then `## Memories` and `## Journal` as far as they fit, then the notice. */
  notes: string;
  recent: string;
  /** The notice naming what was left out, or undefined when everything fits. */
  leftOut: string | undefined;
}

/** Shares of the budget when every layer is full, after seed 002's per-file character budgets. */
const WEIGHTS = { soul: 2000, user: 1400, notes: 2200, index: 2500, journal: 1000, recent: 2000 };
/** Tags, headings and the notice line, kept out of the layers' shares so the whole block stays in budget. */
const RESERVED_TOKENS = 120;
const INDEX_HEADING = "## Memories";
const JOURNAL_HEADING = "## Journal";

export function fitContext(layers: ContextLayers, limits: ContextLimits): FittedContext {
  const units = {
    soul: lines(layers.soul),
    user: lines(layers.user),
    notes: lines(layers.notes),
    index: layers.index.map((line) => `${line.trimEnd()}\n`),
    journal: [...layers.journal].reverse().map((block) => `${block.raw.trimEnd()}\n\n`),
    // Newest day first, newest line first; each day ends with a blank line so days stay apart.
    recent: [...layers.dailies]
      .reverse()
      .flatMap((daily) => [...lines(`${daily.text.trim()}\n`, true)].reverse()),
  };
  const budget = allocateBudget(
    limits.budgetTokens - RESERVED_TOKENS,
    (Object.keys(units) as Array<keyof typeof units>).map((name) => ({
      name,
      weight: WEIGHTS[name],
      wanted: Math.ceil(units[name].reduce((bytes, unit) => bytes + Buffer.byteLength(unit, "utf8"), 0) / 4),
    })),
  );
  const bytesOf = (name: keyof typeof units) => (budget.get(name) ?? 0) * 4;
  const { characters } = limits;
  const soul = takeWhileFits(units.soul, { bytes: bytesOf("soul"), characters: characters.soul });
  const user = takeWhileFits(units.user, { bytes: bytesOf("user"), characters: characters.user });
  const notes = takeWhileFits(units.notes, {
    bytes: bytesOf("notes"),
    characters: characters.notes,
    lines: limits.maxNotesLines,
  });
  const linesLeft = () => limits.maxNotesLines - notes.kept.length - 2 * 2;
  const index = takeWhileFits(units.index, {
    bytes: Math.min(bytesOf("index"), limits.maxIndexBytes),
    lines: Math.min(limits.maxIndexLines, Math.max(0, linesLeft())),
  });
  const journal = takeWhileFits(units.journal, {
    bytes: bytesOf("journal"),
    lines: Math.max(0, linesLeft() - index.kept.length),
  });
  const recent = takeWhileFits(units.recent, { bytes: bytesOf("recent"), characters: characters.recent });
  const leftOut = describeLeftOut(limits.budgetTokens, [
    cutNote("SOUL.md", soul, "memory_read soul"),
    cutNote("USER.md", user, "memory_read user"),
    cutNote("the notes of MEMORY.md", notes, "memory_read memory"),
    index.left > 0 ? `${index.left} older memories (memory_list, memory_search)` : undefined,
    journalNote(layers.journal, journal),
    recent.left > 0 ? `${recent.left} earlier lines of the daily logs (memory_search)` : undefined,
  ]);
  const notesBlock = [
    notes.kept.join("").trim(),
    section(INDEX_HEADING, index.kept.join("")),
    section(JOURNAL_HEADING, [...journal.kept].reverse().join("")),
    leftOut ?? "",
  ];
  return {
    soul: soul.kept.join(""),
    user: user.kept.join(""),
    notes: notesBlock.filter((part) => part.trim() !== "").join("\n\n"),
    recent: [...recent.kept].reverse().join(""),
    leftOut,
  };
}

interface Taken {
  units: string[];
  kept: string[];
  /** How many units did not fit. */
  left: number;
}

/** The units in priority order until the first that does not fit: never an older one in place of a newer. */
function takeWhileFits(
  units: string[],
  limit: { bytes: number; characters?: number; lines?: number },
): Taken {
  const kept: string[] = [];
  const used = { bytes: 0, characters: 0, lines: 0 };
  for (const unit of units) {
    const next = {
      bytes: used.bytes + Buffer.byteLength(unit, "utf8"),
      characters: used.characters + characterCount(unit),
      lines: used.lines + lineEnds(unit),
    };
    const over =
      next.bytes > limit.bytes ||
      next.characters > (limit.characters ?? Number.POSITIVE_INFINITY) ||
      next.lines > (limit.lines ?? Number.POSITIVE_INFINITY);
    if (over) break;
    kept.push(unit);
    Object.assign(used, next);
  }
  return { units, kept, left: units.length - kept.length };
}

function lineEnds(text: string): number {
  let count = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) count++;
  return count;
}

/** "USER.md after 400 of 1,234 characters (memory_read user)", or undefined when the file is whole. */
function cutNote(file: string, taken: Taken, tool: string): string | undefined {
  if (taken.left === 0) return undefined;
  const total = characterCount(taken.units.join("").trim());
  const shown = characterCount(taken.kept.join("").trimStart());
  return `${file} after ${shown} of ${total} characters (${tool})`;
}

/**
 * The journal entries left out, and the memory_read_topic call that reads them: its pages run
 * newest first, so the first entry left out is at the offset of the entries shown.
 */
function journalNote(blocks: ContextLayers["journal"], taken: Taken): string | undefined {
  if (taken.left === 0) return undefined;
  const newestFirst = [...blocks].reverse();
  const shown = newestFirst.slice(0, taken.kept.length).filter((block) => block.entry).length;
  const left = newestFirst.slice(taken.kept.length).filter((block) => block.entry).length;
  if (left === 0) return "the start of MEMORY.md's ## Journal (memory_read memory, section Journal)";
  return `${left} older journal entries of MEMORY.md (memory_read_topic with topic "MEMORY" and offset ${shown})`;
}

function describeLeftOut(budgetTokens: number, parts: Array<string | undefined>): string | undefined {
  const named = parts.filter((part): part is string => part !== undefined);
  if (named.length === 0) return undefined;
  return `[Not shown, to keep memory within ${budgetTokens} tokens: ${named.join("; ")}.]`;
}

function section(heading: string, body: string): string {
  return body.trim() === "" ? "" : `${heading}\n${body.trimEnd()}`;
}

/** Lines with their line ends, so units join cleanly; `keepBlankEnd` keeps one blank line at the end. */
function lines(text: string, keepBlankEnd = false): string[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  const result = trimmed.split("\n").map((line) => `${line}\n`);
  if (keepBlankEnd) result[result.length - 1] += "\n";
  return result;
}
