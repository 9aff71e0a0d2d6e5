import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { cosineSimilarity } from "../../rules/similarity.js";
import { dotWithInt8, unitVector, writeInt8Copy, writeSignCode } from "./vector-quantization.js";

const values = (length: number) =>
  fc.float32Array({ minLength: length, maxLength: length, min: -1e6, max: 1e6, noNaN: true });
const vectors = fc
  .integer({ min: 1, max: 300 })
  .chain((dimensions) => fc.tuple(values(dimensions), values(dimensions)));

describe("vector quantization", () => {
  test.prop([vectors], { numRuns: 300 })(
    "sign code: bit d is set exactly when dimension d is positive",
    ([vector]) => {
      const code = new Uint8Array(Math.ceil(vector.length / 64) * 8).fill(0xff);
      writeSignCode(vector, code);
      for (let dimension = 0; dimension < code.length * 8; dimension++) {
        const bit = ((code[dimension >> 3] as number) >> (dimension & 7)) & 1;
        expect(bit).toBe(dimension < vector.length && (vector[dimension] as number) > 0 ? 1 : 0);
      }
    },
  );

  test.prop([vectors], { numRuns: 300 })(
    "int8 cosine is within its rounding bound of the exact cosine",
    ([query, vector]) => {
      const unitQuery = unitVector(query);
      const copies = new Int8Array(vector.length + 3);
      const factor = writeInt8Copy(vector, copies, 3);
      const vectorNorm = Math.hypot(...vector);
      if (!unitQuery || vectorNorm === 0) {
        if (vectorNorm === 0) expect(factor).toBe(0);
        return;
      }
      const approximate = dotWithInt8(unitQuery, copies, 3) * factor;
      // Each value is off by at most half a step (max|v| / 254), so the error vector's length is at
      // most sqrt(d) half-steps; its dot with the unit query is no longer than that.
      const largest = Math.max(...vector.map(Math.abs));
      const bound = (Math.sqrt(vector.length) * largest) / 254 / vectorNorm + 1e-5;
      expect(Math.abs(approximate - cosineSimilarity(query, vector))).toBeLessThanOrEqual(bound);
    },
  );

  test("a vector of zeros, or with NaN, has no direction; huge values do not overflow", () => {
    expect(unitVector(new Float32Array(4))).toBeUndefined();
    expect(writeInt8Copy(new Float32Array(4), new Int8Array(4), 0)).toBe(0);
    expect(unitVector(Float32Array.from([1, Number.NaN]))).toBeUndefined();
    expect(writeInt8Copy(Float32Array.from([1, Number.NaN]), new Int8Array(2), 0)).toBe(0);
    const huge = Float32Array.from([3e38, 3e38]);
    expect([...(unitVector(huge) ?? [])].map((value) => value.toFixed(4))).toEqual(["0.7071", "0.7071"]);
    const copies = new Int8Array(2);
    const factor = writeInt8Copy(huge, copies, 0);
    expect(dotWithInt8(Float32Array.from([1, 0]), copies, 0) * factor).toBeCloseTo(Math.SQRT1_2, 5);
  });
});
