import { createHash } from "node:crypto";

/**
 * How extraction and consolidation decide that two texts say the same thing: an exact match after normalising case,
 * white space and punctuation (compared by hash), or a word-set overlap (Jaccard) at or above a
 * threshold. Scripts written without spaces (Chinese, Japanese) count each character as a word.
 */
export function normalizeForComparison(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** SHA-256 of the normalised text: equal for texts that differ only in case, spacing and punctuation. */
export function comparisonHash(text: string): string {
  return createHash("sha256").update(normalizeForComparison(text)).digest("hex");
}

const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu;

export function wordSet(text: string): Set<string> {
  return new Set(normalizeForComparison(text).match(WORD) ?? []);
}

/** |a ∩ b| / |a ∪ b|, in [0, 1]; 0 when both are empty (nothing to compare is not a duplicate). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: with one set empty the division below gives 0 as well; the guard only keeps 0 / 0 from being NaN
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}
