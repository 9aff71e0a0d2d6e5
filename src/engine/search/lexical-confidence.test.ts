import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { lexicalConfidence } from "./lexical-confidence.js";

const countsArbitrary = fc.integer({ min: 1, max: 100_000 }).chain((chunks) =>
  fc.record({
    chunks: fc.constant(chunks),
    holding: fc
      .array(fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.integer({ min: 0, max: chunks })), {
        maxLength: 8,
      })
      .map((entries) => new Map(entries)),
  }),
);

describe("lexicalConfidence", () => {
  test.prop([
    fc.double({ min: 0, max: 1000, noNaN: true }),
    fc.double({ min: 0, max: 1000, noNaN: true }),
    countsArbitrary,
  ])("is in [0, 1] and never falls as the best BM25 score rises", (a, b, counts) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    const atLow = lexicalConfidence(low, counts);
    const atHigh = lexicalConfidence(high, counts);
    expect(atLow).toBeGreaterThanOrEqual(0);
    expect(atHigh).toBeLessThanOrEqual(1);
    expect(atHigh).toBeGreaterThanOrEqual(atLow);
  });

  test("a best chunk that holds the rare query words scores more confidence than one holding a common word", () => {
    const counts = {
      chunks: 1000,
      holding: new Map([
        ["occupation", 2],
        ["previous", 40],
        ["job", 900],
      ]),
    };
    expect(lexicalConfidence(12, counts)).toBeGreaterThan(0.9);
    expect(lexicalConfidence(1.5, counts)).toBeLessThan(0.2);
    expect(lexicalConfidence(0, counts)).toBe(0);
    expect(lexicalConfidence(5, undefined)).toBe(1);
  });
});
