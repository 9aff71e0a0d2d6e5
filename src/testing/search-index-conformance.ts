import { describe, expect, test } from "vitest";
import type { EmbeddingCache } from "../contracts/embedding-cache.js";
import type { ChunkRecord, SearchIndex } from "../contracts/search-index.js";

/**
 * The behaviour every SearchIndex (and the EmbeddingCache that comes with it) must have, as vitest
 * tests: keeping in step with documents, the one search call (BM25 and vector candidates under a
 * filter), feedback's rescoring, vector upkeep. Scores are compared by order, never by value: BM25
 * implementations differ in their constants and tokenisers. `createIndex` returns a fresh, empty
 * index that is not open yet.
 */
export interface SearchIndexUnderTest {
  index: SearchIndex & EmbeddingCache;
  cleanup?: () => Promise<void>;
}

const MODEL = { id: "test:model", dimensions: 3 };

let serial = 0;
function chunk(path: string, text: string, extra: Partial<ChunkRecord> = {}): ChunkRecord {
  serial += 1;
  return {
    path,
    kind: "memory",
    locator: text,
    line: 1,
    title: "",
    text,
    textHash: `hash-${serial}`,
    ...extra,
  };
}

export function describeSearchIndexConformance(
  name: string,
  createIndex: () => Promise<SearchIndexUnderTest>,
): void {
  async function withIndex(work: (index: SearchIndex & EmbeddingCache) => Promise<void>): Promise<void> {
    const { index, cleanup } = await createIndex();
    try {
      await index.open();
      await work(index);
    } finally {
      await index.close();
      await cleanup?.();
    }
  }
  /** Stores one document of one chunk per text, each with its vector when given. */
  async function store(
    index: SearchIndex,
    path: string,
    chunks: Array<[ChunkRecord, number[]?]>,
  ): Promise<void> {
    const vectors = new Map(
      chunks.flatMap(([record, vector]) => (vector ? [[record.textHash, Float32Array.from(vector)]] : [])),
    );
    const state = { hash: `state-${path}`, mtimeMs: 1, size: 1 };
    await index.replaceDocument(
      path,
      state,
      chunks.map(([record]) => record),
      vectors,
    );
  }
  async function locators(index: SearchIndex, ids: Array<{ id: number }>): Promise<string[]> {
    return (await index.chunks(ids.map((each) => each.id))).map((stored) => stored.locator);
  }

  describe(`SearchIndex conformance: ${name}`, () => {
    test("use before open fails with MnemoError IO", async () => {
      const { index, cleanup } = await createIndex();
      try {
        await expect(index.search({ terms: ["x"], limit: 1 })).rejects.toMatchObject({ code: "IO" });
      } finally {
        await cleanup?.();
      }
    });

    test("documents are replaced and removed as a whole, with their recorded state", () =>
      withIndex(async (index) => {
        await store(index, "a.md", [[chunk("a.md", "kitten one")], [chunk("a.md", "kitten two")]]);
        await store(index, "a.md", [[chunk("a.md", "kitten three")]]);
        await store(index, "b.md", [[chunk("b.md", "puppy")]]);
        expect([...(await index.documentStates()).keys()].sort()).toEqual(["a.md", "b.md"]);
        expect((await index.documentStates()).get("a.md")).toMatchObject({ hash: "state-a.md", size: 1 });
        const { text } = await index.search({ terms: ["kitten"], limit: 10 });
        expect(await locators(index, text)).toEqual(["kitten three"]);
        await index.removeDocument("a.md");
        expect((await index.search({ terms: ["kitten"], limit: 10 })).text).toEqual([]);
        expect(await index.stats()).toEqual({ documents: 1, chunks: 1, vectors: 0 });
      }));

    test("BM25 finds the chunks holding a term, best first: a rarer term weighs more", () =>
      withIndex(async (index) => {
        await store(index, "a.md", [[chunk("a.md", "zebra and otter")]]);
        await store(index, "b.md", [[chunk("b.md", "otter only")]]);
        await store(index, "c.md", [[chunk("c.md", "otter again")]]);
        await store(index, "d.md", [[chunk("d.md", "nothing here")]]);
        const { text, vector } = await index.search({ terms: ["zebra", "otter"], limit: 10 });
        expect(vector).toEqual([]);
        const found = await locators(index, text);
        expect(found[0]).toBe("zebra and otter");
        expect(found.sort()).toEqual(["otter again", "otter only", "zebra and otter"]);
        for (let position = 1; position < text.length; position++)
          expect((text[position - 1]?.score ?? 0) >= (text[position]?.score ?? 0)).toBe(true);
        expect((await index.search({ terms: ["otter"], limit: 2 })).text).toHaveLength(2);
        expect((await index.search({ terms: [], limit: 5 })).text).toEqual([]);
      }));

    test("term counts, when given, are the chunks of the index and how many hold each query term", () =>
      withIndex(async (index) => {
        await store(index, "a.md", [[chunk("a.md", "zebra and otter")]]);
        await store(index, "b.md", [[chunk("b.md", "otter only")]]);
        await store(index, "c.md", [[chunk("c.md", "nothing here")]]);
        const { termCounts } = await index.search({ terms: ["zebra", "otter", "unicorn"], limit: 10 });
        if (termCounts === undefined) return; // optional: recall then weighs BM25 in full
        expect(termCounts.chunks).toBe(3);
        expect(Object.fromEntries(termCounts.holding)).toEqual({ zebra: 1, otter: 2, unicorn: 0 });
      }));

    test("vector candidates are the nearest by cosine, and rescore scores given chunks against a vector", () =>
      withIndex(async (index) => {
        await index.resetVectors(MODEL);
        await store(index, "a.md", [
          [chunk("a.md", "east"), [1, 0, 0]],
          [chunk("a.md", "north"), [0, 1, 0]],
          [chunk("a.md", "north-east"), [Math.SQRT1_2, Math.SQRT1_2, 0]],
          [chunk("a.md", "no vector")],
        ]);
        const { vector } = await index.search({
          terms: [],
          vector: Float32Array.from([1, 0.1, 0]),
          limit: 2,
        });
        expect(await locators(index, vector)).toEqual(["east", "north-east"]);
        expect(vector[0]?.score).toBeCloseTo(0.995, 2);
        const all = await index.search({ terms: [], vector: Float32Array.from([0, 1, 0]), limit: 10 });
        const ids = all.vector.map((each) => each.id);
        expect(ids).toHaveLength(3);
        const rescored = await index.rescore(Float32Array.from([1, 0, 0]), ids);
        expect(await locators(index, rescored)).toEqual(["east", "north-east", "north"]);
        expect(rescored[2]?.score).toBeCloseTo(0, 2);
        const exact = await index.vectorsOf(ids);
        expect(exact.size).toBe(3);
        expect([...(exact.values().next().value ?? [])]).toHaveLength(3);
      }));

    test("a filter applies to both lists, before ranking", () =>
      withIndex(async (index) => {
        await index.resetVectors(MODEL);
        await store(index, "memories/user_a.md", [
          [chunk("memories/user_a.md", "tea lover", { memoryType: "user", date: "2026-01-10" }), [1, 0, 0]],
        ]);
        await store(index, "topics/t.md", [
          [chunk("topics/t.md", "tea journal", { kind: "journal", date: "2026-03-01" }), [0.9, 0.1, 0]],
        ]);
        await store(index, "USER.md", [
          [chunk("USER.md", "tea profile", { kind: "section" }), [0.8, 0.2, 0]],
        ]);
        const query = { terms: ["tea"], vector: Float32Array.from([1, 0, 0]), limit: 10 };
        const only = async (filter: object) => {
          const found = await index.search({ ...query, filter });
          return {
            text: (await locators(index, found.text)).sort(),
            vector: (await locators(index, found.vector)).sort(),
          };
        };
        expect(await only({ memoryType: "user" })).toEqual({ text: ["tea lover"], vector: ["tea lover"] });
        expect(await only({ kind: "journal" })).toEqual({ text: ["tea journal"], vector: ["tea journal"] });
        expect(await only({ path: "topics/" })).toEqual({ text: ["tea journal"], vector: ["tea journal"] });
        expect(await only({ path: "USER.md" })).toEqual({ text: ["tea profile"], vector: ["tea profile"] });
        expect(await only({ since: "2026-02-01" })).toEqual({
          text: ["tea journal"],
          vector: ["tea journal"],
        });
        expect(await only({ until: "2026-02-01" })).toEqual({ text: ["tea lover"], vector: ["tea lover"] });
      }));

    test("chunks come back in the order asked, with what was stored; unknown ids are left out", () =>
      withIndex(async (index) => {
        const record = chunk("memories/user_a.md", "kept whole", {
          kind: "memory",
          locator: "A",
          line: 4,
          title: "Title",
          memoryType: "user",
          date: "2026-01-01",
          updated: "2026-01-01T09:30:00.000Z",
        });
        await store(index, record.path, [[record], [chunk(record.path, "second")]]);
        const { text } = await index.search({ terms: ["kept", "second"], limit: 5 });
        const ids = text.map((each) => each.id).sort((a, b) => b - a);
        const chunks = await index.chunks([...ids, 999_999]);
        expect(chunks.map((stored) => stored.id)).toEqual(ids);
        expect(chunks.find((stored) => stored.text === "kept whole")).toMatchObject({ ...record });
      }));

    test("vector upkeep: chunks without one get one; a new model drops vectors and cache, the same model keeps them", () =>
      withIndex(async (index) => {
        await index.resetVectors(MODEL);
        await store(index, "a.md", [[chunk("a.md", "first")], [chunk("a.md", "second"), [0, 0, 1]]]);
        const missing = await index.chunksWithoutVector(10);
        expect(missing.map((stored) => stored.text)).toEqual(["first"]);
        await index.setVectors(new Map([[missing[0]?.id ?? 0, Float32Array.from([1, 0, 0])]]));
        expect(await index.chunksWithoutVector(10)).toEqual([]);
        await index.cacheEmbeddings(new Map([["h", Float32Array.from([0.5, 0.5, 0])]]));
        await index.resetVectors(MODEL);
        expect((await index.stats()).vectors).toBe(2);
        expect((await index.cachedEmbeddings(["h"])).size).toBe(1);
        expect(await index.vectorModel()).toEqual(MODEL);
        await index.resetVectors({ id: "test:other", dimensions: 2 });
        expect((await index.stats()).vectors).toBe(0);
        expect((await index.cachedEmbeddings(["h"])).size).toBe(0);
        expect((await index.chunksWithoutVector(10)).length).toBe(2);
        await expect(
          index.setVectors(new Map([[missing[0]?.id ?? 0, Float32Array.from([1, 0, 0])]])),
        ).rejects.toMatchObject({
          code: "INVALID_INPUT",
        });
      }));

    test("the embedding cache gives back exactly what was put, and nothing for unknown hashes", () =>
      withIndex(async (index) => {
        await index.resetVectors(MODEL);
        const vector = Float32Array.from([0.1, -0.25, 0.9]);
        await index.cacheEmbeddings(new Map([["a", vector]]));
        await index.cacheEmbeddings(new Map([["a", vector]]));
        const cached = await index.cachedEmbeddings(["a", "unknown"]);
        expect([...cached.keys()]).toEqual(["a"]);
        expect([...(cached.get("a") ?? [])]).toEqual([...vector]);
      }));
  });
}
