import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { cosineSimilarity } from "../rules/similarity.js";
import { HashingEmbeddingModel, wordsOf } from "./hashing-embedding-model.js";

const model = new HashingEmbeddingModel({ dimensions: 64 });
const embedOne = async (text: string) => (await model.embed([text]))[0] as Float32Array;
const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));

describe("HashingEmbeddingModel (test and offline fallback)", () => {
  test.prop([fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 12 })])(
    "gives unit vectors (zero when colliding words cancel out) that depend on the words only, not their order, case or spacing",
    async (words) => {
      const vector = await embedOne(words.join(" "));
      const length = norm(vector);
      expect(length === 0 || Math.abs(length - 1) < 1e-5).toBe(true);
      expect(await embedOne(`  ${[...words].reverse().join("\n").toUpperCase()}!`)).toEqual(vector);
    },
  );

  test("reports its size, splits Chinese and Japanese into characters, and gives text without words the zero vector", async () => {
    expect(await model.open()).toEqual({ dimensions: 64 });
    expect(model.id).toBe("test:hashing-bag-of-words-64@1");
    expect(wordsOf("Deploy v2 到生产环境, OK?")).toEqual([
      "deploy",
      "v2",
      "到",
      "生",
      "产",
      "环",
      "境",
      "ok",
    ]);
    expect(norm(await embedOne(" ?! "))).toBe(0);
  });

  test("shared words make texts similar, unrelated ones do not", async () => {
    const [a, b, c] = await new HashingEmbeddingModel().embed([
      "the deploy to production failed at the database migration step",
      "the deploy to production failed at the database migration step again",
      "lunch is served in the garden today",
    ]);
    expect(cosineSimilarity(a as Float32Array, b as Float32Array)).toBeGreaterThan(0.9);
    expect(cosineSimilarity(a as Float32Array, c as Float32Array)).toBeLessThan(0.5);
  });

  test("honours an aborted signal and refuses a size that is not a positive whole number", async () => {
    await expect(model.embed(["x"], { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(() => new HashingEmbeddingModel({ dimensions: 0 })).toThrow(
      expect.objectContaining({ code: "INVALID_INPUT" }),
    );
  });
});
