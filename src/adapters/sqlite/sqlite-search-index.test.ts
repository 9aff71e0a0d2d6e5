import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { ChunkRecord } from "../../contracts/search-index.js";
import { MnemoError } from "../../errors.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { SqliteSearchIndex } from "./sqlite-search-index.js";

const chunk = (text: string, extra: Partial<ChunkRecord> = {}): ChunkRecord => ({
  path: `memories/user_${text}.md`,
  kind: "memory",
  locator: text,
  line: 1,
  title: text,
  text,
  textHash: `hash-${text}`,
  ...extra,
});
const state = { hash: "h", mtimeMs: 0, size: 1 };
const MODEL = { id: "test:model", dimensions: 2 };

/** Stores one document holding one chunk named `text`, with `vector` when given. */
async function store(
  index: SqliteSearchIndex,
  text: string,
  vector?: number[],
  extra: Partial<ChunkRecord> = {},
) {
  const record = chunk(text, extra);
  const vectors = new Map(vector ? [[record.textHash, Float32Array.from(vector)]] : []);
  await index.replaceDocument(record.path, state, [record], vectors);
}

async function locatorsNear(index: SqliteSearchIndex, vector: number[], options = {}) {
  const { vector: hits } = await index.search({
    terms: [],
    vector: Float32Array.from(vector),
    limit: 10,
    ...options,
  });
  return (await index.chunks(hits.map((hit) => hit.id))).map((stored) => stored.locator);
}

let folder = "";
const opened: SqliteSearchIndex[] = [];
async function openIndex(path = join(folder, "search.sqlite")): Promise<SqliteSearchIndex> {
  const index = new SqliteSearchIndex({ path });
  await index.open();
  opened.push(index);
  return index;
}

beforeEach(async () => {
  folder = await makeTempDir();
});
afterEach(async () => {
  for (const index of opened.splice(0)) await index.close();
  await removeDir(folder);
});

