/**
 * How a new memory relates to one existing memory of its type (issue 30, point 3), from their words
 * (memory-words.ts): pure, and the same whichever order the home lists its memories in.
 *
 * - same: the same text, the same facts with at most one subject word more or less on one side, or
 *   nothing the existing memory does not already say → the save is `unchanged`;
 * - refines: everything the existing memory says, and more → `updated`;
 * - contradicts: the same subject with other values or facts ("lives in Porto" → "lives in
 *   Lisbon", "at 9:30" → "at 10:00", "is approved" → "was not approved"), or the same words with one
 *   swapped ("double quotes" → "single quotes") → `updated`; unless the names differ by a number
 *   ("Invoice 113", "Invoice 114"): two things, each with its values, named as a possible conflict;
 * - may-conflict: other facts on a subject that overlaps less → `added`, the existing one named;
 * - unrelated.
 */
import { porterStem } from "../../rules/porter-stemmer.js";
import type { MemoryWords } from "./memory-words.js";

export type MemoryRelation = "same" | "refines" | "contradicts" | "may-conflict" | "unrelated";

export interface Comparison {
  relation: MemoryRelation;
  /** Shared subject words over all subject words of the two (Jaccard), in [0, 1]. */
  overlap: number;
  /** Why, for a person: "the same text", "the same facts in nearly the same words", ... */
  reason: string;
}

export interface ComparedMemory {
  words: MemoryWords;
  /** The stemmed words of the memory's name. */
  nameWords: ReadonlySet<string>;
}

/** Subject overlap at or above which other values on it are a contradiction. */
export const CONTRADICTION_OVERLAP = 2 / 3;
/** Subject overlap at or above which other values are named as a possible conflict. */
export const CONFLICT_OVERLAP = 0.5;

/**
 * Verbs that say nothing of what a memory is about: two memories sharing only one of them are
 * about different things ("Uses RAII" for C++, "Uses LINQ" for C#; "Has a cat", "Has a garden").
 */
const GENERIC_STEMS: ReadonlySet<string> = new Set(
  [
    "use",
    "uses",
    "using",
    "have",
    "has",
    "like",
    "likes",
    "want",
    "wants",
    "need",
    "needs",
    "get",
    "gets",
    "make",
    "makes",
    "do",
    "does",
  ].map(porterStem),
);

export function compareMemories(incoming: ComparedMemory, existing: ComparedMemory): Comparison {
  if (incoming.words.hash === existing.words.hash)
    return { relation: "same", overlap: 1, reason: "the same text" };
  const next = asNamedIn(incoming.words, existing.words);
  const old = asNamedIn(existing.words, next);
  const shared = countShared(next.subject, old.subject);
  const added = next.subject.size - shared;
  const dropped = old.subject.size - shared;
  const overlap = shared === 0 ? 0 : shared / (shared + added + dropped);
  const result = (relation: MemoryRelation, reason: string): Comparison => ({ relation, overlap, reason });
  if (shared === 0) return result("unrelated", "no subject word in common");
  const newFactsKnown = factsWithin(next, old);
  const oldFactsKept = factsWithin(old, next);
  // A negation added or removed changes what is said, whatever else is kept.
  const sameNegations = next.negations.join() === old.negations.join();
  if (newFactsKnown && oldFactsKept && Math.min(added, dropped) === 0 && Math.max(added, dropped) <= 1)
    return result("same", "the same facts in nearly the same words");
  if (newFactsKnown && sameNegations && added === 0 && next.subject.size + next.values.size >= 2)
    return result("same", "nothing it does not already say");
  const sharedName = countShared(incoming.nameWords, existing.nameWords) > 0;
  if (
    oldFactsKept &&
    sameNegations &&
    dropped === 0 &&
    (old.subject.size + old.values.size >= 2 || sharedName)
  )
    return result("refines", "everything it says, and more");
  const sameFacts = newFactsKnown && oldFactsKept;
  // "Use RAII" and "Use LINQ" share only a verb that says nothing of the subject: named, not replaced.
  const onlyGeneric = [...next.subject].every((word) => !old.subject.has(word) || GENERIC_STEMS.has(word));
  if (onlyGeneric)
    return !sameFacts && sharedName
      ? result("may-conflict", "other values, sharing only a common verb")
      : result("unrelated", "only a common verb in common");
  const contradiction =
    (!sameFacts && overlap >= CONTRADICTION_OVERLAP && "the same subject with other values") ||
    (sameFacts && added === 1 && dropped === 1 && shared >= 2 && "the same words with one of them changed");
  if (contradiction)
    // "Invoice 113" and "Invoice 114", "Q3 goals" and "Q4 goals": names that differ by a number
    // name two things, so other values are not one fact that changed.
    return namesToldApartByNumber(incoming.nameWords, existing.nameWords)
      ? result("may-conflict", "other values, under names that differ by a number")
      : result("contradicts", contradiction);
  if (!sameFacts && (overlap >= CONFLICT_OVERLAP || sharedName))
    return result("may-conflict", "other values on a related subject");
  return result("unrelated", "another subject");
}

/** Both names hold a number (a word with a digit), and not the same ones. */
function namesToldApartByNumber(first: ReadonlySet<string>, second: ReadonlySet<string>): boolean {
  const numbers = (words: ReadonlySet<string>) =>
    [...words]
      .filter((word) => /\d/u.test(word))
      .sort()
      .join(" ");
  const [one, other] = [numbers(first), numbers(second)];
  return one !== "" && other !== "" && one !== other;
}

/** `words` with each capitalised first word that `other` writes as a value counted as a value too. */
function asNamedIn(words: MemoryWords, other: MemoryWords): MemoryWords {
  const named = [...words.capitalisedAtStart].filter(([, word]) => other.values.has(word));
  if (named.length === 0) return words;
  const subject = new Set(words.subject);
  const values = new Set(words.values);
  for (const [stem, word] of named) {
    subject.delete(stem);
    values.add(word);
  }
  return { ...words, subject, values };
}

/** Every number, date, negation and value of `first` is also in `second` (as many times). */
function factsWithin(first: MemoryWords, second: MemoryWords): boolean {
  return (
    multisetWithin(first.numbers, second.numbers) &&
    multisetWithin(first.dates, second.dates) &&
    multisetWithin(first.negations, second.negations) &&
    countShared(first.values, second.values) === first.values.size
  );
}

function multisetWithin(first: readonly string[], second: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const each of second) left.set(each, (left.get(each) ?? 0) + 1);
  for (const each of first) {
    const count = left.get(each) ?? 0;
    if (count === 0) return false;
    left.set(each, count - 1);
  }
  return true;
}

function countShared(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  let shared = 0;
  for (const each of first) if (second.has(each)) shared++;
  return shared;
}
