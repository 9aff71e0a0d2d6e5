import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestPostgres, type TestPostgres } from "../../testing/test-postgres.js";
import { PostgresDocumentStore } from "./postgres-document-store.js";
import type { SqlClient, SqlQueryable } from "./sql-client.js";

/**
 * Bulk reads of a database home (issue 15: 100,000 memories exported, saved or checked in
 * minutes): documents read at once are one query, and a transaction that listed a folder asks the
 * server nothing about a path the folder lacks. Counted on the statements that read a document.
 */
let database: TestPostgres;
beforeAll(async () => {
  database = await startTestPostgres();
});
afterAll(async () => database?.stop());

/** The client with every statement that reads documents' text counted (not a listing's sizes). */
function counting(client: SqlClient): { client: SqlClient; contentReads: () => number } {
  let reads = 0;
  const count = (connection: SqlQueryable): SqlQueryable => ({
    query: (sql, parameters) => {
      if (/^SELECT (path, )?content\b|substring\(content|^SELECT d\.path, d\.change_stamp/.test(sql))
        reads += 1;
      return connection.query(sql, parameters);
    },
  });
  const counted: SqlClient = {
    location: client.location,
    ...count(client),
    transaction: (work) => client.transaction((connection) => work(count(connection))),
    close: () => client.close(),
  };
  return { client: counted, contentReads: () => reads };
}

const paths = Array.from({ length: 300 }, (_, index) => `memories/user_note-${index}.md`);
const textOf = (path: string) => `---\nname: ${path}\n---\n\nText of ${path} 🦉\n`;

describe("bulk reads of a PostgreSQL home", () => {
  test("2,500 documents written in one transaction (three statements' worth) all read back exactly, NUL included", async () => {
    const store = new PostgresDocumentStore({ client: database.client(), homeId: `bulk/${randomUUID()}` });
    const many = Array.from({ length: 2500 }, (_, index) => `memories/project_item-${index}.md`);
    const text = (path: string) => `${textOf(path)}\u0000 "quoted" \\ {braces}\n`;
    await store.transaction(async (writer) => {
      for (const path of many) await writer.write(path, text(path));
    });
    const listed = await store.list("memories");
    expect(listed).toHaveLength(2500);
    for (const path of [many[0], many[999], many[1000], many[2499]] as string[])
      expect(await store.read(path)).toBe(text(path));
  });

  test("300 documents read at once come back whole in one query, in and out of a transaction", async () => {
    const { client, contentReads } = counting(database.client());
    const store = new PostgresDocumentStore({ client, homeId: `bulk/${randomUUID()}` });
    await store.transaction(async (writer) => {
      for (const path of paths) await writer.write(path, textOf(path));
    });
    const before = contentReads();
    const outside = await Promise.all([...paths, "memories/missing.md"].map((path) => store.read(path)));
    expect(outside).toEqual([...paths.map(textOf), undefined]);
    expect(contentReads() - before).toBe(1);
    const inside = await store.transaction((writer) => Promise.all(paths.map((path) => writer.read(path))));
    expect(inside).toEqual(paths.map(textOf));
    expect(contentReads() - before).toBe(2);
    await client.close();
  });

  test("after listing a folder, a transaction reads a path the folder lacks without a query", async () => {
    const { client, contentReads } = counting(database.client());
    const store = new PostgresDocumentStore({ client, homeId: `bulk/${randomUUID()}` });
    await store.transaction((writer) => writer.write("memories/user_kept.md", "kept\n"));
    const before = contentReads();
    const seen = await store.transaction(async (writer) => {
      await writer.list("memories");
      const missing = [];
      for (const path of paths) missing.push(await writer.read(path));
      await writer.write(paths[0] as string, "new\n");
      return {
        missing,
        kept: await writer.read("memories/user_kept.md"),
        own: await writer.read(paths[0] as string),
      };
    });
    expect(seen).toEqual({ missing: paths.map(() => undefined), kept: "kept\n", own: "new\n" });
    expect(contentReads() - before).toBe(1); // the one file that is there
    // A folder not listed is asked about as before.
    expect(await store.transaction((writer) => writer.read("topics/none.md"))).toBeUndefined();
    expect(contentReads() - before).toBe(2);
    await client.close();
  });
});
