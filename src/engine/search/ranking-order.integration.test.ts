import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { SqliteSearchIndex } from "../../adapters/sqlite/sqlite-search-index.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import type { FusionOptions } from "./fusion.js";
import { MemorySearch } from "./memory-search.js";

/**
 * The order of recall's hits on small fixed homes (real files, real SQLite), where one signal at a
 * time decides: BM25, the vectors, the fusion weight, BM25 after feedback, recency. (Feedback
 * itself deciding is in vector-feedback.integration.test.ts.) In each case the other signals are held equal, and
 * the tie-break (lower chunk id first) is checked to favour the wrong hit, so only the signal under
 * test can produce the expected order; the order is argued from how the signal works, not copied
 * from a run.
 */
const NOW = new Date("2026-11-30T12:00:00Z");

/** Vectors by a keyword in the text; the query and every other text get (1, 0, 0). */
function placedEmbedder(vectors: Record<string, number[]>): EmbeddingModel {
  return {
    id: "test:placed",
    async open() {
      return { dimensions: 3 };
    },
    async embed(texts) {
      return texts.map((text) => {
        const word = Object.keys(vectors).find((each) => text.toLowerCase().includes(each));
        return Float32Array.from(word ? (vectors[word] as number[]) : [1, 0, 0]);
      });
    },
    async close() {},
  };
}

let memory: MemoryHome;
let home = "";
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function openHome(now = () => NOW) {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } }, now }));
}

async function recall(
  query: string,
  options: {
    embedder?: EmbeddingModel;
    fusion?: FusionOptions;
    recency?: { weight: number; halfLifeDays: number };
    feedback?: { weight: number; top: number };
    limit?: number;
  },
) {
  const index = new SqliteSearchIndex({ path: join(home, ".index", "search.sqlite") });
  const search = new MemorySearch({
    reader: memory.store,
    index,
    embeddingCache: index,
    loadEmbedder: options.embedder ? async () => options.embedder as EmbeddingModel : undefined,
    fusion: options.fusion ?? { method: "weighted", textWeight: 0.3 },
    feedback: options.feedback ?? { weight: 0, top: 3 },
    fullScanIntervalMs: 0,
    recency: options.recency ?? { weight: 0, halfLifeDays: 30 },
    warn: () => {},
    now: () => NOW,
  });
  try {
    return (await search.recall(query, { limit: options.limit ?? 5 })).hits;
  } finally {
    await search.close();
  }
}

/**
 * Memories that do not contain the query's words: they keep BM25's inverse document frequency high.
 * The same text under several names, which consolidation would keep once: saved as given.
 */
async function saveFillers(count: number) {
  for (let serial = 0; serial < count; serial++)
    await memory.memories.save({
      type: "project",
      name: `Filler ${serial}`,
      content: "Unrelated filler.",
      consolidate: false,
    });
}

