import { normalizeInPlace } from "./vector-math.js";
import type { WordVectorTable } from "./wink-vectors-file.js";

/**
 * A sentence vector from word vectors, as pure functions:
 * - tokens: lower-cased runs of letters and digits ("Don't!" gives "don", "t");
 * - "sif" weights (Arora et al., ICLR 2017, "A simple but tough-to-beat baseline for sentence
 *   embeddings"): a word weighs a / (a + p(word)), so "the" or "have" count far less than
 *   "kitten"; p is estimated from the word's frequency rank by Zipf's law, p(rank r) = 1 / (r H(N)),
 *   and a = 0.0001 (measured better than 0.001 on LongMemEval, docs/embeddings.md);
 * - "mean": every known word weighs 1.
 * Unknown words are skipped. The result has length 1, or is the zero vector when no word is known.
 */
export type WordWeighting = "sif" | "mean";

const SIF_SMOOTHING = 1e-4;
const EULER_GAMMA = 0.5772156649;

export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Weight of each word by its 0-based frequency rank, for a vocabulary of `size` words. */
export function sifWeights(size: number): Float32Array {
  const harmonic = Math.log(size) + EULER_GAMMA;
  return Float32Array.from({ length: size }, (_, rank) => {
    const probability = 1 / ((rank + 1) * harmonic);
    return SIF_SMOOTHING / (SIF_SMOOTHING + probability);
  });
}

/** `weights`: one per row (from sifWeights), or undefined for a plain mean. */
export function averageWordVector(
  text: string,
  table: WordVectorTable,
  weights: Float32Array | undefined,
): Float32Array {
  const { dimensions, vectors } = table;
  const sum = new Float32Array(dimensions);
  for (const token of wordTokens(text)) {
    const row = table.rowOf.get(token);
    if (row === undefined) continue;
    const weight = weights ? (weights[row] ?? 0) : 1;
    const offset = row * dimensions;
    for (let position = 0; position < dimensions; position++) {
      sum[position] = (sum[position] ?? 0) + weight * (vectors[offset + position] ?? 0);
    }
  }
  return normalizeInPlace(sum);
}
