import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { cosineSimilarity, meanVector, normalizeInPlace } from "./vector-math.js";

const vectors = fc.array(fc.float({ min: -1000, max: 1000, noNaN: true }), { minLength: 1, maxLength: 16 });

describe("vector math", () => {
  test.prop([vectors], { numRuns: 300 })("normalising gives length 1, or keeps the zero vector", (values) => {
    const vector = normalizeInPlace(Float32Array.from(values));
    const isZero = values.every((value) => Math.fround(value) === 0);
    if (isZero) expect(vector.every((value) => value === 0)).toBe(true);
    else expect(Math.hypot(...vector)).toBeCloseTo(1, 4);
  });

  test.prop([vectors], { numRuns: 300 })(
    "a vector is as similar to itself as can be, and to its mean with itself",
    (values) => {
      const vector = Float32Array.from(values);
      if (vector.every((value) => value === 0)) return;
      expect(cosineSimilarity(vector, vector)).toBeCloseTo(1, 4);
      expect(cosineSimilarity(meanVector([vector, vector], vector.length), vector)).toBeCloseTo(1, 4);
    },
  );

  test("the mean of no vectors is the zero vector; cosine with it is 0", () => {
    expect([...meanVector([], 3)]).toEqual([0, 0, 0]);
    expect(cosineSimilarity([0, 0, 0], [1, 2, 3])).toBe(0);
  });
});