describe("recall's order: one signal decides", () => {
  test("BM25: the memory that repeats the query's word in a short text beats one long text that says it once", async () => {
    await openHome();
    await memory.memories.save({
      type: "user",
      name: "Archive notes",
      content:
        "Notes from the move: boxes, cables, books, plants, lamps, the old desk, a kitten blanket, chairs and the rug.",
    });
    await memory.memories.save({
      type: "user",
      name: "Pet",
      content: "Kitten Miso: the kitten naps, kitten food.",
    });
    await saveFillers(6);
    // BM25 grows with the term's frequency and shrinks with the text's length; every vector is
    // (1, 0, 0), so the vector part ties, and "Archive notes" has the lower id: only BM25 puts Pet first.
    for (const embedder of [undefined, placedEmbedder({})]) {
      const hits = await recall("kitten", { embedder });
      expect(hits.slice(0, 2).map((hit) => hit.locator)).toEqual(["Pet", "Archive notes"]);
      expect(hits[1]?.id).toBeLessThan(hits[0]?.id as number);
      expect(hits[0]?.textScore).toBeGreaterThan(hits[1]?.textScore as number);
    }
  });

  test("vectors: with no word shared, the memory nearer the query in meaning comes first", async () => {
    await openHome();
    await memory.memories.save({ type: "user", name: "Alpha", content: "A note on alpha." });
    await memory.memories.save({ type: "user", name: "Charlie", content: "A note on charlie." });
    await saveFillers(3);
    // Cosine with the query (1, 0, 0): alpha 0.8, charlie 0.3, fillers 0. BM25 finds nothing for
    // "whereabouts", and Alpha has the lower id, so the test also holds Charlie to come second.
    const embedder = placedEmbedder({
      alpha: [0.8, 0.6, 0],
      charlie: [0.3, 0, Math.sqrt(1 - 0.09)],
      filler: [0, 0, -1],
    });
    const hits = await recall("whereabouts", { embedder });
    expect(hits.slice(0, 2).map((hit) => hit.locator)).toEqual(["Alpha", "Charlie"]);
    expect(hits[0]?.textScore).toBeUndefined();
    expect((hits[0]?.score ?? 0) / (hits[1]?.score ?? 1)).toBeCloseTo(0.8 / 0.3, 1);
  });

  test("fusion weight: BM25's best and the vectors' best trade places as textWeight moves", async () => {
    await openHome();
    await memory.memories.save({ type: "user", name: "Bravo", content: "Deploy checklist: deploy, deploy." });
    await memory.memories.save({ type: "user", name: "Delta", content: "How releases reach production." });
    await saveFillers(6);
    // Bravo has the best BM25 for "deploy" and half the query's cosine; Delta has no "deploy" and
    // the full cosine. Weighted fusion scales each list by its best: Bravo w*1 + (1-w)*0.5,
    // Delta (1-w)*1. At w = 0.3: 0.65 against 0.7, Delta first; at w = 0.7: 0.85 against 0.3.
    const embedder = placedEmbedder({
      bravo: [0.5, Math.sqrt(0.75), 0],
      delta: [1, 0, 0],
      filler: [0, 0, 1],
    });
    const low = await recall("deploy", { embedder, fusion: { method: "weighted", textWeight: 0.3 } });
    expect(low.slice(0, 2).map((hit) => hit.locator)).toEqual(["Delta", "Bravo"]);
    expect(low[0]?.score).toBeCloseTo(0.7, 2);
    expect(low[1]?.score).toBeCloseTo(0.65, 2);
    const high = await recall("deploy", { embedder, fusion: { method: "weighted", textWeight: 0.7 } });
    expect(high.slice(0, 2).map((hit) => hit.locator)).toEqual(["Bravo", "Delta"]);
    expect(high[0]?.score).toBeCloseTo(0.85, 2);
    expect(high[1]?.score).toBeCloseTo(0.3, 2);
  });

  test("feedback on: the second ranking still counts BM25, not the moved vectors alone", async () => {
    await openHome();
    await memory.memories.save({ type: "user", name: "Delta", content: "How releases reach production." });
    await memory.memories.save({ type: "user", name: "Tango", content: "Deploy checklist: deploy, deploy." });
    await saveFillers(30);
    // First ranking at textWeight 0.7: Tango 0.7 + 0.3 * 0.6 = 0.88, Delta 0.3, so Tango gives the
    // feedback. The query (1,0,0) moves by half of Tango's (0.6,0.8,0): (1.3,0.4,0)/1.36. Cosines
    // then: Delta 0.956, Tango 0.809. With BM25: Tango 0.7 + 0.3 * 0.809/0.956 = 0.95, Delta 0.3.
    // On the moved vectors alone Delta would lead, and it also has the lower id.
    const embedder = placedEmbedder({ tango: [0.6, 0.8, 0], delta: [1, 0, 0], filler: [0, 0, -1] });
    const hits = await recall("deploy", {
      embedder,
      fusion: { method: "weighted", textWeight: 0.7 },
      feedback: { weight: 0.5, top: 1 },
    });
    expect(hits.slice(0, 2).map((hit) => hit.locator)).toEqual(["Tango", "Delta"]);
    expect(hits[0]?.vectorScore).toBeCloseTo(0.809, 1);
    expect(hits[1]?.vectorScore).toBeCloseTo(0.956, 1);
    expect(hits[0]?.score).toBeCloseTo(0.7 + (0.3 * 0.809) / 0.956, 1);
  });

  test("recency reaches past the limit: a newer entry ranked below it by BM25 can be boosted into it", async () => {
    let clock = new Date("2026-10-01T09:00:00Z");
    await openHome(() => clock);
    await memory.journal.add("general", "Rotated the staging password, and the staging keys.");
    clock = new Date("2026-11-30T09:00:00Z");
    await memory.journal.add(
      "general",
      "Rotated the staging password and the staging keys and the production keys.",
    );
    await saveFillers(4);
    // Without recency the older, shorter entry wins BM25; 60 days at a 10-day half-life leave it
    // no bonus, while the newer one gets nearly the full 1 + 2. Asked for one hit, the newer
    // must come back: the boost is applied to more candidates than the limit.
    const plain = await recall("staging password", {});
    expect(plain[0]?.date).toBe("2026-10-01");
    const boosted = await recall("staging password", { recency: { weight: 2, halfLifeDays: 10 }, limit: 1 });
    expect(boosted.map((hit) => hit.date)).toEqual(["2026-11-30"]);
  });

  test("an empty query embeds nothing; a query is embedded as a query", async () => {
    await openHome();
    await memory.memories.save({ type: "user", name: "Alpha", content: "A note on alpha." });
    const purposes: Array<string | undefined> = [];
    const base = placedEmbedder({});
    const embedder: EmbeddingModel = {
      ...base,
      async embed(texts, options) {
        purposes.push(...texts.map(() => options?.purpose));
        return base.embed(texts, options);
      },
    };
    await recall("   ", { embedder });
    const afterIndexing = purposes.length;
    expect(purposes.every((purpose) => purpose !== "query")).toBe(true);
    await recall("alpha", { embedder });
    expect(purposes.slice(afterIndexing)).toEqual(["query"]);
  });

  test("recency: of two entries with the same words, the newer comes first, by the half-life formula", async () => {
    let clock = new Date("2026-11-10T09:00:00Z");
    await openHome(() => clock);
    await memory.journal.add("general", "Rotated the staging database password.");
    clock = new Date("2026-11-30T09:00:00Z");
    await memory.journal.add("general", "Rotated the staging database password.");
    await saveFillers(4);
    const recency = { weight: 0.5, halfLifeDays: 10 };
    const hits = await recall("staging password", { recency });
    // Same text, same BM25; the older entry stands first in MEMORY.md and has the lower id.
    expect(hits.slice(0, 2).map((hit) => hit.date)).toEqual(["2026-11-30", "2026-11-10"]);
    expect(hits[1]?.id).toBeLessThan(hits[0]?.id as number);
    // Ages at NOW (noon): 0.5 and 20.5 days. Factor 1 + 0.5 * 0.5^(age / 10).
    const factor = (age: number) => 1 + 0.5 * 0.5 ** (age / 10);
    expect((hits[0]?.score ?? 0) / (hits[1]?.score ?? 1)).toBeCloseTo(factor(0.5) / factor(20.5), 5);
  });
});
