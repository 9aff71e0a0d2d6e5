/**
 * Query-aspect coverage (xQuAD, Santos, Macdonald and Ounis 2010) with the aspects the query names
 * itself (query-aspects.ts): "Which did I set up first, the thermostat or the router?" needs the
 * memory about each. One ranking tends to fill its top with the memories about the most
 * distinctive aspect; here each pick of the best `depth` is chosen by
 *
 *   (1 − weight) × its score (as a share of the best) + weight × what it adds to aspects not yet covered,
 *
 * where an aspect's coverage is its relevance to a pick (0 to 1) and what stays uncovered is the
 * product of (1 − relevance) over the picks so far. The result is a reordering: every hit is kept.
 * Pure.
 */

export interface AspectCoverageOptions {
  /** 0: the ranking as it is; 1: coverage alone. */
  weight: number;
  /** How many of the best are reordered; the rest keep their places after them. */
  depth: number;
}

/**
 * `relevance[a]` maps a hit's id to its relevance to aspect a, from 0 to 1 (absent: 0). Hits come
 * best first; so do the ones returned.
 */
export function coverAspects<Hit extends { id: number; score: number }>(
  hits: readonly Hit[],
  relevance: ReadonlyArray<ReadonlyMap<number, number>>,
  options: AspectCoverageOptions,
): Hit[] {
  if (relevance.length < 2 || options.weight <= 0 || hits.length < 2) return [...hits];
  const pool = hits.slice(0, options.depth);
  const top = Math.max(...pool.map((hit) => hit.score));
  const uncovered = relevance.map(() => 1);
  const picked: Hit[] = [];
  while (pool.length > 0) {
    let bestAt = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    pool.forEach((hit, at) => {
      const value =
        (1 - options.weight) * (top > 0 ? hit.score / top : 0) +
        options.weight * coverageGain(hit.id, relevance, uncovered);
      if (value > bestValue) [bestValue, bestAt] = [value, at];
    });
    const [chosen] = pool.splice(bestAt, 1) as [Hit];
    picked.push(chosen);
    relevance.forEach((scores, a) => {
      uncovered[a] = (uncovered[a] as number) * (1 - clamp(scores.get(chosen.id) ?? 0));
    });
  }
  return [...picked, ...hits.slice(options.depth)];
}

/** What a hit adds to the aspects still uncovered, each aspect counting equally. */
function coverageGain(
  id: number,
  relevance: ReadonlyArray<ReadonlyMap<number, number>>,
  uncovered: number[],
): number {
  let gain = 0;
  relevance.forEach((scores, a) => {
    gain += clamp(scores.get(id) ?? 0) * (uncovered[a] as number);
  });
  return gain / relevance.length;
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}
