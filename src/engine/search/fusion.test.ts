import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { type Candidate, fuseCandidates, recencyBoost } from "./fusion.js";

const candidates = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 60 }),
      score: fc.integer({ min: 0, max: 5000 }).map((value) => value / 100),
    }),
    { selector: (candidate) => candidate.id, maxLength: 30 },
  )
  .map((list) => [...list].sort((a, b) => b.score - a.score));
const methods = fc.oneof(
  fc.record({
    method: fc.constant("weighted" as const),
    textWeight: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ method: fc.constant("rrf" as const), k: fc.integer({ min: 1, max: 100 }) }),
);

describe("fusion", () => {
  test.prop([candidates, candidates, methods], { numRuns: 300 })(
    "returns exactly the union of its inputs, each once, best first",
    (text, vector, options) => {
      const fused = fuseCandidates(text, vector, options);
      const union = new Set([...text, ...vector].map((candidate: Candidate) => candidate.id));
      expect(fused.map((candidate) => candidate.id).sort((a, b) => a - b)).toEqual(
        [...union].sort((a, b) => a - b),
      );
      for (let index = 1; index < fused.length; index++)
        expect(fused[index - 1]?.score ?? 0).toBeGreaterThanOrEqual(fused[index]?.score ?? 0);
    },
  );

  test.prop([candidates], { numRuns: 200 })("with one list alone, the order of that list is kept", (text) => {
    const fused = fuseCandidates(text, [], { method: "weighted", textWeight: 0.7 });
    const distinctScores = new Set(text.map((candidate) => candidate.score)).size === text.length;
    if (distinctScores && text.every((candidate) => candidate.score > 0))
      expect(fused.map((candidate) => candidate.id)).toEqual(text.map((candidate) => candidate.id));
  });

  test("a candidate found by both lists beats one found by a single list", () => {
    const fused = fuseCandidates(
      [
        { id: 1, score: 10 },
        { id: 2, score: 9 },
      ],
      [
        { id: 2, score: 0.8 },
        { id: 3, score: 0.79 },
      ],
      { method: "rrf", k: 60 },
    );
    expect(fused[0]?.id).toBe(2);
  });

  test("rrf: each list adds 1 / (k + rank), its best at rank 1, whatever the scores", () => {
    const fused = fuseCandidates(
      [
        { id: 1, score: 10 },
        { id: 2, score: 9 },
      ],
      [
        { id: 2, score: 0.8 },
        { id: 3, score: 0.2 },
      ],
      { method: "rrf", k: 60 },
    );
    expect(fused.map(({ id, score }) => ({ id, score }))).toEqual([
      { id: 2, score: 1 / 62 + 1 / 61 },
      { id: 1, score: 1 / 61 },
      { id: 3, score: 1 / 62 },
    ]);
  });

  test("weighted: each list is divided by its best score, then weighed", () => {
    const fused = fuseCandidates(
      [
        { id: 1, score: 10 },
        { id: 2, score: 5 },
      ],
      [
        { id: 2, score: 0.5 },
        { id: 3, score: 0.25 },
      ],
      { method: "weighted", textWeight: 0.25 },
    );
    // 1: 0.25 * 10/10; 2: 0.25 * 5/10 + 0.75 * 0.5/0.5; 3: 0.75 * 0.25/0.5.
    expect(fused.map(({ id, score }) => ({ id, score }))).toEqual([
      { id: 2, score: 0.875 },
      { id: 3, score: 0.375 },
      { id: 1, score: 0.25 },
    ]);
  });

  test("equal scores are ordered by id, lowest first, whatever order the lists gave", () => {
    const tied = [
      { id: 3, score: 1 },
      { id: 1, score: 1 },
      { id: 2, score: 1 },
    ];
    expect(fuseCandidates(tied, [], { method: "weighted", textWeight: 1 }).map(({ id }) => id)).toEqual([
      1, 2, 3,
    ]);
  });

  test.prop(
    [
      fc.double({ min: 0, max: 100, noNaN: true }),
      fc.double({ min: 0, max: 3650, noNaN: true }),
      fc.double({ min: 0, max: 3650, noNaN: true }),
    ],
    { numRuns: 200 },
  )("recency never lowers a score and favours the newer of two", (score, ageA, ageB) => {
    const options = { weight: 0.3, halfLifeDays: 30 };
    expect(recencyBoost(score, ageA, options)).toBeGreaterThanOrEqual(score);
    if (ageA < ageB)
      expect(recencyBoost(score, ageA, options)).toBeGreaterThanOrEqual(recencyBoost(score, ageB, options));
  });

  test.prop(
    [
      fc.double({ min: 0.01, max: 100, noNaN: true }),
      fc.double({ min: 0, max: 10, noNaN: true }),
      fc.double({ min: 0.1, max: 2, noNaN: true }),
      fc.double({ min: 1, max: 90, noNaN: true }),
    ],
    { numRuns: 200 },
  )(
    "recency multiplies by 1 + weight at age 0, and the bonus halves every half-life",
    (score, halfLives, weight, halfLifeDays) => {
      const options = { weight, halfLifeDays };
      const age = halfLives * halfLifeDays;
      const bonus = (days: number) => recencyBoost(score, days, options) / score - 1;
      // Strictly: a factor that is always 1 (no boost) satisfies every "never lowers" property above.
      expect(bonus(0)).toBeCloseTo(weight, 9);
      expect(bonus(age + halfLifeDays)).toBeCloseTo(bonus(age) / 2, 6);
      expect(recencyBoost(score, age, options)).toBeGreaterThan(recencyBoost(score, age + 1, options));
    },
  );

  test("no recency boost without a date, with weight 0, or for a date in the future beyond age 0", () => {
    const options = { weight: 0.5, halfLifeDays: 10 };
    expect(recencyBoost(2, undefined, options)).toBe(2);
    expect(recencyBoost(2, 3, { ...options, weight: 0 })).toBe(2);
    expect(recencyBoost(2, -5, options)).toBe(recencyBoost(2, 0, options));
  });
});
