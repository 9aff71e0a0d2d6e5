import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_SCHEMA_VERSION } from "../../adapters/postgres/postgres-schema.js";
import type { SqlClient } from "../../adapters/postgres/sql-client.js";
import type { RunningHttpServer } from "../../http.js";
import { type MemoryHomes, openHomes } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "../../testing/test-postgres.js";
import { startHttpServer } from "./start-http-server.js";

/**
 * Token rights on a server of many homes in one PostgreSQL database, through real requests on
 * loopback. A database of schema version 3 (tokens without rights) is upgraded to version 4 on its
 * next open: its tokens keep working with full rights; tokens issued after it carry their rights,
 * and a token that reads its own agents reads only their memories, as on the file system.
 */
describe.skipIf(!testPostgresHasServer())("token rights on PostgreSQL", () => {
  let database: TestPostgres;
  let client: SqlClient;
  let settings: string;
  let homes: MemoryHomes | undefined;
  let server: RunningHttpServer | undefined;
  let before: string;

  beforeAll(async () => {
    database = await startTestPostgres();
    client = database.client();
    settings = await makeTempDir("mnemo-pg-rights-");
    const old = await open(database.url as string);
    await old.createHome("team");
    before = (await old.issueToken({ homes: ["team"] })).token;
    await old.close();
    // The database as mnemo of schema version 3 left it: tokens had no rights.
    await client.query("ALTER TABLE mnemo_tokens DROP COLUMN rights");
    await client.query("UPDATE mnemo_schema SET version = 3");
    // Another URL, so this process opens a new pool, which prepares the schema again.
    homes = await open(`${database.url}?application_name=upgraded`);
    server = await startHttpServer({ homes, port: 0, maxOpenHomes: 2, onError: () => undefined });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await homes?.close();
    await client?.close();
    await database?.stop();
    if (settings) await removeDir(settings);
  });

  const open = (store: string) =>
    openHomes({ store, env: { MNEMO_EMBEDDER: "none", MNEMO_HOME: settings }, onWarning: () => undefined });

  function call(token: string, path: string, init: { method?: string; agent?: string; body?: unknown } = {}) {
    return fetch(`${server?.url}${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.agent === undefined ? {} : { "mnemo-agent": init.agent }),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  const save = (token: string, name: string, agent?: string) =>
    call(token, "/v1/memories", {
      method: "POST",
      agent,
      body: {
        type: "project",
        name,
        content: `${name}: the garden app ships on Fridays.`,
        consolidate: false,
      },
    });

  it("upgrades a version 3 database (before token rights) to the newest: a token issued before keeps full rights", async () => {
    // Full rights: it writes as any agent, and reads everything.
    expect((await save(before, "Deploy day", "alice")).status).toBe(201);
    expect((await save(before, "Bob notes", "bob")).status).toBe(201);
    for (const path of ["/v1/context", "/v1/journal", "/v1/memories", "/v1/memories/Deploy%20day"])
      expect((await call(before, path)).status, path).toBe(200);
    expect(await client.query("SELECT version FROM mnemo_schema")).toEqual([
      { version: POSTGRES_SCHEMA_VERSION },
    ]);
    expect(POSTGRES_SCHEMA_VERSION).toBeGreaterThanOrEqual(4); // rights came with version 4
    expect(await client.query("SELECT rights FROM mnemo_tokens")).toEqual([{ rights: null }]);
  });

  it("keeps the rights of a token issued after the upgrade, and enforces them", async () => {
    const bob = (
      await homes?.issueToken({ homes: ["team"], rights: { write: false, agents: ["bob"], read: "own" } })
    )?.token as string;
    const stored = await client.query<{ rights: unknown }>(
      "SELECT rights FROM mnemo_tokens WHERE rights IS NOT NULL",
    );
    expect(stored).toEqual([{ rights: { write: false, agents: ["bob"], read: "own" } }]);
    expect((await save(bob, "By bob")).status).toBe(403);
    const listed = (await (await call(bob, "/v1/memories")).json()) as { memories: { name: string }[] };
    expect(listed.memories.map((entry) => entry.name)).toEqual(["Bob notes"]);
    expect((await call(bob, "/v1/memories/Bob%20notes")).status).toBe(200);
    expect((await call(bob, "/v1/memories/Deploy%20day")).status).toBe(404);
    expect((await call(bob, "/v1/memories?agent=alice")).status).toBe(403);
  });
});
