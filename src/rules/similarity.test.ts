import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { cosineSimilarity, similarMessages } from "./similarity.js";

const value = fc.float({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true });
const pair = fc.integer({ min: 1, max: 8 }).chain((length) =>
  fc.tuple(
    fc.array(value, { minLength: length, maxLength: length }).map((values) => new Float32Array(values)),
    fc.array(value, { minLength: length, maxLength: length }).map((values) => new Float32Array(values)),
  ),
);
const nonZero = (vector: Float32Array) => vector.some((entry) => Math.abs(entry) > 1e-3);

describe("cosineSimilarity", () => {
  test.prop([pair])("is symmetric and lies in [-1, 1]", ([a, b]) => {
    const similarity = cosineSimilarity(a, b);
    expect(similarity).toBeGreaterThanOrEqual(-1);
    expect(similarity).toBeLessThanOrEqual(1);
    expect(cosineSimilarity(b, a)).toBeCloseTo(similarity, 10);
  });

  test.prop([pair, fc.float({ min: Math.fround(0.01), max: 100, noNaN: true })])(
    "a vector is fully similar to itself and to any positive multiple of itself",
    ([a], scale) => {
      fc.pre(nonZero(a));
      expect(cosineSimilarity(a, a)).toBeCloseTo(1, 5);
      expect(
        cosineSimilarity(
          a,
          a.map((entry) => entry * scale),
        ),
      ).toBeCloseTo(1, 4);
      expect(
        cosineSimilarity(
          a,
          a.map((entry) => -entry),
        ),
      ).toBeCloseTo(-1, 5);
    },
  );

  test("is 0 for the zero vector and refuses vectors of different lengths", () => {
    expect(cosineSimilarity(new Float32Array(3), new Float32Array([1, 2, 3]))).toBe(0);
    expect(() => cosineSimilarity(new Float32Array(2), new Float32Array(3))).toThrow(
      expect.objectContaining({ code: "INVALID_INPUT" }),
    );
  });
});

describe("similarMessages", () => {
  test.prop([fc.array(pair, { maxLength: 6 }), fc.float({ min: Math.fround(0.05), max: 1, noNaN: true })])(
    "returns exactly the stored vectors at or above the threshold, most similar first",
    (pairs, threshold) => {
      const query = pairs[0]?.[0] ?? new Float32Array([1]);
      const stored = pairs
        .filter(([, vector]) => vector.length === query.length)
        .map(([, vector], index) => ({ messageId: `m${index}`, vector }));
      const found = similarMessages(query, stored, threshold);
      const expected = stored.filter((entry) => cosineSimilarity(query, entry.vector) >= threshold);
      expect(found.map((entry) => entry.messageId).sort()).toEqual(
        expected.map((entry) => entry.messageId).sort(),
      );
      for (let index = 1; index < found.length; index++) {
        expect(found[index - 1]?.similarity).toBeGreaterThanOrEqual(found[index]?.similarity as number);
      }
    },
  );
});
