import { join } from "node:path";
import { fc, test as propertyTest } from "@fast-check/vitest";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { ChunkRecord } from "../../contracts/search-index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { SqliteSearchIndex, type SqliteSearchIndexOptions } from "./sqlite-search-index.js";

/** BM25 from the chunks' terms in memory ranks as FTS5 does, and takes over from it without a seam. */
const WORDS = [
  "garden",
  "gardening",
  "roses",
  "tea",
  "the",
  "Paris",
  "trip",
  "sister",
  "café",
  "runs",
  "running",
];

function record(path: string, title: string, text: string): ChunkRecord {
  return { path, kind: "memory", locator: path, line: 1, title, text, textHash: `hash-${path}-${text}` };
}

async function store(index: SqliteSearchIndex, path: string, text: string): Promise<void> {
  const state = { hash: `h-${text}`, mtimeMs: 1, size: text.length };
  await index.replaceDocument(path, state, [record(path, path, text)], new Map());
}

let folder = "";
const opened: SqliteSearchIndex[] = [];
async function openIndex(options: Partial<SqliteSearchIndexOptions> = {}): Promise<SqliteSearchIndex> {
  const index = new SqliteSearchIndex({ path: join(folder, "search.sqlite"), ...options });
  await index.open();
  opened.push(index);
  return index;
}
beforeEach(async () => {
  folder = await makeTempDir("mnemo-chunk-terms-");
});
afterEach(async () => {
  for (const index of opened.splice(0)) await index.close();
  await removeDir(folder);
});

async function untilGathered(index: SqliteSearchIndex): Promise<void> {
  for (let waited = 0; (await index.bm25Source()) !== "memory"; waited += 10) {
    if (waited > 10_000) throw new Error("the terms were not gathered in 10 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("BM25 from memory against FTS5", () => {
  const text = fc
    .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 })
    .map((words) => words.join(" "));
  const query = fc.uniqueArray(fc.constantFrom(...WORDS.map((word) => word.toLowerCase())), {
    minLength: 1,
    maxLength: 4,
  });
  /** A write or a removal of one of 12 documents, made through the index that searches from memory or the other. */
  const operation = fc.record({
    document: fc.nat(11),
    text: fc.option(text, { nil: undefined }), // undefined: remove the document
    throughMemory: fc.boolean(),
  });

  /** Documents 0 to 5 are memories, 6 to 11 journals: a folder filter keeps some of each search's chunks. */
  const filter = fc.constantFrom(undefined, { path: "memories/" }, { path: "journal/" });

  propertyTest.prop(
    [fc.array(operation, { minLength: 1, maxLength: 30 }), query, fc.integer({ min: 1, max: 8 }), filter],
    { numRuns: 30 },
  )(
    "after each write or removal, by this process or another, memory ranks as FTS5 ranks, filtered or not",
    async (operations, terms, limit, filter) => {
      const fts5 = await openIndex({ termGathering: "never" });
      const memory = await openIndex({ termGathering: "now" });
      await memory.search({ terms: ["tea"], limit: 1 }); // gathered now: the changes below arrive by applying or catching up
      for (const operation of operations) {
        const index = operation.throughMemory ? memory : fts5;
        const path =
          operation.document < 6 ? `memories/m${operation.document}.md` : `journal/j${operation.document}.md`;
        if (operation.text === undefined) await index.removeDocument(path);
        else await store(index, path, operation.text);
        const expected = await fts5.search({ terms, limit, filter });
        const actual = await memory.search({ terms, limit, filter });
        expect(actual.termCounts).toEqual(expected.termCounts);
        expect(actual.text.map((hit) => hit.id)).toEqual(expected.text.map((hit) => hit.id));
        for (const [at, hit] of actual.text.entries())
          expect(hit.score).toBeCloseTo(expected.text[at]?.score ?? Number.NaN, 9);
      }
      expect(await memory.bm25Source()).toBe("memory");
      for (const index of opened.splice(0)) await index.close();
      await removeDir(folder);
      folder = await makeTempDir("mnemo-chunk-terms-");
    },
  );
});

describe("gathering the terms in the background", () => {
  test("FTS5 answers until the terms are gathered, then memory does, with the same ranking", async () => {
    const index = await openIndex();
    for (let at = 0; at < 400; at++)
      await store(index, `memories/m${at}.md`, `${WORDS[at % WORDS.length]} note ${at}`);
    const before = await index.search({ terms: ["garden", "roses"], limit: 20 });
    expect(await index.bm25Source()).toBe("fts5");
    await untilGathered(index);
    const after = await index.search({ terms: ["garden", "roses"], limit: 20 });
    expect(after.text.map((hit) => hit.id)).toEqual(before.text.map((hit) => hit.id));
    expect(after.termCounts).toEqual(before.termCounts);
  });

  test("what this process writes or removes while the terms are gathered is searched afterwards", async () => {
    const index = await openIndex();
    for (let at = 0; at < 400; at++) await store(index, `memories/m${at}.md`, `note number ${at}`);
    await index.search({ terms: ["note"], limit: 1 }); // starts the gathering
    await store(index, "memories/new.md", "a postcard from Lisbon");
    await index.removeDocument("memories/m1.md");
    await store(index, "memories/m399.md", "rewritten: tickets for Lisbon");
    await untilGathered(index);
    const { text } = await index.search({ terms: ["lisbon"], limit: 10 });
    const found = await index.chunks(text.map((hit) => hit.id));
    expect(found.map((chunk) => chunk.path).sort()).toEqual(["memories/m399.md", "memories/new.md"]);
    const { termCounts } = await index.search({ terms: ["note"], limit: 1 });
    expect(termCounts?.holding.get("note")).toBe(398);
  });

  test("another process's write is found by the next search from memory", async () => {
    const reader = await openIndex({ termGathering: "now" });
    const writer = await openIndex({ termGathering: "never" });
    await store(writer, "memories/a.md", "the first note");
    expect((await reader.search({ terms: ["first"], limit: 5 })).text).toHaveLength(1);
    await store(writer, "memories/b.md", "the second note");
    await writer.removeDocument("memories/a.md");
    const { text } = await reader.search({ terms: ["first", "second"], limit: 5 });
    expect((await reader.chunks(text.map((hit) => hit.id))).map((chunk) => chunk.path)).toEqual([
      "memories/b.md",
    ]);
  });

  test("closing the index while the terms are gathered stops the gathering quietly", async () => {
    const index = await openIndex();
    for (let at = 0; at < 300; at++) await store(index, `memories/m${at}.md`, `note ${at}`);
    await index.search({ terms: ["note"], limit: 1 });
    await index.close();
    await new Promise((resolve) => setTimeout(resolve, 50)); // a step after close would throw in a timer
    await index.open();
    expect(await index.bm25Source()).toBe("fts5");
  });

  test("a filtered search from memory ranks only the chunks the filter lets through", async () => {
    const index = await openIndex({ termGathering: "now" });
    await store(index, "memories/a.md", "garden roses");
    await store(index, "journal/b.md", "garden tulips");
    await index.search({ terms: ["garden"], limit: 5 });
    const { text } = await index.search({ terms: ["garden"], limit: 5, filter: { path: "journal/" } });
    expect((await index.chunks(text.map((hit) => hit.id))).map((chunk) => chunk.path)).toEqual([
      "journal/b.md",
    ]);
  });
});
