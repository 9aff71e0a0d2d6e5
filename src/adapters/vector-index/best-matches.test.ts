import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { bestMatches } from "./best-matches.js";

/** Distinct ids with scores drawn from few values, so that ties at the cut are common. */
const scoredIds = fc
  .uniqueArray(fc.integer({ min: -1000, max: 1000 }), { maxLength: 120 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.integer({ min: -5, max: 5 }), { minLength: ids.length, maxLength: ids.length }),
    ),
  );

describe("bestMatches", () => {
  test.prop([scoredIds, fc.integer({ min: -2, max: 130 })], { numRuns: 500 })(
    "returns what sorting every id (best first, ties by id) and keeping the first `limit` would",
    ([ids, scoreValues], limit) => {
      const scores = Float64Array.from(scoreValues, (value) => value / 4);
      const everyOneSorted = ids
        .map((id, position) => ({ id, score: scores[position] as number }))
        .sort((a, b) => b.score - a.score || a.id - b.id);
      expect(bestMatches(ids, scores, limit)).toEqual(everyOneSorted.slice(0, Math.max(0, limit)));
    },
  );
});
