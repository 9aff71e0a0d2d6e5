/**
 * Hybrid ranking as pure functions: BM25 and vector candidates (each best first) fused into one
 * list. Every candidate of either list appears exactly once in the result.
 *
 * - "weighted": each list's scores scaled to [0, 1] by its best score (BM25 has no fixed range;
 *   cosine similarity is clamped at 0), then `textWeight * confidence * bm25 + (1 - textWeight) *
 *   vector`, where `confidence` (lexical-confidence.ts, 1 by default) says how much of the query
 *   the best BM25 score covers: lexical evidence counts as much as the query's words were found.
 * - "rrf": reciprocal rank fusion, `sum 1 / (k + rank)`; ignores score sizes entirely.
 */
export interface Candidate {
  id: number;
  score: number;
}

export interface FusedCandidate {
  id: number;
  score: number;
  textScore: number | undefined;
  vectorScore: number | undefined;
}

export type FusionOptions = { method: "weighted"; textWeight: number } | { method: "rrf"; k: number };

export function fuseCandidates(
  text: Candidate[],
  vector: Candidate[],
  options: FusionOptions,
  lexicalConfidence = 1,
): FusedCandidate[] {
  const fused = new Map<number, FusedCandidate>();
  const entry = (id: number) => {
    let existing = fused.get(id);
    if (!existing) {
      existing = { id, score: 0, textScore: undefined, vectorScore: undefined };
      fused.set(id, existing);
    }
    return existing;
  };
  for (const candidate of text) entry(candidate.id).textScore = candidate.score;
  for (const candidate of vector) entry(candidate.id).vectorScore = candidate.score;
  if (options.method === "rrf") {
    text.forEach((candidate, rank) => {
      entry(candidate.id).score += 1 / (options.k + rank + 1);
    });
    vector.forEach((candidate, rank) => {
      entry(candidate.id).score += 1 / (options.k + rank + 1);
    });
  } else {
    const textTop = Math.max(0, ...text.map((candidate) => candidate.score));
    const vectorTop = Math.max(0, ...vector.map((candidate) => candidate.score));
    for (const candidate of fused.values()) {
      const textPart = textTop > 0 ? Math.max(0, candidate.textScore ?? 0) / textTop : 0;
      const vectorPart = vectorTop > 0 ? Math.max(0, candidate.vectorScore ?? 0) / vectorTop : 0;
      candidate.score =
        options.textWeight * lexicalConfidence * textPart + (1 - options.textWeight) * vectorPart;
    }
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.id - b.id);
}

/** Multiplies scores by a recency factor in [1, 1 + weight]: halves its bonus every `halfLifeDays`. */
export function recencyBoost(
  score: number,
  ageDays: number | undefined,
  options: { weight: number; halfLifeDays: number },
): number {
  if (ageDays === undefined || options.weight <= 0) return score;
  return score * (1 + options.weight * 0.5 ** (Math.max(0, ageDays) / options.halfLifeDays));
}
