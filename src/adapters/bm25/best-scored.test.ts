import { fc, test as propertyTest } from "@fast-check/vitest";
import { expect, test } from "vitest";
import { bestScored } from "./best-scored.js";

const sortedBest = (scores: Map<number, number>, limit: number) =>
  [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, Math.max(0, limit));

propertyTest.prop([
  fc.array(
    fc.tuple(
      fc.nat(500),
      fc.integer({ min: 0, max: 20 }).map((n) => n / 4),
    ),
    { maxLength: 200 },
  ),
  fc.integer({ min: -1, max: 60 }),
])("the best `limit` scores, best first and ties by id, as a full sort gives them", (pairs, limit) => {
  const scores = new Map(pairs);
  expect(bestScored(scores, limit)).toEqual(sortedBest(scores, limit));
});

test("keeps the better of two equal scores by the smaller id when the list is full", () => {
  const scores = new Map([
    [7, 1],
    [3, 2],
    [5, 1],
  ]);
  expect(bestScored(scores, 2)).toEqual([
    { id: 3, score: 2 },
    { id: 5, score: 1 },
  ]);
});