describe("SqliteSearchIndex vectors", () => {
  test("keeps each chunk's exact vector, read back by vectorsOf", async () => {
    const index = await openIndex();
    await index.resetVectors(MODEL);
    await store(index, "first", [0.6, 0.8]);
    await store(index, "second", [1, 0]);
    await store(index, "none");
    const { text } = await index.search({ terms: ["first", "second", "none"], limit: 10 });
    const ids = text.map((hit) => hit.id);
    const byLocator = new Map((await index.chunks(ids)).map((stored) => [stored.locator, stored.id]));

    const vectors = await index.vectorsOf([...byLocator.values(), 999]);
    expect(vectors.get(byLocator.get("first") as number)).toEqual(Float32Array.from([0.6, 0.8]));
    expect(vectors.get(byLocator.get("second") as number)).toEqual(Float32Array.from([1, 0]));
    expect(vectors.size).toBe(2);
    expect(await index.vectorsOf([])).toEqual(new Map());
    expect(await index.stats()).toEqual({ documents: 3, chunks: 3, vectors: 2 });
  });

  test("ranks by cosine, and applies a filter before ranking, not after", async () => {
    const index = await openIndex();
    await index.resetVectors(MODEL);
    for (let serial = 0; serial < 30; serial++) await store(index, `near${serial}`, [1, serial / 1000]);
    await store(index, "far", [0, 1], { memoryType: "project", path: "memories/project_far.md" });
    expect((await locatorsNear(index, [1, 0])).slice(0, 2)).toEqual(["near0", "near1"]);
    expect(await locatorsNear(index, [1, 0], { filter: { memoryType: "project" } })).toEqual(["far"]);
    expect(await locatorsNear(index, [1, 0], { filter: { path: "memories/nothing.md" } })).toEqual([]);
  });

  test("sees another connection's writes, removals and model change before its next search", async () => {
    const reader = await openIndex();
    const writer = await openIndex();
    await writer.resetVectors(MODEL);
    await store(writer, "kept", [1, 0]);
    expect(await locatorsNear(reader, [1, 0])).toEqual(["kept"]);

    await store(writer, "added", [0.9, 0.1]);
    await writer.removeDocument("memories/user_kept.md");
    expect(await locatorsNear(reader, [1, 0])).toEqual(["added"]);

    await writer.resetVectors({ id: "test:other", dimensions: 3 });
    await store(writer, "three", [0, 0, 1]);
    expect(await locatorsNear(reader, [0, 0, 1])).toEqual(["three"]);
    await expect(reader.search({ terms: [], vector: Float32Array.from([1, 0]), limit: 5 })).rejects.toThrow(
      /2 dimensions, the index 3/,
    );
  });

  test("its own writes are searchable at once, also after the vectors were loaded", async () => {
    const index = await openIndex();
    await index.resetVectors(MODEL);
    await store(index, "first", [1, 0]);
    expect(await locatorsNear(index, [1, 0])).toEqual(["first"]);
    await store(index, "second", [0, 1]);
    await store(index, "first", [0.8, 0.6]); // replaced: the old chunk and its vector go
    const missing = (await index.chunksWithoutVector(10)).length;
    expect(missing).toBe(0);
    expect(await locatorsNear(index, [0, 1])).toEqual(["second", "first"]);
    await store(index, "later");
    const [withoutVector] = await index.chunksWithoutVector(10);
    await index.setVectors(new Map([[withoutVector?.id as number, Float32Array.from([0, 1])]]));
    expect((await locatorsNear(index, [0, 1])).slice(0, 2).sort()).toEqual(["later", "second"]);
  });

  test("refuses a vector of another size than the model's, and stores nothing of that document", async () => {
    const index = await openIndex();
    await index.resetVectors(MODEL);
    await expect(store(index, "wrong", [1, 0, 0])).rejects.toThrow(
      /3 dimensions .* test:model \(2 dimensions\)/,
    );
    expect(await index.stats()).toEqual({ documents: 0, chunks: 0, vectors: 0 });
  });

  test("replaceDocuments writes several documents at once, replacing their old chunks, vectors and terms; another connection sees them", async () => {
    const index = await openIndex();
    const reader = await openIndex();
    await index.resetVectors(MODEL);
    await store(index, "old", [1, 0]);
    const documents = (["old", "new", "plain"] as const).map((text) => {
      const record = chunk(text, { text: `${text} kafka` });
      const vector = text === "plain" ? undefined : Float32Array.from(text === "old" ? [0, 1] : [0.6, 0.8]);
      return {
        path: record.path,
        state,
        chunks: [record],
        vectors: new Map(vector ? [[record.textHash, vector]] : []),
      };
    });
    await index.replaceDocuments(documents);
    for (const each of [index, reader]) {
      expect(await each.stats()).toEqual({ documents: 3, chunks: 3, vectors: 2 });
      // "old" replaced: its vector is now [0, 1], nearest to [0, 1]; "plain" has none.
      expect(await locatorsNear(each, [0, 1])).toEqual(["old", "new"]);
      const { text } = await each.search({ terms: ["kafka"], limit: 10 });
      expect((await each.chunks(text.map((hit) => hit.id))).map((stored) => stored.locator).sort()).toEqual([
        "new",
        "old",
        "plain",
      ]);
    }
    // The same documents again: nothing rewritten (a rewrite gives its chunks new ids), with or
    // without a vector; the same chunks under a new state (a file touched): only the state is recorded.
    const ids = async () =>
      (await index.search({ terms: ["kafka"], limit: 10 })).text.map((hit) => hit.id).sort();
    const before = await ids();
    await index.replaceDocuments(documents);
    expect(await ids()).toEqual(before);
    const touched = { hash: "h", mtimeMs: 5, size: 1 };
    await index.replaceDocuments(documents.map((document) => ({ ...document, state: touched })));
    expect(await ids()).toEqual(before);
    expect([...(await index.documentStates()).values()].map((each) => each.mtimeMs)).toEqual([5, 5, 5]);
    expect(await index.stats()).toEqual({ documents: 3, chunks: 3, vectors: 2 });
  });

  test("replaceDocuments rewrites a document whose vector has come, and not one whose vector cannot be kept", async () => {
    const withModel = await openIndex();
    await withModel.resetVectors(MODEL);
    await store(withModel, "plain");
    await store(withModel, "plain", [1, 0]); // the same chunk, now with its vector: written again
    expect(await withModel.stats()).toEqual({ documents: 1, chunks: 1, vectors: 1 });

    // Without a model no vector is kept, so a vector offered changes nothing: the chunk keeps its id.
    const noModel = await openIndex(join(folder, "no-model.sqlite"));
    await store(noModel, "kept");
    const idsOf = async () => (await noModel.search({ terms: ["kept"], limit: 5 })).text.map((hit) => hit.id);
    const before = await idsOf();
    await store(noModel, "kept", [1, 0]);
    expect(await idsOf()).toEqual(before);
    expect(await noModel.stats()).toEqual({ documents: 1, chunks: 1, vectors: 0 });
  });

  test("replaceDocuments of documents already the same takes no write lock (another process holds it)", async () => {
    const path = join(folder, "search.sqlite");
    const index = new SqliteSearchIndex({ path, busyTimeoutMs: 50 });
    await index.open();
    opened.push(index);
    const record = chunk("kept");
    const kept = { path: record.path, state, chunks: [record], vectors: new Map<string, Float32Array>() };
    await index.replaceDocuments([kept]);
    const other = new Database(path);
    try {
      other.prepare("BEGIN IMMEDIATE").run();
      await index.replaceDocuments([kept]);
      await index.replaceDocuments([]);
      // A document that did change does wait for the lock, and gives up after the busy timeout.
      await expect(index.replaceDocuments([{ ...kept, state: { ...state, size: 2 } }])).rejects.toThrow();
    } finally {
      other.prepare("ROLLBACK").run();
      other.close();
    }
  });

  test("replaceDocuments is all or nothing: a wrong vector in the last document stores none of them", async () => {
    const index = await openIndex();
    await index.resetVectors(MODEL);
    const documents = ["first", "second"].map((text, at) => {
      const record = chunk(text);
      return {
        path: record.path,
        state,
        chunks: [record],
        vectors: new Map([[record.textHash, Float32Array.from(at === 1 ? [1, 0, 0] : [1, 0])]]),
      };
    });
    await expect(index.replaceDocuments(documents)).rejects.toThrow(/3 dimensions/);
    expect(await index.stats()).toEqual({ documents: 0, chunks: 0, vectors: 0 });
    expect(await locatorsNear(index, [1, 0])).toEqual([]);
  });

  test("a closed index says to open it", async () => {
    const index = new SqliteSearchIndex({ path: ":memory:" });
    await expect(index.search({ terms: [], vector: Float32Array.from([1, 0]), limit: 1 })).rejects.toThrow(
      MnemoError,
    );
  });
});
