/**
 * How relevant one hit is on its own evidence, comparable across queries and homes: recall's
 * fused score is scaled by each query's best (the first hit of any query scores high, even when
 * nothing in the home is about it), so a floor cannot be set on it. Pure.
 *
 * - coverage: how far the hit's BM25 score goes towards what a chunk holding every query term
 *   once would score (the sum of the terms' IDFs, as lexical-confidence.ts), capped at 1;
 * - cosine: its vector's cosine with the query's own vector (before feedback moves the query
 *   towards the best hits, which would make the best hits of an unrelated query look related).
 *
 * relevance = textWeight · coverage + (1 − textWeight) · cosine, the weighted fusion's mix with
 * fixed scales instead of the query's best; without vectors, coverage alone.
 */
import type { TermCounts } from "../../contracts/search-index.js";
import { attainableTextScore } from "./lexical-confidence.js";

export function textCoverage(textScore: number | undefined, counts: TermCounts | undefined): number {
  if (!(textScore !== undefined && textScore > 0) || !counts) return 0;
  const attainable = attainableTextScore(counts);
  return attainable > 0 ? Math.min(1, textScore / attainable) : 0;
}

export function hitRelevance(
  evidence: { coverage: number; cosine: number | undefined },
  textWeight: number,
): number {
  if (evidence.cosine === undefined) return evidence.coverage;
  return textWeight * evidence.coverage + (1 - textWeight) * Math.max(0, evidence.cosine);
}
