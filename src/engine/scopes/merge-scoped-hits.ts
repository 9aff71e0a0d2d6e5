import type { RankedHit } from "../search/ranked-hit.js";
import type { Scope } from "./scope-names.js";

/** A recall hit with the layer of the stack it came from. */
export interface ScopedHit extends RankedHit {
  scope: Scope;
}

/**
 * One ranking across the layers of a stack. Each home's `score` is relative to that home's best
 * hit (1 for the top of every layer), so it cannot order hits of two homes; `relevance` reads each
 * hit on its own evidence, on one scale for every query and home (hit-relevance.ts), and orders
 * the union. Ties keep the nearer layer first, then each layer's own order. The result is exactly
 * the union of the inputs, cut to `limit`. Pure.
 */
export function mergeScopedHits(
  layers: ReadonlyArray<{ scope: Scope; hits: readonly RankedHit[] }>,
  limit: number,
): ScopedHit[] {
  const all = layers.flatMap((layer, layerRank) =>
    layer.hits.map((hit, hitRank) => ({ hit: { ...hit, scope: layer.scope }, layerRank, hitRank })),
  );
  all.sort(
    (a, b) =>
      b.hit.relevance - a.hit.relevance ||
      b.hit.score - a.hit.score ||
      a.layerRank - b.layerRank ||
      a.hitRank - b.hitRank,
  );
  return all.slice(0, Math.max(0, limit)).map((each) => each.hit);
}
