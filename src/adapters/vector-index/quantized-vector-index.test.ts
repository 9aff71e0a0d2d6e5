import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { MnemoError } from "../../errors.js";
import { cosineSimilarity } from "../../rules/similarity.js";
import { seededRandom } from "../../testing/seeded-random.js";
import { QuantizedVectorIndex } from "./quantized-vector-index.js";
import { encodeVector } from "./vector-quantization.js";

function gaussianVector(random: () => number, dimensions: number): Float32Array {
  return Float32Array.from({ length: dimensions }, () => {
    const u = 1 - random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  });
}

/** `base` moved by noise of the given size: its cosine with `base` falls as noise grows. */
function near(random: () => number, base: Float32Array, noise: number): Float32Array {
  const offset = gaussianVector(random, base.length);
  const scale = Math.hypot(...base) / Math.sqrt(base.length);
  return base.map((value, position) => value + noise * scale * (offset[position] as number));
}

describe("QuantizedVectorIndex", () => {
  const operations = fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        id: fc.integer({ min: 1, max: 40 }),
        seed: fc.integer(),
      }),
      fc.record({ kind: fc.constant("delete" as const), id: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ kind: fc.constant("clear" as const) }),
    ),
    { maxLength: 120 },
  );

  test.prop([operations, fc.integer()], { numRuns: 150 })(
    "after any sets, deletes and clears it holds exactly the vectors a Map would, each scored by its own cosine",
    (steps, querySeed) => {
      const index = new QuantizedVectorIndex(24);
      const oracle = new Map<number, Float32Array>();
      for (const step of steps) {
        if (step.kind === "set") {
          const vector = gaussianVector(seededRandom(step.seed), 24);
          index.set(step.id, vector);
          oracle.set(step.id, vector);
        } else if (step.kind === "delete") {
          index.delete(step.id);
          oracle.delete(step.id);
        } else {
          index.clear();
          oracle.clear();
        }
      }
      expect(index.size).toBe(oracle.size);
      expect([...index.ids()].sort((a, b) => a - b)).toEqual([...oracle.keys()].sort((a, b) => a - b));
      const query = gaussianVector(seededRandom(querySeed), 24);
      const matches = index.search(query, { limit: 100 });
      expect(matches.map((match) => match.id).sort((a, b) => a - b)).toEqual(
        [...oracle.keys()].sort((a, b) => a - b),
      );
      for (const match of matches)
        expect(match.score).toBeCloseTo(cosineSimilarity(query, oracle.get(match.id) as Float32Array), 1);
      for (let position = 1; position < matches.length; position++)
        expect(matches[position - 1]?.score).toBeGreaterThanOrEqual(matches[position]?.score as number);
      const some = [...oracle.keys()].filter((id) => id % 2 === 0);
      expect(index.score(query, [...some, 999, ...some])).toEqual(
        matches.filter((match) => match.id % 2 === 0),
      );
    },
  );

  test("in a large index (the prefilter path), finds the planted neighbours of a query, best first", () => {
    const random = seededRandom(7);
    const dimensions = 256;
    const index = new QuantizedVectorIndex(dimensions, { rescored: 200 });
    for (let id = 0; id < 20_000; id++) index.set(id, gaussianVector(random, dimensions));
    const query = gaussianVector(random, dimensions);
    // Ten neighbours at falling similarity (cosine about 0.99 down to 0.55), ids in that order.
    const noises = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.5];
    noises.forEach((noise, rank) => {
      index.set(100_000 + rank, near(random, query, noise));
    });
    const matches = index.search(query, { limit: 10 });
    expect(matches.map((match) => match.id)).toEqual(noises.map((_, rank) => 100_000 + rank));
    expect(matches[0]?.score).toBeGreaterThan(0.98);
  });

  test("returns only allowed ids, whether the allowed set is small or large", () => {
    const random = seededRandom(11);
    const index = new QuantizedVectorIndex(32, { rescored: 20 });
    const vectors = new Map<number, Float32Array>();
    for (let id = 1; id <= 500; id++) {
      vectors.set(id, gaussianVector(random, 32));
      index.set(id, vectors.get(id) as Float32Array);
    }
    const query = gaussianVector(random, 32);
    const exactBest = (allowed: Set<number>) =>
      [...allowed]
        .filter((id) => vectors.has(id))
        .map((id) => ({ id, score: cosineSimilarity(query, vectors.get(id) as Float32Array) }))
        .sort((a, b) => b.score - a.score)[0]?.id;
    for (const allowed of [
      new Set([3, 77, 401, 9999]),
      new Set(Array.from({ length: 250 }, (_, i) => 2 * i + 2)),
    ]) {
      const matches = index.search(query, { limit: 5, allowed });
      expect(matches.every((match) => allowed.has(match.id))).toBe(true);
      expect(matches[0]?.id).toBe(exactBest(allowed));
    }
    expect(index.search(query, { limit: 5, allowed: new Set() })).toEqual([]);
  });

  test("refuses vectors of another size, and finds nothing for a query of zeros", () => {
    const index = new QuantizedVectorIndex(8);
    index.set(1, Float32Array.from([1, 0, 0, 0, 0, 0, 0, 0]));
    expect(() => index.set(2, new Float32Array(4))).toThrow(MnemoError);
    expect(() => index.search(new Float32Array(16), { limit: 1 })).toThrow(/16 dimensions, the index 8/);
    expect(index.search(new Float32Array(8), { limit: 1 })).toEqual([]);
    expect(() => new QuantizedVectorIndex(0)).toThrow(MnemoError);
    expect(() => index.setEncoded(3, new Uint8Array(5))).toThrow(/record of 3 has 5 bytes/);
  });

  test("a vector set from its stored record scores exactly as one set directly", () => {
    const random = seededRandom(5);
    const direct = new QuantizedVectorIndex(100);
    const fromRecords = new QuantizedVectorIndex(100);
    for (let id = 0; id < 50; id++) {
      const vector = gaussianVector(random, 100);
      direct.set(id, vector);
      fromRecords.setEncoded(id, encodeVector(vector));
    }
    const query = gaussianVector(random, 100);
    expect(fromRecords.search(query, { limit: 50 })).toEqual(direct.search(query, { limit: 50 }));
  });
});
