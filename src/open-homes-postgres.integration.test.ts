import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgPoolClient } from "./adapters/postgres/pg-pool-client.js";
import { POSTGRES_SCHEMA_VERSION, preparePostgresSchema } from "./adapters/postgres/postgres-schema.js";
import { openHomes } from "./open-homes.js";
import { openMemory } from "./open-memory.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "./testing/test-postgres.js";

/**
 * `openHomes({ store })`: the homes, tokens and memory of a server of many homes in one database.
 * Needs a server reached by URL (a throwaway cluster), as `mnemo serve --store` does.
 */
describe.skipIf(!testPostgresHasServer())("openHomes on PostgreSQL", () => {
  let database: TestPostgres;
  let url: string;
  let settings: string;
  const env = () => ({ MNEMO_EMBEDDER: "none", MNEMO_HOME: settings });
  beforeAll(async () => {
    database = await startTestPostgres();
    url = database.url as string;
    settings = await makeTempDir("mnemo-pg-homes-settings-");
  });
  afterAll(async () => {
    await database?.stop();
    if (settings) await removeDir(settings);
  });

  it("serves a home created through it, in the database, whatever MNEMO_HOME_ID says", async () => {
    const homes = await openHomes({
      store: url,
      env: { ...env(), MNEMO_STORE: url, MNEMO_HOME_ID: "shared" },
    });
    try {
      expect(await homes.createHome("acme/ada")).toEqual({ homeId: "acme/ada", created: true });
      const memory = await homes.openHome("acme/ada");
      try {
        expect(memory.home).toMatch(/#acme\/ada$/);
        await memory.memories.save({
          type: "user",
          name: "Ada",
          description: "d",
          content: "Ada likes tea.",
        });
      } finally {
        await memory.close();
      }
      await expect(homes.openHome("shared")).rejects.toMatchObject({ code: "NOT_FOUND" });
      const again = await openMemory({ home: settings, env: env(), store: url, homeId: "acme/ada" });
      try {
        expect((await again.memories.get("Ada")).content).toContain("Ada likes tea.");
      } finally {
        await again.close();
      }
    } finally {
      await homes.close();
    }
  });

  it("a home written as one database home is served, rows kept, once it is registered", async () => {
    const single = await openMemory({ home: settings, env: env(), store: url, homeId: "legacy/bob" });
    await single.memories.save({ type: "user", name: "Bob", description: "d", content: "Bob rides." });
    await single.close();
    const homes = await openHomes({ store: url, env: env() });
    try {
      await expect(homes.openHome("legacy/bob")).rejects.toMatchObject({ code: "NOT_FOUND" });
      await homes.createHome("legacy/bob");
      const memory = await homes.openHome("legacy/bob");
      try {
        expect((await memory.memories.list()).memories.map((each) => each.name)).toEqual(["Bob"]);
      } finally {
        await memory.close();
      }
    } finally {
      await homes.close();
    }
  });

  it("refuses a store that is not a postgres:// URL without echoing it, and a root with a store", async () => {
    await expect(openHomes({ store: "mysql://root:secret@db/x", env: env() })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.not.stringContaining("secret"),
    });
    await expect(openHomes({ store: url, root: settings, env: env() })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("a database of schema version 1 gets the homes and tokens tables on its next open", async () => {
    const older = new PgPoolClient({ url });
    await preparePostgresSchema(older);
    await older.query("DROP TABLE mnemo_token_homes, mnemo_tokens, mnemo_homes");
    await older.query("UPDATE mnemo_schema SET version = 1");
    await older.close();
    // Another URL, so this process opens a new pool, which prepares the schema again.
    const homes = await openHomes({ store: `${url}?application_name=migrated`, env: env() });
    try {
      expect(await homes.listHomes()).toEqual([]);
      await homes.createHome("after/migration");
      expect((await homes.issueToken({ homes: ["after/migration"] })).grant.homes).toEqual([
        "after/migration",
      ]);
    } finally {
      await homes.close();
    }
    const reader = new PgPoolClient({ url });
    expect(await reader.query("SELECT version FROM mnemo_schema")).toEqual([
      { version: POSTGRES_SCHEMA_VERSION },
    ]);
    await reader.close();
  });
});
