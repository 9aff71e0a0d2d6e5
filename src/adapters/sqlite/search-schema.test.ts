import { join } from "node:path";
import { fc, test as propertyTest } from "@fast-check/vitest";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import {
  prepareSearchSchema,
  readSchemaFacts,
  type SchemaFacts,
  SEARCH_INDEX_APPLICATION_ID,
  SEARCH_SCHEMA_VERSION,
  schemaVerdict,
} from "./search-schema.js";
import { SqliteSearchIndex } from "./sqlite-search-index.js";

/** The tables of a version 1 index, as mnemo 0.1 wrote them (vectors in a sqlite-vec table). */
const VERSION_1_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (path TEXT PRIMARY KEY, hash TEXT NOT NULL, mtime_ms REAL NOT NULL, size INTEGER NOT NULL);
CREATE TABLE chunks (id INTEGER PRIMARY KEY, path TEXT NOT NULL, kind TEXT NOT NULL, locator TEXT NOT NULL,
  line INTEGER NOT NULL, title TEXT NOT NULL, text TEXT NOT NULL, memory_type TEXT, date TEXT,
  text_hash TEXT NOT NULL, has_vector INTEGER NOT NULL DEFAULT 0);
CREATE VIRTUAL TABLE chunks_fts USING fts5(title, text, content='chunks', content_rowid='id');
CREATE TABLE embedding_cache (text_hash TEXT PRIMARY KEY, vector BLOB NOT NULL);
CREATE VIRTUAL TABLE chunk_vectors USING vec0(embedding float[2] distance_metric=cosine);
INSERT INTO meta VALUES ('vector_model', 'test:model'), ('vector_dimensions', '2');
INSERT INTO documents VALUES ('memories/user_kitten.md', 'h', 0, 1);
INSERT INTO chunks (id, path, kind, locator, line, title, text, text_hash, has_vector)
  VALUES (1, 'memories/user_kitten.md', 'memory', 'Kitten', 1, 'Kitten', 'Owns a kitten.', 'hash-kitten', 1);
PRAGMA user_version = 1;
`;

let folder = "";
beforeEach(async () => {
  folder = await makeTempDir();
});
afterEach(async () => {
  await removeDir(folder);
});

describe("search index schema upgrade", () => {
  test("an index of version 1 is rebuilt in place, keeping its embedding cache and model, without sqlite-vec", async () => {
    const path = join(folder, "search.sqlite");
    const old = new Database(path);
    sqliteVec.load(old);
    old.exec(VERSION_1_SCHEMA);
    const vector = Buffer.from(Float32Array.from([0.6, 0.8]).buffer);
    old.prepare("INSERT INTO embedding_cache VALUES ('hash-kitten', ?)").run(vector);
    old.prepare("INSERT INTO chunk_vectors (rowid, embedding) VALUES (1, ?)").run(vector);
    old.close();

    const index = new SqliteSearchIndex({ path });
    await index.open();
    try {
      expect(await index.stats()).toEqual({ documents: 0, chunks: 0, vectors: 0 });
      expect(await index.vectorModel()).toEqual({ id: "test:model", dimensions: 2 });
      expect(await index.cachedEmbeddings(["hash-kitten"])).toEqual(
        new Map([["hash-kitten", Float32Array.from([0.6, 0.8])]]),
      );
      // Indexed again from the files, the chunk finds its vector in the kept cache.
      const chunk = {
        path: "memories/user_kitten.md",
        kind: "memory",
        locator: "Kitten",
        line: 1,
        title: "Kitten",
        text: "Owns a kitten.",
        textHash: "hash-kitten",
      };
      const cached = await index.cachedEmbeddings([chunk.textHash]);
      await index.replaceDocument(chunk.path, { hash: "h", mtimeMs: 0, size: 1 }, [chunk], cached);
      const [hit] = (await index.search({ terms: [], vector: Float32Array.from([0.6, 0.8]), limit: 1 }))
        .vector;
      expect(hit?.score).toBeCloseTo(1, 2);
    } finally {
      await index.close();
    }
    const upgraded = new Database(path, { readonly: true });
    try {
      expect(upgraded.pragma("user_version", { simple: true })).toBe(SEARCH_SCHEMA_VERSION);
      expect(upgraded.pragma("integrity_check", { simple: true })).toBe("ok");
      const tables = upgraded.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all();
      expect(tables.filter((name) => String(name).startsWith("chunk_vectors"))).toEqual([]);
    } finally {
      upgraded.close();
    }
  });
});

const TABLE_NAMES = [
  "meta",
  "documents",
  "chunks",
  "chunks_fts",
  "quantized_vectors",
  "embedding_cache",
  "notes",
  "users",
];
const factsArbitrary: fc.Arbitrary<SchemaFacts> = fc.record({
  applicationId: fc.oneof(fc.constant(0), fc.constant(SEARCH_INDEX_APPLICATION_ID), fc.integer()),
  version: fc.oneof(fc.integer({ min: 0, max: SEARCH_SCHEMA_VERSION + 2 }), fc.integer()),
  tables: fc.subarray(TABLE_NAMES),
});

describe("what the schema check does with a file", () => {
  propertyTest.prop([factsArbitrary], { numRuns: 300 })(
    "only mnemo's own file is ever used as it is",
    (facts) => {
      const verdict = schemaVerdict(facts);
      if (verdict === "ready") {
        expect([facts.applicationId, facts.version]).toEqual([
          SEARCH_INDEX_APPLICATION_ID,
          SEARCH_SCHEMA_VERSION,
        ]);
      }
      if (facts.applicationId !== 0 && facts.applicationId !== SEARCH_INDEX_APPLICATION_ID) {
        expect(verdict).toBe("foreign");
      }
      if (facts.applicationId === SEARCH_INDEX_APPLICATION_ID) expect(verdict).not.toBe("foreign");
      const empty = facts.applicationId === 0 && facts.version === 0 && facts.tables.length === 0;
      expect(verdict === "create").toBe(empty);
    },
  );

  test("a new file is made once, then found ready without a write", async () => {
    const database = new Database(join(folder, "new.sqlite"));
    try {
      expect(schemaVerdict(readSchemaFacts(database))).toBe("create");
      expect(prepareSearchSchema(database)).toBe(true);
      expect(schemaVerdict(readSchemaFacts(database))).toBe("ready");
      const changes = database.prepare("PRAGMA data_version").pluck();
      const before = changes.get();
      expect(prepareSearchSchema(database)).toBe(true);
      expect(database.inTransaction).toBe(false);
      expect(changes.get()).toBe(before);
    } finally {
      database.close();
    }
  });

  test("another program's database is left as it was", async () => {
    const database = new Database(join(folder, "theirs.sqlite"));
    try {
      database.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')");
      expect(prepareSearchSchema(database)).toBe(false);
      expect(readSchemaFacts(database)).toEqual({ applicationId: 0, version: 0, tables: ["notes"] });
    } finally {
      database.close();
    }
  });
});
