import { fc, test } from "@fast-check/vitest";
import { afterEach, describe, expect, vi } from "vitest";
import { cosineSimilarity } from "../../rules/similarity.js";
import { seededRandom } from "../../testing/seeded-random.js";
import { createInt8Copies } from "./create-int8-copies.js";
import { type Int8Copies, JavaScriptInt8Copies } from "./int8-copies.js";
import { QuantizedVectorIndex } from "./quantized-vector-index.js";
import { SimdInt8Copies } from "./simd-int8-copies.js";
import { dotWithInt8, unitVector, writeInt8Copy } from "./vector-quantization.js";
import { webAssembly } from "./webassembly-api.js";

const values = (length: number) =>
  fc.float32Array({ minLength: length, maxLength: length, min: -1e6, max: 1e6, noNaN: true });

/** Dimensions from 1 to 300 (most not a multiple of 16, so the padding is exercised), and vectors. */
const queryAndVectors = fc
  .integer({ min: 1, max: 300 })
  .chain((dimensions) =>
    fc.tuple(values(dimensions), fc.array(values(dimensions), { minLength: 1, maxLength: 30 })),
  );

const implementations: [string, (dimensions: number) => Int8Copies][] = [
  ["SIMD", (dimensions) => new SimdInt8Copies(dimensions)],
  ["JavaScript", (dimensions) => new JavaScriptInt8Copies(dimensions)],
];

describe.each(implementations)("Int8Copies (%s)", (_, make) => {
  test.prop([queryAndVectors, fc.array(fc.nat(), { maxLength: 60 })], { numRuns: 200 })(
    "each cosine (dot product times factor) is within 1e-4 of the JavaScript dotWithInt8, in the order asked",
    ([query, vectors], picks) => {
      const unitQuery = unitVector(query);
      if (!unitQuery) return;
      const copies = make(query.length);
      const reference = new Int8Array(vectors.length * query.length);
      const factors = vectors.map((vector, slot) => {
        writeInt8Copy(vector, reference, slot * query.length);
        return writeInt8Copy(vector, copies.copy(slot), 0);
      });
      const slots = picks.map((pick) => pick % vectors.length);
      const products = copies.dotProducts(unitQuery, slots);
      expect(products).toHaveLength(slots.length);
      slots.forEach((slot, position) => {
        const expected = dotWithInt8(unitQuery, reference, slot * query.length) * (factors[slot] as number);
        expect(Math.abs((products[position] as number) * (factors[slot] as number) - expected)).toBeLessThan(
          1e-4,
        );
      });
    },
  );

  test("keeps every copy through growth, and a move overwrites only its target", () => {
    const dimensions = 37;
    const copies = make(dimensions);
    const filled = (slot: number) =>
      Int8Array.from({ length: dimensions }, (_, d) => ((slot * 7 + d) % 255) - 127);
    const ones = new Float32Array(dimensions).fill(1);
    const sumOf = (copy: Int8Array) => copy.reduce((sum, value) => sum + value, 0);
    for (let slot = 0; slot < 1500; slot++) {
      copies.reserve(slot + 1);
      copies.copy(slot).set(filled(slot));
      if (slot === 900) copies.dotProducts(ones, [3, 5]); // scratch written where later copies go
    }
    copies.reserve(100_000);
    copies.move(1499, 2);
    const slots = [0, 1, 2, 3, 1498, 1499];
    const expected = [filled(0), filled(1), filled(1499), filled(3), filled(1498), filled(1499)];
    expect([...copies.dotProducts(ones, slots)]).toEqual(expected.map(sumOf));
    expect(copies.dotProducts(ones, [])).toHaveLength(0);
  });
});

describe("createInt8Copies", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test("uses the SIMD kernel where WebAssembly has SIMD (Node 20 does)", () => {
    expect(createInt8Copies(512)).toBeInstanceOf(SimdInt8Copies);
  });

  test("falls back to JavaScript when the SIMD module does not validate, and the index still finds by cosine", () => {
    vi.spyOn(webAssembly, "validate").mockReturnValue(false);
    expect(createInt8Copies(512)).toBeInstanceOf(JavaScriptInt8Copies);
    const random = seededRandom(3);
    const vectors = Array.from({ length: 50 }, () => Float32Array.from({ length: 20 }, () => random() - 0.5));
    const index = new QuantizedVectorIndex(20);
    vectors.forEach((vector, id) => {
      index.set(id, vector);
    });
    const query = vectors[7] as Float32Array;
    const matches = index.search(query, { limit: 50 });
    expect(matches[0]?.id).toBe(7);
    for (const match of matches)
      expect(match.score).toBeCloseTo(cosineSimilarity(query, vectors[match.id] as Float32Array), 1);
  });
});
