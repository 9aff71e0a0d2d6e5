import { characterCount } from "../markdown/lines.js";
import type { CutReason, Taken, Unit } from "./take-units.js";

/**
 * The one notice line that names what the session context left out, why (the token budget, a
 * file's character budget, MEMORY.md's line cap, the index's caps) and the tool that reaches it:
 *
 *     [Not shown, to keep memory within 2500 tokens: 971 older memories (memory_list, memory_search).
 *     Not shown, past MEMORY.md's cap of 200 lines: 12 older journal entries of MEMORY.md
 *     (memory_read_topic with topic "MEMORY" and offset 19).]
 *
 * and a bound on its length, so the fitter can keep room for it before it knows what is cut. Pure.
 */
export type LayerName = "soul" | "user" | "notes" | "index" | "journal" | "recent";

export interface NoticeLimits {
  budgetTokens: number;
  characters: { soul: number; user: number; notes: number; recent: number };
  maxNotesLines: number;
  maxIndexLines: number;
  maxIndexBytes: number;
}

const FILES = { soul: "SOUL.md", user: "USER.md", notes: "MEMORY.md", recent: "the daily logs" } as const;

export function reasonPhrase(layer: LayerName, reason: CutReason, limits: NoticeLimits): string {
  switch (reason) {
    case "tokens":
      return `to keep memory within ${limits.budgetTokens} tokens`;
    case "characters": {
      const file = layer === "soul" || layer === "user" || layer === "notes" ? layer : "recent";
      return `past the ${limits.characters[file]}-character budget of ${FILES[file]}`;
    }
    case "memory-lines":
      return `past MEMORY.md's cap of ${limits.maxNotesLines} lines`;
    case "index-lines":
      return `past the index's cap of ${limits.maxIndexLines} lines`;
    case "index-bytes":
      return `past the index's cap of ${limits.maxIndexBytes} bytes`;
  }
}

/**
 * What is left out of a layer, with the tool that reaches it; `shown`/`total` count characters,
 * `left` units (for the journal, `shown` and `left` count its entries).
 */
export function leftOutText(
  layer: LayerName,
  counts: { shown: number; total: number; left: number },
): string {
  const { shown, total, left } = counts;
  switch (layer) {
    case "soul":
      return `SOUL.md after ${shown} of ${total} characters (memory_read soul)`;
    case "user":
      return `USER.md after ${shown} of ${total} characters (memory_read user)`;
    case "notes":
      return `the notes of MEMORY.md after ${shown} of ${total} characters (memory_read memory)`;
    case "index":
      return `${left} older memories (memory_list, memory_search)`;
    case "journal":
      // memory_read_topic pages newest first: the first entry left out is at the offset of those shown.
      if (left === 0) return "the start of MEMORY.md's ## Journal (memory_read memory, section Journal)";
      return `${left} older journal entries of MEMORY.md (memory_read_topic with topic "MEMORY" and offset ${shown})`;
    case "recent":
      return `${left} earlier lines of the daily logs (memory_search)`;
  }
}

export interface LeftOutPart {
  text: string;
  reason: string;
}

/**
 * What a taken layer leaves out, or undefined when it is whole. `journalEntries` says, newest first,
 * which of the journal's units are entries (the others are text between them).
 */
export function leftOutPart(
  layer: LayerName,
  taken: Taken,
  limits: NoticeLimits,
  journalEntries: boolean[] = [],
): LeftOutPart | undefined {
  if (taken.stoppedBy === undefined) return undefined;
  const total = layerCharacters(taken.units);
  const shownUnits = taken.units.length - taken.left;
  const counts =
    layer === "journal"
      ? {
          shown: journalEntries.slice(0, shownUnits).filter(Boolean).length,
          total,
          left: journalEntries.slice(shownUnits).filter(Boolean).length,
        }
      : { shown: Math.min(taken.shownCharacters, total), total, left: taken.left };
  const text = leftOutText(layer, counts);
  return { text, reason: reasonPhrase(layer, taken.stoppedBy, limits) };
}

/** One sentence per reason, in the order the parts come; undefined when nothing was left out. */
export function describeLeftOut(parts: LeftOutPart[]): string | undefined {
  if (parts.length === 0) return undefined;
  const byReason = new Map<string, string[]>();
  for (const part of parts) byReason.set(part.reason, [...(byReason.get(part.reason) ?? []), part.text]);
  const sentences = [...byReason].map(([reason, texts]) => `Not shown, ${reason}: ${texts.join("; ")}.`);
  return `[${sentences.join(" ")}]`;
}

/**
 * Bytes the notice can take at most when the given layers are cut, each by one of the reasons it
 * could be cut for, with its largest numbers (a count shown is never more than the total): the
 * layers' parts, and a sentence for every reason in the assignment of reasons that has the most.
 */
export function longestNoticeBytes(
  layers: Array<{ layer: LayerName; units: Unit[]; reasons: CutReason[] }>,
  limits: NoticeLimits,
): number {
  if (layers.length === 0) return 0;
  let bytes = "[]".length;
  for (const { layer, units } of layers) {
    const total = layerCharacters(units);
    // The journal counts both shown and left in entries, at most its units; or names the journal's start.
    const shown = layer === "journal" ? units.length : total;
    const longest = Math.max(
      Buffer.byteLength(leftOutText(layer, { shown, total, left: units.length })),
      Buffer.byteLength(leftOutText(layer, { shown, total, left: 0 })),
    );
    bytes += longest + "; ".length;
  }
  // A sentence's last part ends with "." instead of "; ", and sentences are joined by one space.
  const sentence = (layer: LayerName, reason: CutReason) =>
    Buffer.byteLength(`Not shown, ${reasonPhrase(layer, reason, limits)}: . `) - "; ".length;
  // At most 3 reasons for each of 6 layers: every assignment is tried.
  const most = (index: number, used: Map<string, number>): number => {
    const entry = layers[index];
    if (entry === undefined) return [...used.values()].reduce((sum, each) => sum + each, 0);
    return Math.max(
      ...entry.reasons.map((reason) => {
        const phrase = reasonPhrase(entry.layer, reason, limits);
        if (used.has(phrase)) return most(index + 1, used);
        return most(index + 1, new Map([...used, [phrase, sentence(entry.layer, reason)]]));
      }),
    );
  };
  return bytes + most(0, new Map()) - " ".length;
}

/** A layer's characters as a person counts them: its text without the blank lines around it. */
function layerCharacters(units: Unit[]): number {
  return characterCount(
    units
      .map((unit) => unit.text)
      .join("")
      .trim(),
  );
}
