/**
 * The deterministic decision of a save's consolidation (issue 30, point 3): given the new memory
 * and the existing memories that may be about the same thing, what the save does. Pure.
 *
 * 1. A memory with the same name (any type) is the one the save addresses: the same text leaves
 *    it `unchanged`, anything else `updated` (an edit in place, as it always was).
 * 2. Otherwise, among memories of the same type: one that says the same → `unchanged`; one the new
 *    memory contradicts, then one it refines → `updated` (the closest subject first).
 * 3. Otherwise `added`, naming the memories with other values on a related subject as
 *    possible conflicts, for the caller to look at.
 */
import { memoryNameKey } from "../memdir/memory-name.js";
import type { MemoryType } from "../memdir/memory-types.js";
import type { PossibleConflict } from "../memdir/save-types.js";
import { type ComparedMemory, type Comparison, compareMemories } from "./compare-memories.js";
import { memoryWords } from "./memory-words.js";
import { plainTerms } from "./plain-terms.js";

export interface IncomingMemory {
  type: MemoryType;
  name: string;
  content: string;
  /** Its index line's summary, if given ("" or undefined: kept): a same-named save may change only that. */
  description?: string;
}

/** An existing memory a save is compared with. */
export interface ExistingMemory {
  path: string;
  name: string;
  type: MemoryType;
  description: string;
  body: string;
  /** Who wrote it last (its frontmatter's agent). */
  agent?: string;
}

export type ConsolidationDecision =
  | { action: "added"; possibleConflicts: PossibleConflict[] }
  | {
      action: "unchanged" | "updated";
      /** The existing memory the save leaves as it is, or writes its text into. */
      memory: ExistingMemory;
      reason: string;
      possibleConflicts: PossibleConflict[];
    };

export function decideByRules(
  incoming: IncomingMemory,
  existing: readonly ExistingMemory[],
): ConsolidationDecision {
  const next = compared(incoming.content, incoming.name);
  const sameName = existing.find((memory) => memoryNameKey(memory.name) === memoryNameKey(incoming.name));
  if (sameName) {
    // A save under a memory's own name is an edit: only the very same text leaves it unchanged.
    const same =
      sameName.type === incoming.type &&
      memoryWords(sameName.body).hash === next.words.hash &&
      (!incoming.description || incoming.description === sameName.description);
    return same
      ? {
          action: "unchanged",
          memory: sameName,
          reason: `"${sameName.name}" already says this`,
          possibleConflicts: [],
        }
      : {
          action: "updated",
          memory: sameName,
          reason: `a new version of "${sameName.name}"`,
          possibleConflicts: [],
        };
  }
  const compareds = existing
    .filter((memory) => memory.type === incoming.type)
    .map((memory) => ({ memory, comparison: compareMemories(next, compared(memory.body, memory.name)) }))
    .sort((first, second) => second.comparison.overlap - first.comparison.overlap);
  const find = (relation: Comparison["relation"]) =>
    compareds.find((each) => each.comparison.relation === relation);
  const same = find("same");
  if (same)
    return {
      action: "unchanged",
      memory: same.memory,
      reason: sameReason(same.memory, same.comparison),
      possibleConflicts: [],
    };
  const target = find("contradicts") ?? find("refines");
  const possibleConflicts = compareds
    .filter((each) => each !== target && ["contradicts", "may-conflict"].includes(each.comparison.relation))
    .map(({ memory, comparison }) => ({ name: memory.name, path: memory.path, reason: comparison.reason }));
  if (!target) return { action: "added", possibleConflicts };
  const verb = target.comparison.relation === "refines" ? "refines" : "contradicts";
  return {
    action: "updated",
    memory: target.memory,
    reason: `${verb} "${target.memory.name}" (${target.comparison.reason})`,
    possibleConflicts,
  };
}

function sameReason(memory: ExistingMemory, comparison: Comparison): string {
  return `says what "${memory.name}" already says (${comparison.reason})`;
}

function compared(text: string, name: string): ComparedMemory {
  return { words: memoryWords(text), nameWords: plainTerms(name) };
}
