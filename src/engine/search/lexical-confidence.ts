import type { TermCounts } from "../../contracts/search-index.js";

/**
 * How far the best BM25 score goes towards what a chunk holding every query term once would score:
 * the sum of the terms' inverse document frequencies (FTS5's, `log((N - n + 0.5) / (n + 0.5))`).
 * A query whose rare words the best chunk holds gets 1; one matched only on a common word, or
 * whose words the home never uses (a paraphrase), gets little, and its lexical evidence counts for
 * that little in fusion. In [0, 1]; 1 when the counts are unknown. Pure.
 *
 * Measured on LongMemEval (docs/retrieval.md): with it, BM25 and vectors can weigh the same (0.5)
 * where the fixed weight had to be 0.3; session R_all@5 0.940 -> 0.950, turn (first 115
 * questions) 0.765 -> 0.791 together with feedback from distinct documents.
 */
export function lexicalConfidence(bestTextScore: number, counts: TermCounts | undefined): number {
  if (!counts) return 1;
  if (!(bestTextScore > 0) || counts.holding.size === 0) return 0;
  const attainable = attainableTextScore(counts);
  return attainable > 0 ? Math.min(1, bestTextScore / attainable) : 1;
}

/** What a chunk holding every query term once scores: the sum of the terms' IDFs (0 when none is held). */
export function attainableTextScore(counts: TermCounts): number {
  let attainable = 0;
  for (const holding of counts.holding.values())
    attainable += inverseDocumentFrequency(holding, counts.chunks);
  return attainable;
}

function inverseDocumentFrequency(holding: number, chunks: number): number {
  return Math.max(1e-6, Math.log((chunks - holding + 0.5) / (holding + 0.5)));
}
