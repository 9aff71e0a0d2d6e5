import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "../../testing/test-postgres.js";
import { writeThroughServers } from "../../testing/test-serve-writers.js";

/**
 * Four `mnemo serve --store postgres://...` processes (the built CLI) taking saves to one home at
 * once, one by one or in batches (POST /v1/memories/batch): every save they acknowledge is a
 * memory afterwards, exactly once. The write benchmark
 * (bench/postgres/serve-writes.ts) is the same at a larger size, timed.
 */
let database: TestPostgres;
let configHome: string;

describe.skipIf(!testPostgresHasServer())("saves through several mnemo serve processes on PostgreSQL", () => {
  beforeAll(async () => {
    database = await startTestPostgres();
    configHome = await makeTempDir("mnemo-serve-writers-");
  });
  afterAll(async () => {
    await database?.stop();
    await removeDir(configHome);
  });

  test("4 processes, 240 saves 16 at a time into one home: each acknowledged save is there once", async () => {
    const result = await writeThroughServers({
      url: database.url as string,
      homeId: "writers/one-home",
      configHome,
      servers: 4,
      writes: 240,
      concurrency: 16,
    });
    expect(result.refused).toEqual([]);
    expect(result.acknowledged).toBe(240);
    expect(result.missing).toEqual([]);
    expect(result.duplicated).toEqual([]);
  }, 120_000);

  test("4 processes, 600 saves in batches of 25, 8 batches in flight into one home: each acknowledged save is there once", async () => {
    const result = await writeThroughServers({
      url: database.url as string,
      homeId: "writers/batches",
      configHome,
      servers: 4,
      writes: 600,
      concurrency: 8,
      batch: 25,
    });
    expect(result.refused).toEqual([]);
    expect(result.acknowledged).toBe(600);
    expect(result.missing).toEqual([]);
    expect(result.duplicated).toEqual([]);
  }, 120_000);
});
