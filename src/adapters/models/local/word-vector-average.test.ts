import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { cosineSimilarity } from "./vector-math.js";
import type { WordVectorTable } from "./wink-vectors-file.js";
import { averageWordVector, sifWeights, wordTokens } from "./word-vector-average.js";

const words = ["the", "a", "user", "owns", "kitten", "car"];
const table: WordVectorTable = {
  dimensions: 3,
  words,
  rowOf: new Map(words.map((word, rank) => [word, rank])),
  vectors: Float32Array.from([1, 1, 0, 1, 0, 1, 0, 1, 1, 2, 0, 0, 0, 3, 0, 0, 0, 4]),
};
const weights = sifWeights(words.length);

describe("word vector averages", () => {
  test.prop([fc.string({ unit: "grapheme", maxLength: 60 })], { numRuns: 300 })(
    "tokens are lower-case runs of letters and digits",
    (text) => {
      for (const token of wordTokens(text)) {
        expect(token).toMatch(/^[\p{L}\p{N}]+$/u);
        expect(token).toBe(token.toLowerCase());
      }
    },
  );

  test("SIF weights lie in (0, 1) and grow as words get rarer", () => {
    const large = sifWeights(341_479);
    for (let rank = 997; rank < large.length; rank += 997) {
      expect(large[rank]).toBeGreaterThanOrEqual(large[rank - 997] ?? 1);
    }
    expect(large[10_000]).toBeGreaterThan(large[1000] ?? 1);
    expect(large[1000]).toBeGreaterThan(large[10] ?? 1);
    expect(large[0]).toBeGreaterThan(0);
    expect(large[large.length - 1]).toBeLessThan(1);
  });

  test.prop([fc.array(fc.constantFrom(...words, "unknown", "!"), { maxLength: 12 }), fc.boolean()], {
    numRuns: 300,
  })("the vector has length 1 (or is zero with no known word) and ignores word order", (tokens, weighted) => {
    const vector = averageWordVector(tokens.join(" "), table, weighted ? weights : undefined);
    const reversed = averageWordVector(
      [...tokens].reverse().join(" "),
      table,
      weighted ? weights : undefined,
    );
    const known = tokens.some((token) => table.rowOf.has(token));
    if (known) {
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
      expect(cosineSimilarity(vector, reversed)).toBeCloseTo(1, 5);
    } else {
      expect([...vector]).toEqual([0, 0, 0]);
    }
  });

  test("frequent words weigh less than rare ones", () => {
    const weighted = averageWordVector("the kitten", table, weights);
    const plain = averageWordVector("the kitten", table, undefined);
    const kitten = averageWordVector("kitten", table, undefined);
    expect(cosineSimilarity(weighted, kitten)).toBeGreaterThan(cosineSimilarity(plain, kitten));
  });
});
