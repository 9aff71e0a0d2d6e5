/**
 * LongMemEval's retrieval metrics over a ranking (ids, best first) and a gold set. NDCG uses binary
 * gains and LongMemEval's DCG (rank 1 and rank 2 both weigh 1, rank i > 1 weighs 1 / log2(i)).
 */
export function recallAll(ranked: string[], gold: Set<string>, k: number): number {
  const top = new Set(ranked.slice(0, k));
  for (const id of gold) if (!top.has(id)) return 0;
  return 1;
}

export function recallAny(ranked: string[], gold: Set<string>, k: number): number {
  return ranked.slice(0, k).some((id) => gold.has(id)) ? 1 : 0;
}

export function ndcg(ranked: string[], gold: Set<string>, k: number): number {
  const gains = ranked.slice(0, k).map((id) => (gold.has(id) ? 1 : 0));
  const ideal = Array.from({ length: Math.min(k, gold.size) }, () => 1);
  const idealDcg = dcg(ideal);
  return idealDcg === 0 ? 0 : dcg(gains) / idealDcg;
}

function dcg(gains: number[]): number {
  return gains.reduce((sum, gain, index) => sum + (index === 0 ? gain : gain / Math.log2(index + 1)), 0);
}
