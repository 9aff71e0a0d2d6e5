/**
 * Retrieval metrics over one ranked list (best first) and its gold set, as in LongMemEval:
 * R_all@k (every gold item in the top k), R_any@k (at least one), recall@k (the share of the gold
 * items in the top k: partial credit), NDCG@k with binary gains, and the reciprocal rank of the
 * first gold item.
 */
export interface QueryMetrics {
  recallAll: Record<number, number>;
  recallAny: Record<number, number>;
  recall: Record<number, number>;
  ndcg: Record<number, number>;
  reciprocalRank: number;
}

export function queryMetrics(ranked: string[], gold: string[], ks: number[]): QueryMetrics {
  const goldSet = new Set(gold);
  const recallAll: Record<number, number> = {};
  const recallAny: Record<number, number> = {};
  const recall: Record<number, number> = {};
  const ndcg: Record<number, number> = {};
  for (const k of ks) {
    const top = ranked.slice(0, k);
    const found = top.filter((id) => goldSet.has(id)).length;
    recallAll[k] = found === goldSet.size ? 1 : 0;
    recallAny[k] = found > 0 ? 1 : 0;
    recall[k] = found / goldSet.size;
    ndcg[k] = ndcgAt(top, goldSet, k);
  }
  const firstGold = ranked.findIndex((id) => goldSet.has(id));
  return { recallAll, recallAny, recall, ndcg, reciprocalRank: firstGold === -1 ? 0 : 1 / (firstGold + 1) };
}

function ndcgAt(top: string[], gold: Set<string>, k: number): number {
  const dcg = top.reduce((sum, id, rank) => sum + (gold.has(id) ? 1 / Math.log2(rank + 2) : 0), 0);
  let ideal = 0;
  for (let rank = 0; rank < Math.min(gold.size, k); rank++) ideal += 1 / Math.log2(rank + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export interface MetricsSummary {
  queries: number;
  recallAll: Record<number, number>;
  recallAny: Record<number, number>;
  /** recall@k with partial credit: the mean share of each query's gold found in its top k. */
  recall: Record<number, number>;
  ndcg: Record<number, number>;
  mrr: number;
}

export function summarizeMetrics(all: QueryMetrics[], ks: number[]): MetricsSummary {
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  const perK = (pick: (metrics: QueryMetrics) => Record<number, number>) =>
    Object.fromEntries(ks.map((k) => [k, mean(all.map((metrics) => pick(metrics)[k] ?? 0))]));
  return {
    queries: all.length,
    recallAll: perK((metrics) => metrics.recallAll),
    recallAny: perK((metrics) => metrics.recallAny),
    recall: perK((metrics) => metrics.recall),
    ndcg: perK((metrics) => metrics.ndcg),
    mrr: mean(all.map((metrics) => metrics.reciprocalRank)),
  };
}

/** The p-th percentile (0-100) by nearest rank; 0 for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
