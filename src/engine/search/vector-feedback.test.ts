import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { candidatePoolSize } from "./rank-chunks.js";
import { feedbackApplies, feedbackQuery } from "./vector-feedback.js";

const vector = (dimensions: number) =>
  fc
    .array(fc.integer({ min: -100, max: 100 }), { minLength: dimensions, maxLength: dimensions })
    .map((values) => Float32Array.from(values, (value) => value / 100));
const length = (values: Float32Array) => Math.hypot(...values);

describe("feedbackQuery", () => {
  test.prop([vector(6), fc.array(vector(6), { maxLength: 4 }), fc.double({ min: 0, max: 10, noNaN: true })])(
    "gives a unit vector (or zero), and the query's own direction without feedback or weight",
    (query, feedback, weight) => {
      const moved = feedbackQuery(query, feedback, weight);
      const size = length(moved);
      expect(size === 0 || Math.abs(size - 1) < 1e-5).toBe(true);
      const unmoved = feedbackQuery(query, [], weight);
      if (length(query) > 0)
        for (const [position, value] of unmoved.entries())
          expect(value).toBeCloseTo((query[position] ?? 0) / length(query), 5);
    },
  );

  test("moves the query towards the feedback vectors", () => {
    const query = Float32Array.from([1, 0, 0]);
    const moved = feedbackQuery(query, [Float32Array.from([0, 1, 0]), Float32Array.from([0, 1, 0])], 1);
    expect(moved[0]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(moved[1]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(feedbackQuery(query, [Float32Array.from([0, 1, 0])], 0)).toEqual(query);
  });
});

describe("ranking details", () => {
  test("a zero query without feedback stays zero (no division by a zero length)", () => {
    expect([...feedbackQuery(new Float32Array(3), [], 1)]).toEqual([0, 0, 0]);
  });

  test("the candidate pool is five times the limit, at least 50", () => {
    expect(candidatePoolSize(5)).toBe(50);
    expect(candidatePoolSize(20)).toBe(100);
  });
});

describe("feedbackApplies", () => {
  test("only with a weight, and with at least ten candidates per feedback result", () => {
    expect(feedbackApplies(30, { weight: 1, top: 3 })).toBe(true);
    expect(feedbackApplies(29, { weight: 1, top: 3 })).toBe(false);
    expect(feedbackApplies(300, { weight: 0, top: 3 })).toBe(false);
    expect(feedbackApplies(300, undefined)).toBe(false);
  });
});
