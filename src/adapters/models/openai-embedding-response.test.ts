import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { readEmbeddingResponse } from "./openai-embedding-response.js";

const vectors = fc.integer({ min: 1, max: 8 }).chain((dimensions) =>
  fc.array(
    fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), {
      minLength: dimensions,
      maxLength: dimensions,
    }),
    {
      minLength: 1,
      maxLength: 10,
    },
  ),
);

describe("readEmbeddingResponse", () => {
  test.prop([vectors, fc.infiniteStream(fc.double())], { numRuns: 200 })(
    "returns the vectors in input order whatever order the answer lists them in",
    (expected, randomness) => {
      const shuffled = expected
        .map((embedding, index) => ({ index, embedding, key: randomness.next().value }))
        .sort((a, b) => a.key - b.key)
        .map(({ index, embedding }) => ({ index, embedding }));
      const read = readEmbeddingResponse({ data: shuffled }, { count: expected.length });
      expect(read.ok && read.vectors.map((vector) => [...vector])).toEqual(
        expected.map((vector) => [...Float32Array.from(vector)]),
      );
    },
  );

  test.prop([vectors, fc.integer({ min: 0, max: 9 })], { numRuns: 100 })(
    "rejects an answer whose count or vector sizes do not match",
    (expected, drop) => {
      const data = expected.map((embedding, index) => ({ index, embedding }));
      expect(readEmbeddingResponse({ data }, { count: expected.length + 1 }).ok).toBe(false);
      const dimensions = expected[0]?.length ?? 1;
      expect(readEmbeddingResponse({ data }, { count: expected.length, dimensions: dimensions + 1 }).ok).toBe(
        false,
      );
      const ragged = data.map((item, index) =>
        index === drop % data.length ? { ...item, embedding: [...item.embedding, 0] } : item,
      );
      expect(readEmbeddingResponse({ data: ragged }, { count: expected.length }).ok).toBe(data.length === 1);
    },
  );

  test("rejects what is not an embeddings answer, and numbers beyond 32-bit floats", () => {
    for (const body of ["<html>busy</html>", null, { data: [{ embedding: ["0.1"] }] }, { data: "x" }]) {
      const read = readEmbeddingResponse(body, { count: 1 });
      expect(read.ok).toBe(false);
    }
    const huge = readEmbeddingResponse({ data: [{ index: 0, embedding: [1e39] }] }, { count: 1 });
    expect(huge).toEqual({ ok: false, problem: "vector 0 holds a number too large for 32-bit floats" });
    const repeated = readEmbeddingResponse(
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [2] },
        ],
      },
      { count: 2 },
    );
    expect(repeated.ok).toBe(false);
  });

  test("without indexes, the list order is the input order", () => {
    const read = readEmbeddingResponse(
      { data: [{ embedding: [1, 2] }, { embedding: [3, 4] }] },
      { count: 2 },
    );
    expect(read.ok && read.vectors.map((vector) => [...vector])).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});
