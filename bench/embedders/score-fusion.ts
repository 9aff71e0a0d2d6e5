/**
 * Ways to combine one question's BM25 scores and dense (cosine) scores into a ranking of document
 * indexes, best first. Like the engine (src/engine/search/rank-chunks.ts), each list contributes only its
 * best `pool` candidates; documents in neither pool follow in BM25 order.
 */
export type Fusion =
  | { method: "rrf"; k: number }
  | { method: "weighted"; normalise: "max" | "min-max"; textWeight: number };

export const POOL = 50;

/** Document indexes by descending score; ties keep document order. */
export function rankByScore(scores: number[]): number[] {
  return scores.map((_, index) => index).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
}

export function fuse(textScores: number[], denseScores: number[], fusion: Fusion): number[] {
  const textRanking = rankByScore(textScores);
  const textPool = textRanking.slice(0, POOL).filter((index) => (textScores[index] ?? 0) > 0);
  const densePool = rankByScore(denseScores).slice(0, POOL);
  const fused = new Map<number, number>();
  if (fusion.method === "rrf") {
    for (const pool of [textPool, densePool]) {
      for (const [rank, index] of pool.entries())
        fused.set(index, (fused.get(index) ?? 0) + 1 / (fusion.k + rank + 1));
    }
  } else {
    const textPart = normaliser(
      textPool.map((index) => textScores[index] ?? 0),
      fusion.normalise,
    );
    const densePart = normaliser(
      densePool.map((index) => denseScores[index] ?? 0),
      fusion.normalise,
    );
    for (const index of [...textPool, ...densePool]) fused.set(index, 0);
    for (const index of textPool) {
      fused.set(index, (fused.get(index) ?? 0) + fusion.textWeight * textPart(textScores[index] ?? 0));
    }
    for (const index of densePool) {
      fused.set(
        index,
        (fused.get(index) ?? 0) + (1 - fusion.textWeight) * densePart(denseScores[index] ?? 0),
      );
    }
  }
  const ranked = [...fused.keys()].sort((a, b) => (fused.get(b) ?? 0) - (fused.get(a) ?? 0) || a - b);
  const rest = textRanking.filter((index) => !fused.has(index));
  return [...ranked, ...rest];
}

/** "max": score / best (negatives clamped to 0), as src/engine/search/fusion.ts; "min-max": (score - worst) / (best - worst). */
function normaliser(scores: number[], kind: "max" | "min-max"): (score: number) => number {
  const best = Math.max(0, ...scores);
  if (kind === "max") return (score) => (best > 0 ? Math.max(0, score) / best : 0);
  const worst = Math.min(...scores);
  return (score) => (best > worst ? (score - worst) / (best - worst) : 0);
}

export function fusionName(fusion: Fusion): string {
  return fusion.method === "rrf" ? `rrf k=${fusion.k}` : `${fusion.normalise} w_bm25=${fusion.textWeight}`;
}
