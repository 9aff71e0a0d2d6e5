import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { percentile, queryMetrics, summarizeMetrics } from "./retrieval-metrics.js";

const ids = fc.uniqueArray(fc.stringMatching(/^[a-e][0-9]$/), { minLength: 1, maxLength: 15 });

describe("retrieval metrics", () => {
  test.prop([ids, ids, fc.integer({ min: 1, max: 20 })], { numRuns: 300 })(
    "stay within [0, 1] and are consistent with each other",
    (ranked, gold, k) => {
      const metrics = queryMetrics(ranked, gold, [k]);
      for (const value of [
        metrics.recallAll[k],
        metrics.recallAny[k],
        metrics.ndcg[k],
        metrics.reciprocalRank,
      ]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1 + 1e-12);
      }
      expect(metrics.recallAll[k] ?? 0).toBeLessThanOrEqual(metrics.recall[k] ?? 0);
      expect(metrics.recall[k] ?? 0).toBeLessThanOrEqual(metrics.recallAny[k] ?? 0);
      if (metrics.recallAny[k] === 0) expect(metrics.ndcg[k]).toBe(0);
    },
  );

  test.prop([ids], { numRuns: 200 })("a perfect ranking scores 1 everywhere", (gold) => {
    const metrics = queryMetrics([...gold, "zz"], gold, [gold.length]);
    expect(metrics.recallAll[gold.length]).toBe(1);
    expect(metrics.ndcg[gold.length]).toBeCloseTo(1, 10);
    expect(metrics.reciprocalRank).toBe(1);
  });

  test("known values", () => {
    const metrics = queryMetrics(["x", "a", "y", "b"], ["a", "b"], [2, 4]);
    expect(metrics.recallAll).toEqual({ 2: 0, 4: 1 });
    expect(metrics.recallAny).toEqual({ 2: 1, 4: 1 });
    expect(metrics.recall).toEqual({ 2: 0.5, 4: 1 });
    expect(metrics.ndcg[4]).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(5)) / (1 + 1 / Math.log2(3)), 10);
    expect(metrics.reciprocalRank).toBe(0.5);
    expect(summarizeMetrics([metrics, queryMetrics([], ["a"], [2, 4])], [2, 4]).recallAll).toEqual({
      2: 0,
      4: 0.5,
    });
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
  });
});
