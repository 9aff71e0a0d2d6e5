import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { POSTGRES_SCHEMA_VERSION } from "./adapters/postgres/postgres-schema.js";
import { PostgresSearchIndex } from "./adapters/postgres/postgres-search-index.js";
import type { SqlClient } from "./adapters/postgres/sql-client.js";
import { postgresClient } from "./home-backends.js";
import { openMemory } from "./open-memory.js";
import { HashingEmbeddingModel } from "./testing/hashing-embedding-model.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "./testing/test-postgres.js";

/**
 * Recall on PostgreSQL, in few statements (issue 15: p50 <= 15 ms in a home of 1,000 memories).
 * Schema version 3 (and every later one) keeps a typed memory's `updated` time in its chunk, so recall gives a hit's age
 * without reading its document. A database of version 2 gets the column on its next open; the
 * chunks it indexed before have none, and their memories' ages are read from the files.
 */
let database: TestPostgres;
let client: SqlClient;
let folder = "";
const SAVED = () => new Date("2026-11-20T10:00:00.000Z");
const THREE_DAYS_LATER = () => new Date("2026-11-23T11:00:00.000Z");
const CONFIG = { search: { embedder: "none" as const } };

describe.skipIf(!testPostgresHasServer())("hits' ages on PostgreSQL", () => {
  beforeAll(async () => {
    database = await startTestPostgres();
    client = database.client();
    folder = await makeTempDir("mnemo-postgres-ages-");
  });
  afterAll(async () => {
    await client?.close();
    await database?.stop();
    await removeDir(folder);
  });

  test("a version 2 database gets chunks' `updated` on its next open; chunks indexed before it still get their age", async () => {
    const url = database.url as string;
    const homeId = "ages/upgraded";
    const before = await openMemory({
      home: folder,
      env: {},
      store: url,
      homeId,
      now: SAVED,
      config: CONFIG,
    });
    await before.memories.save({ type: "project", name: "Launch", content: "The launch is on Friday." });
    expect((await before.recall("launch")).hits).toHaveLength(1);
    await before.close();
    await client.query("ALTER TABLE mnemo_chunks DROP COLUMN updated");
    await client.query("UPDATE mnemo_schema SET version = 2");

    // Another URL, so this process opens a new pool, which prepares the schema again.
    const after = await openMemory({
      home: folder,
      env: {},
      store: `${url}?application_name=upgraded`,
      homeId,
      now: THREE_DAYS_LATER,
      config: CONFIG,
    });
    try {
      await after.memories.save({ type: "project", name: "Review", content: "The launch review is today." });
      const { hits } = await after.recall("launch");
      const ages = hits.map((hit) => [hit.locator, hit.ageDays, hit.staleness !== undefined]);
      expect(ages.sort()).toEqual([
        ["Launch", 3, true],
        ["Review", 0, false],
      ]);
    } finally {
      await after.close();
    }
    expect(await client.query("SELECT version FROM mnemo_schema")).toEqual([
      { version: POSTGRES_SCHEMA_VERSION },
    ]);
    const stored = await client.query<{ locator: string; updated: string | null }>(
      "SELECT locator, updated FROM mnemo_chunks WHERE home_id = $1 AND kind = 'memory' ORDER BY locator",
      [homeId],
    );
    expect(stored).toEqual([
      { locator: "Launch", updated: null },
      { locator: "Review", updated: "2026-11-23T11:00:00.000Z" },
    ]);
  });

  test("indexing a memory's unchanged chunks again keeps them as they are (a second indexer writes nothing)", async () => {
    const index = new PostgresSearchIndex({ client, homeId: "ages/unchanged" });
    await index.open();
    const chunk = {
      path: "memories/project_launch.md",
      kind: "memory",
      locator: "Launch",
      line: 1,
      title: "Launch",
      text: "The launch is on Friday.",
      memoryType: "project",
      date: "2026-11-20",
      updated: "2026-11-20T10:00:00.000Z",
      textHash: "launch",
    };
    const state = { hash: "h", mtimeMs: 1, size: 1 };
    await index.replaceDocument(chunk.path, state, [chunk], new Map());
    const [first] = (await index.search({ terms: ["launch"], limit: 5 })).text;
    await index.replaceDocument(chunk.path, { ...state, mtimeMs: 2 }, [chunk], new Map());
    const [second] = (await index.search({ terms: ["launch"], limit: 5 })).text;
    expect(second?.id).toBe(first?.id);
    expect(await index.chunks([second?.id ?? 0])).toMatchObject([chunk]);
  });

  test("a recall with vectors and feedback, after the first, sends 8 statements and reads no document", async () => {
    const url = `${database.url}?application_name=counted`;
    const memory = await openMemory({
      home: folder,
      env: {},
      store: url,
      homeId: "recall/counted",
      now: SAVED,
      embedder: new HashingEmbeddingModel(),
      config: { search: { fullScanIntervalMs: 600_000 } },
    });
    try {
      for (let note = 0; note < 40; note += 1)
        await memory.memories.save({
          type: "project",
          name: `Note ${note}`,
          content: `Release note ${note}.`,
          consolidate: false, // 40 notes differing by a number: one note updated, to consolidation
        });
      await memory.recall("release");
      // The first search leaves vectors to fill in the background; under load that fill is still
      // running at the second search and its statements would be counted with the search's.
      await memory.finishIndexing();
      const pool = await postgresClient(url);
      const statements: string[] = [];
      const query = pool.query.bind(pool);
      pool.query = (sql, ...rest) => {
        statements.push(sql);
        return query(sql, ...rest);
      };
      const { hits, mode } = await memory.recall("release", { limit: 10 });
      pool.query = query;
      expect(mode).toBe("hybrid");
      expect(hits.map((hit) => hit.ageDays)).toEqual(hits.map(() => 0));
      // Folder stamps, chunks without a vector, the search, feedback's look-ahead, vectors and
      // rescoring, the hits' rows, the final hits' vectors for their relevance (the cosine with the
      // query's own vector, which the floor needs) (it was 19: a stamp per folder, four for the
      // search, a read per hit).
      expect(statements.filter((sql) => sql.includes("mnemo_documents"))).toEqual([]);
      expect(statements).toHaveLength(8);
    } finally {
      await memory.close();
    }
  });
});
