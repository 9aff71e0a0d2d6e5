import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestPostgres, type TestPostgres } from "../../testing/test-postgres.js";
import { MIN_CACHED_BYTES } from "./large-document-cache.js";
import { PostgresDocumentStore } from "./postgres-document-store.js";
import type { SqlClient, SqlQueryable } from "./sql-client.js";

/**
 * Large documents read by change stamp (large-document-cache.ts): a read whose stamp is unchanged
 * gets no bytes from the server, and whatever another store, connection or process wrote is read
 * at once, since every write gets a new stamp. Two stores on their own clients stand for two
 * `mnemo serve` processes writing one home.
 */
let database: TestPostgres;
beforeAll(async () => {
  database = await startTestPostgres();
});
afterAll(async () => database?.stop());

/** The client, with the bytes of document content the server sent counted. */
function counting(client: SqlClient): { client: SqlClient; bytesSent: () => number } {
  let bytes = 0;
  const count = (connection: SqlQueryable): SqlQueryable => ({
    query: async <Row>(sql: string, parameters?: unknown[], options?: { prepare?: boolean }) => {
      const rows = await connection.query<Row>(sql, parameters, options);
      for (const row of rows as Array<{ content?: unknown }>)
        if (row.content instanceof Uint8Array) bytes += row.content.byteLength;
      return rows;
    },
  });
  return {
    client: {
      location: client.location,
      ...count(client),
      transaction: (work) => client.transaction((connection) => work(count(connection))),
      close: () => client.close(),
    },
    bytesSent: () => bytes,
  };
}

const large = (mark: string) =>
  `# Memory\n\n${`- [${mark}](memories/x.md) — a line of the index\n`.repeat(400)}`;
const write = (store: PostgresDocumentStore, path: string, text: string) =>
  store.transaction(async (writer) => writer.write(path, text));

describe("large documents read by change stamp on PostgreSQL", () => {
  test("an unchanged large document is read again without its bytes; a small one is always sent", async () => {
    const homeId = `large/${randomUUID()}`;
    const counted = counting(database.client());
    const store = new PostgresDocumentStore({ client: counted.client, homeId });
    try {
      expect(Buffer.byteLength(large("a"))).toBeGreaterThan(MIN_CACHED_BYTES);
      await write(store, "MEMORY.md", large("a"));
      await write(store, "USER.md", "small");
      const before = counted.bytesSent();
      for (let time = 0; time < 3; time += 1) {
        expect(await store.read("MEMORY.md")).toBe(large("a"));
        expect(await store.read("USER.md")).toBe("small");
      }
      // Written by this store, MEMORY.md was kept at its new stamp: only USER.md's bytes came.
      expect(counted.bytesSent() - before).toBe(3 * "small".length);
    } finally {
      await counted.client.close();
    }
  });

  test("what another store (another process) writes, removes or rolls back is what the next read sees", async () => {
    const homeId = `large/${randomUUID()}`;
    const [first, second] = [database.client(), database.client()];
    const here = new PostgresDocumentStore({ client: first, homeId });
    const there = new PostgresDocumentStore({ client: second, homeId });
    try {
      await write(here, "MEMORY.md", large("a"));
      expect(await there.read("MEMORY.md")).toBe(large("a"));
      await write(there, "MEMORY.md", large("b"));
      expect(await here.read("MEMORY.md")).toBe(large("b"));
      // The same length and the same text but one mark: only the stamp can tell them apart.
      await write(here, "MEMORY.md", large("c"));
      expect(await there.read("MEMORY.md")).toBe(large("c"));
      // A writer reads inside its transaction what the other one wrote, and merges onto it.
      await there.transaction(async (writer) => {
        await writer.write("MEMORY.md", `${await writer.read("MEMORY.md")}- there\n`);
      });
      await here.transaction(async (writer) => {
        await writer.write("MEMORY.md", `${await writer.read("MEMORY.md")}- here\n`);
      });
      expect(await there.read("MEMORY.md")).toBe(`${large("c")}- there\n- here\n`);
      // A transaction that fails leaves the stored text.
      await expect(
        here.transaction(async (writer) => {
          await writer.write("MEMORY.md", large("rolled back"));
          await writer.write("../outside.md", "x");
        }),
      ).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
      expect(await here.read("MEMORY.md")).toBe(`${large("c")}- there\n- here\n`);
      await there.transaction(async (writer) => writer.remove("MEMORY.md"));
      expect(await here.read("MEMORY.md")).toBeUndefined();
      await write(there, "MEMORY.md", large("d"));
      expect(await here.read("MEMORY.md")).toBe(large("d"));
    } finally {
      await first.close();
      await second.close();
    }
  });

  test("many large documents read at once all come back right, from the cache or not", async () => {
    const homeId = `large/${randomUUID()}`;
    const client = database.client();
    const store = new PostgresDocumentStore({ client, homeId });
    try {
      const paths = Array.from({ length: 100 }, (_, index) => `topics/topic-${index}.md`);
      await store.transaction(async (writer) => {
        for (const path of paths) await writer.write(path, large(path));
      });
      for (let time = 0; time < 2; time += 1) {
        const texts = await Promise.all(paths.map((path) => store.read(path)));
        expect(texts).toEqual(paths.map(large));
      }
    } finally {
      await client.close();
    }
  });
});
