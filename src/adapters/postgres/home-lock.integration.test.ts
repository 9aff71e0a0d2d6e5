import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "../../testing/test-postgres.js";
import { PostgresDocumentStore } from "./postgres-document-store.js";

/**
 * The home's lock is the database's: a writer of the same home on another connection (another
 * process, another server) waits for it at most lockTimeoutMs, then fails with LOCK_TIMEOUT; a
 * writer of another home does not wait at all. PGlite is one connection, so this needs a server.
 */
describe.skipIf(!testPostgresHasServer())("the home's advisory lock", () => {
  let database: TestPostgres;
  beforeAll(async () => {
    database = await startTestPostgres();
  });
  afterAll(async () => database?.stop());

  test("a second writer of the home times out with LOCK_TIMEOUT; another home's writer goes on", async () => {
    const holder = new PostgresDocumentStore({ client: database.client(), homeId: "locks/one" });
    const waiter = new PostgresDocumentStore({
      client: database.client(),
      homeId: "locks/one",
      lockTimeoutMs: 300,
    });
    const neighbour = new PostgresDocumentStore({
      client: database.client(),
      homeId: "locks/two",
      lockTimeoutMs: 300,
    });
    let release = () => {};
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const held = holder.transaction(async (writer) => {
      await writer.write("MEMORY.md", "held");
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await holding;
    const started = performance.now();
    await expect(waiter.transaction((writer) => writer.write("MEMORY.md", "waited"))).rejects.toMatchObject({
      code: "LOCK_TIMEOUT",
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    await neighbour.transaction((writer) => writer.write("MEMORY.md", "next door"));
    release();
    await held;
    expect(await waiter.read("MEMORY.md")).toBe("held");
    expect(await neighbour.read("MEMORY.md")).toBe("next door");
  });
});
