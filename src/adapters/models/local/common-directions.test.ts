import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { removeCommonDirections } from "./common-directions.js";
import type { WordVectorTable } from "./wink-vectors-file.js";

function tableOf(rows: number[][]): WordVectorTable {
  const words = rows.map((_, index) => `w${index}`);
  return {
    dimensions: rows[0]?.length ?? 0,
    words,
    rowOf: new Map(words.map((word, rank) => [word, rank])),
    vectors: Float32Array.from(rows.flat()),
  };
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Array.from({ length: a.length }, (_, index) => (a[index] ?? 0) * (b[index] ?? 0)).reduce(
    (sum, value) => sum + value,
    0,
  );

const rowsOf = fc.integer({ min: 3, max: 6 }).chain((dimensions) =>
  fc.array(
    fc.array(
      fc.integer({ min: -100, max: 100 }).map((value) => value / 10),
      { minLength: dimensions, maxLength: dimensions },
    ),
    {
      minLength: 8,
      maxLength: 30,
    },
  ),
);

describe("removeCommonDirections", () => {
  test.prop([rowsOf, fc.integer({ min: 0, max: 2 })], { numRuns: 150 })(
    "leaves the sample centred and every vector orthogonal to the removed directions, which are orthonormal",
    (rows, count) => {
      const table = tableOf(rows);
      const { directions } = removeCommonDirections(table, { sampleWords: rows.length, directions: count });
      expect(directions).toHaveLength(count);
      for (const [index, direction] of directions.entries()) {
        if (dot(direction, direction) === 0) continue;
        expect(dot(direction, direction)).toBeCloseTo(1, 6);
        for (const other of directions.slice(index + 1))
          expect(Math.abs(dot(direction, other))).toBeLessThan(1e-6);
      }
      for (let row = 0; row < rows.length; row++) {
        const vector = table.vectors.subarray(row * table.dimensions, (row + 1) * table.dimensions);
        for (const direction of directions) expect(Math.abs(dot(vector, direction))).toBeLessThan(1e-3);
      }
      for (let position = 0; position < table.dimensions; position++) {
        const sum = rows.reduce(
          (total, _, row) => total + (table.vectors[row * table.dimensions + position] ?? 0),
          0,
        );
        expect(Math.abs(sum / rows.length)).toBeLessThan(1e-3);
      }
    },
  );

  test("finds the dominant direction of the sample", () => {
    const rows = Array.from({ length: 40 }, (_, index) => [
      index - 20,
      0.1 * ((index * 7) % 5),
      0.1 * ((index * 3) % 4),
    ]);
    const { directions } = removeCommonDirections(tableOf(rows), { sampleWords: 40, directions: 1 });
    expect(Math.abs(directions[0]?.[0] ?? 0)).toBeGreaterThan(0.99);
  });
});
