import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { SqliteSearchIndex } from "../../adapters/sqlite/sqlite-search-index.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { MemorySearch } from "./memory-search.js";
import type { VectorFeedbackOptions } from "./vector-feedback.js";

/**
 * Pseudo-relevance feedback through real SQLite: the best result's vector is read back (vectorsOf),
 * the query moves towards the best first result, and a memory near that result overtakes one
 * that was nearer the bare query. The vectors are chosen by hand so the geometry is known:
 * query (1,0,0); alpha (0.8,0.6,0), cosine 0.8; charlie (0.3,0,0.95), about 0.3; bravo (0.05,~1,0), 0.05.
 * Moved towards alpha, the query meets bravo at about 0.36 and charlie at about 0.29. Thirty
 * filler memories make the home big enough for feedback (ten candidates per feedback result).
 */
const VECTORS: Record<string, number[]> = {
  alpha: [0.8, 0.6, 0],
  bravo: [0.05, Math.sqrt(1 - 0.05 ** 2), 0],
  charlie: [0.3, 0, 0.95],
  // Orthogonal to the query and to alpha and bravo: they only make the home big enough for feedback.
  filler: [0, 0, -1],
};

const handPlacedEmbedder: EmbeddingModel = {
  id: "test:hand-placed",
  async open() {
    return { dimensions: 3 };
  },
  async embed(texts) {
    return texts.map((text) => {
      const word = Object.keys(VECTORS).find((each) => text.toLowerCase().includes(each));
      return Float32Array.from(word ? (VECTORS[word] as number[]) : [1, 0, 0]);
    });
  },
  async close() {},
};

let memory: MemoryHome;
let home = "";
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function rankWith(feedback: VectorFeedbackOptions) {
  const index = new SqliteSearchIndex({ path: join(home, ".index", "search.sqlite") });
  const search = new MemorySearch({
    reader: memory.store,
    index,
    embeddingCache: index,
    loadEmbedder: async () => handPlacedEmbedder,
    fusion: { method: "weighted", textWeight: 0 },
    feedback,
    fullScanIntervalMs: 0,
    recency: { weight: 0, halfLifeDays: 30 },
    warn: () => {},
    now: () => new Date(),
  });
  try {
    const { hits } = await search.recall("which one", { limit: 3 });
    return hits.map((hit) => ({ name: hit.locator, vectorScore: hit.vectorScore }));
  } finally {
    await search.close();
  }
}

describe("vector feedback in recall", () => {
  test("moves the query towards the best result: its neighbour overtakes a memory nearer the bare query", async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    for (const name of ["alpha", "bravo", "charlie"])
      await memory.memories.save({ type: "user", name, content: `${name} memory`, consolidate: false });
    for (let serial = 0; serial < 30; serial++)
      await memory.memories.save({
        type: "project",
        name: `filler ${serial}`,
        content: "filler",
        consolidate: false,
      });

    const plain = await rankWith({ weight: 0, top: 1 });
    expect(plain.map((hit) => hit.name)).toEqual(["alpha", "charlie", "bravo"]);
    expect(plain[0]?.vectorScore).toBeCloseTo(0.8, 5);

    const moved = await rankWith({ weight: 1, top: 1 });
    expect(moved.map((hit) => hit.name)).toEqual(["alpha", "bravo", "charlie"]);
    // Scored from the index's 8-bit copies: bravo's 0.05 is stored as 6/127 of 0.9987, 0.047.
    expect(moved[1]?.vectorScore).toBeCloseTo(
      (1.8 * 0.05 + 0.6 * Math.sqrt(1 - 0.05 ** 2)) / Math.hypot(1.8, 0.6),
      2,
    );
  });

  test("a home too small for feedback is ranked as without it", async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    for (const name of ["alpha", "bravo", "charlie"])
      await memory.memories.save({ type: "user", name, content: `${name} memory`, consolidate: false });
    const ranked = await rankWith({ weight: 1, top: 1 });
    expect(ranked.map((hit) => hit.name)).toEqual(["alpha", "charlie", "bravo"]);
  });
});
