import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { coverAspects } from "./aspect-coverage.js";

const hit = (id: number, score: number) => ({ id, score });

describe("coverAspects", () => {
  // Ids 1–6 are about the thermostat, scored highest; 7 is the only one about the router.
  const hits = [hit(1, 1), hit(2, 0.95), hit(3, 0.9), hit(4, 0.85), hit(5, 0.8), hit(6, 0.75), hit(7, 0.7)];
  const thermostat = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, 1 - id / 20]));
  const router = new Map([[7, 1]]);

  test("brings the best result about each aspect to the top", () => {
    const order = coverAspects(hits, [thermostat, router], { weight: 0.5, depth: 30 }).map((h) => h.id);
    expect(order.slice(0, 2)).toEqual([1, 7]);
    expect(order).toHaveLength(7);
  });

  test("weight 0, one aspect, or none: the order stands", () => {
    const ids = hits.map((h) => h.id);
    expect(coverAspects(hits, [thermostat, router], { weight: 0, depth: 30 }).map((h) => h.id)).toEqual(ids);
    expect(coverAspects(hits, [thermostat], { weight: 0.5, depth: 30 }).map((h) => h.id)).toEqual(ids);
  });

  test("only the best `depth` are reordered; the rest keep their places", () => {
    const order = coverAspects(hits, [thermostat, router], { weight: 0.9, depth: 3 }).map((h) => h.id);
    expect(order.slice(3)).toEqual([4, 5, 6, 7]);
  });

  test("keeps every hit once, whatever the scores and relevance", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(50), { minLength: 0, maxLength: 40 }),
        fc.array(fc.dictionary(fc.nat(50).map(String), fc.double({ min: -1, max: 2, noNaN: true })), {
          maxLength: 4,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        (ids, relevance, weight, depth) => {
          const ranked = ids.map((id, at) => hit(id, 1 / (at + 1)));
          const maps = relevance.map(
            (record) => new Map(Object.entries(record).map(([k, v]) => [Number(k), v])),
          );
          const order = coverAspects(ranked, maps, { weight, depth }).map((h) => h.id);
          expect([...order].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        },
      ),
    );
  });
});
