import {
  comparisonHash,
  jaccard,
  normalizeForComparison,
  wordSet,
} from "../../engine/consolidation/text-similarity.js";
import { filePathIn, memoryNameKey, memoryPath } from "../../engine/memdir/memory-name.js";
import type { MemoryType } from "../../engine/memdir/memory-types.js";
import type { Scope } from "../../engine/scopes/scope-names.js";
import type { EntryCandidate, MemoryCandidate } from "./extraction-candidates.js";

/**
 * Decides, for each extracted memory and journal entry, whether it is written or skipped, and which
 * existing memories a written one supersedes. In this order:
 *
 * 1. exact duplicate (same text after normalising case, white space and punctuation) of an existing
 *    memory's body or description, or of a journal entry: skipped;
 * 2. a memory named in `supersedes`, or with the same name as the candidate: written, and the old
 *    one superseded (a correction such as "Thursday" -> "Friday" overlaps a lot, so this comes before
 *    the similarity check);
 * 3. near duplicate (word-set Jaccard >= `duplicateSimilarity`): skipped;
 * 4. otherwise written as new.
 *
 * Entries are compared with memories and with the entries of their own journal file. Each written
 * candidate joins the existing ones, so a batch never writes the same thing twice.
 */
export interface ExistingMemory {
  path: string;
  name: string;
  type: MemoryType;
  description: string;
  body: string;
  /** On a stack, the layer it is kept in: a label for the extraction prompt. */
  scope?: Scope;
}

export interface ExistingEntry {
  /** The journal file it is in. */
  path: string;
  content: string;
}

export type MemoryDecision =
  | { action: "write"; candidate: MemoryCandidate; replaces: ExistingMemory[] }
  | { action: "skip"; candidate: MemoryCandidate; reason: string };

export type EntryDecision =
  | { action: "write"; candidate: EntryCandidate }
  | { action: "skip"; candidate: EntryCandidate; reason: string };

export interface ReconcileInput {
  memories: MemoryCandidate[];
  entries: EntryCandidate[];
  existingMemories: ExistingMemory[];
  existingEntries: ExistingEntry[];
  duplicateSimilarity: number;
}

export interface Reconciliation {
  memories: MemoryDecision[];
  entries: EntryDecision[];
  notes: string[];
}

interface Comparable {
  label: string;
  hash: string;
  words: Set<string>;
  /** For entries: the journal file, so entries are compared within their own topic. */
  journal?: string;
}

export function reconcile(input: ReconcileInput): Reconciliation {
  const threshold = input.duplicateSimilarity;
  const notes: string[] = [];
  let known = [...input.existingMemories];
  const memoryTexts = known.flatMap(memoryComparables);
  const entryTexts = input.existingEntries.flatMap((entry) =>
    comparables(entry.content, `an entry in ${entry.path}`, entry.path),
  );
  const memories = input.memories.map((candidate): MemoryDecision => {
    const pool = [...memoryTexts, ...entryTexts];
    const exact = findExact(candidate.body, pool);
    if (exact) return { action: "skip", candidate, reason: `exact duplicate of ${exact.label}` };
    const replaces = replacedMemories(candidate, known, notes);
    const near = replaces.length === 0 ? findNear(candidate.body, pool, threshold) : undefined;
    if (near) return { action: "skip", candidate, reason: near };
    // The file it will most likely take: a label only, the saved path is known once it is written.
    const written = { ...candidate, path: memoryPath(candidate.type, candidate.name) };
    known = [...known.filter((memory) => !replaces.includes(memory)), written];
    memoryTexts.push(...comparables(candidate.body, `"${candidate.name}" from this session`));
    return { action: "write", candidate, replaces };
  });
  const entries = input.entries.map((candidate): EntryDecision => {
    const pool = [...memoryTexts, ...entryTexts.filter((text) => text.journal === candidate.path)];
    const exact = findExact(candidate.text, pool);
    if (exact) return { action: "skip", candidate, reason: `exact duplicate of ${exact.label}` };
    const near = findNear(candidate.text, pool, threshold);
    if (near) return { action: "skip", candidate, reason: near };
    entryTexts.push(...comparables(candidate.text, `an entry from this session`, candidate.path));
    return { action: "write", candidate };
  });
  return { memories, entries, notes };
}

/** Whether a text (a session summary) is new against the texts already there; the reason when not. */
export function duplicateReason(text: string, existing: string[], threshold: number): string | undefined {
  const pool = existing.flatMap((each) => comparables(each, `"${each}"`));
  const exact = findExact(text, pool);
  return exact ? `exact duplicate of ${exact.label}` : findNear(text, pool, threshold);
}

function replacedMemories(
  candidate: MemoryCandidate,
  known: ExistingMemory[],
  notes: string[],
): ExistingMemory[] {
  const sameName = known.filter((memory) => memoryNameKey(memory.name) === memoryNameKey(candidate.name));
  if (candidate.supersedes === undefined) return sameName;
  const target = candidate.supersedes;
  const named = known.filter((memory) => namesMemory(target, memory));
  if (named.length === 0)
    notes.push(
      `"${candidate.name}" supersedes "${candidate.supersedes}", which does not exist; saved as new`,
    );
  return [...new Set([...named, ...sameName])];
}

/** Whether a name given in `supersedes` names this memory: by its name, or by its file name. */
export function namesMemory(target: string, memory: ExistingMemory): boolean {
  return memoryNameKey(memory.name) === memoryNameKey(target) || memory.path === filePathIn(target)?.path;
}

function memoryComparables(memory: ExistingMemory): Comparable[] {
  return [
    ...comparables(memory.body, memory.path),
    ...comparables(memory.description, `the description of ${memory.path}`),
  ];
}

function comparables(text: string, label: string, journal?: string): Comparable[] {
  if (normalizeForComparison(text) === "") return [];
  return [{ label, hash: comparisonHash(text), words: wordSet(text), journal }];
}

function findExact(text: string, pool: Comparable[]): Comparable | undefined {
  if (normalizeForComparison(text) === "") return undefined;
  const hash = comparisonHash(text);
  return pool.find((each) => each.hash === hash);
}

function findNear(text: string, pool: Comparable[], threshold: number): string | undefined {
  const words = wordSet(text);
  let best: { similarity: number; label: string } | undefined;
  for (const each of pool) {
    const similarity = jaccard(words, each.words);
    if (similarity > 0 && similarity >= threshold && similarity > (best?.similarity ?? 0))
      best = { similarity, label: each.label };
  }
  return best
    ? `near duplicate of ${best.label} (word overlap ${best.similarity.toFixed(2)} >= ${threshold})`
    : undefined;
}
