import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestPostgres, type TestPostgres } from "../../testing/test-postgres.js";
import { PostgresDocumentStore } from "./postgres-document-store.js";
import { POSTGRES_SCHEMA_VERSION } from "./postgres-schema.js";
import type { SqlClient } from "./sql-client.js";

/**
 * A save's name lookup (`list(folder, { namePrefixes })`) on PostgreSQL reads ranges of the
 * byte-order index of paths (schema version 6), not every row of the folder: it lists what a
 * whole listing filtered by the prefixes lists, for overlapping, empty and non-ASCII prefixes,
 * only the home's and the folder's, and the server's plan for it reads that index.
 */
let database: TestPostgres;
beforeAll(async () => {
  database = await startTestPostgres();
});
afterAll(async () => database?.stop());

/** The client, with the statements run through it recorded with their parameters. */
function recording(client: SqlClient) {
  const statements: Array<{ sql: string; parameters: unknown[] }> = [];
  const recorded: SqlClient = {
    location: client.location,
    query: (sql, parameters, options) => {
      statements.push({ sql, parameters: [...(parameters ?? [])] });
      return client.query(sql, parameters, options);
    },
    transaction: (work) => client.transaction(work),
    close: () => client.close(),
  };
  return { client: recorded, statements };
}

const PATHS = [
  ...Array.from({ length: 1500 }, (_, at) => `memories/project_note-${at}.md`),
  ...Array.from({ length: 40 }, (_, at) => `memories/user_café-${at}.md`),
  "memories/user_note.md",
  "memories/user_notes.md",
  "memories/user_note\u{10ffff}.md",
  "memories/.user_note-hidden.md",
  "memories/sub/user_note.md",
  "other/user_note.md",
];

describe("a name lookup on PostgreSQL", () => {
  test("a prefix with no end, or more prefixes than it ORs, lists the folder whole and filters it", async () => {
    const client = database.client();
    const store = new PostgresDocumentStore({ client, homeId: `lookup/${randomUUID()}` });
    try {
      await store.transaction(async (writer) => {
        for (const path of ["MEMORY.md", "USER.md", "memories/user_a.md", "memories/project_b.md"])
          await writer.write(path, `# ${path}`);
      });
      const paths = async (directory: string, namePrefixes: string[]) =>
        (await store.list(directory, { namePrefixes })).map((each) => each.path);
      expect(await paths("", [""])).toEqual(["MEMORY.md", "USER.md"]);
      expect(await paths("", ["\u{10ffff}", "US"])).toEqual(["USER.md"]);
      const many = Array.from({ length: 17 }, (_, at) => `reference_${at}`);
      expect(await paths("memories", [...many, "user_"])).toEqual(["memories/user_a.md"]);
      expect(await paths("memories", many)).toEqual([]);
    } finally {
      await client.close();
    }
  });

  test("lists what the whole folder filtered by the prefixes lists, through the byte-order index", async () => {
    const homeId = `lookup/${randomUUID()}`;
    const raw = database.client();
    const { client, statements } = recording(raw);
    const store = new PostgresDocumentStore({ client, homeId });
    const elsewhere = new PostgresDocumentStore({ client: raw, homeId: `${homeId}-other` });
    try {
      await store.transaction(async (writer) => {
        for (const path of PATHS) await writer.write(path, `# ${path}`);
      });
      await elsewhere.transaction(async (writer) => writer.write("memories/user_note-elsewhere.md", "x"));
      await raw.query("ANALYZE mnemo_documents");
      const whole = (await store.list("memories")).map((each) => each.path);
      for (const namePrefixes of [
        ["user_note"],
        ["user_note", "user_notes", "user_note"],
        ["user_caf", "project_note-14"],
        ["user_note\u{10ffff}"],
        [""],
        ["nothing"],
        [],
      ]) {
        const listed = (await store.list("memories", { namePrefixes })).map((each) => each.path);
        const expected = whole.filter((path) =>
          namePrefixes.some((prefix) => path.startsWith(`memories/${prefix}`)),
        );
        expect(listed).toEqual(expected);
      }
      expect((await store.list("", { namePrefixes: ["memories"] })).map((each) => each.path)).toEqual([]);
      expect((await store.list("other", { namePrefixes: ["user_"] })).map((each) => each.path)).toEqual([
        "other/user_note.md",
      ]);

      // As a save looks a name up: one prefix a memory type.
      statements.length = 0;
      await store.list("memories", {
        namePrefixes: ["user_note-14", "feedback_note-14", "project_note-14", "reference_note-14"],
      });
      const [lookup] = statements;
      if (lookup === undefined) throw new Error("the lookup ran no statement");
      const [plan] = await raw.query<{ "QUERY PLAN": unknown }>(
        `EXPLAIN (FORMAT JSON) ${lookup.sql}`,
        lookup.parameters,
      );
      expect(JSON.stringify(plan?.["QUERY PLAN"])).toContain("mnemo_documents_by_path_bytes");
    } finally {
      await raw.close();
    }
  }, 60_000);

  test("a version 5 database gets the index on its next open", async () => {
    const admin = database.client();
    try {
      await new PostgresDocumentStore({ client: admin, homeId: `lookup/${randomUUID()}` }).read("MEMORY.md");
      await admin.query("DROP INDEX mnemo_documents_by_path_bytes");
      await admin.query("UPDATE mnemo_schema SET version = 5");
      // A new client prepares the schema again.
      const upgraded = database.client();
      try {
        const store = new PostgresDocumentStore({ client: upgraded, homeId: `lookup/${randomUUID()}` });
        await store.transaction(async (writer) => writer.write("memories/user_note.md", "x"));
        expect(await upgraded.query("SELECT version FROM mnemo_schema")).toEqual([
          { version: POSTGRES_SCHEMA_VERSION },
        ]);
        expect(POSTGRES_SCHEMA_VERSION).toBeGreaterThanOrEqual(6); // the byte-order index came with version 6
        expect(
          await upgraded.query("SELECT to_regclass('mnemo_documents_by_path_bytes') IS NOT NULL AS made"),
        ).toEqual([{ made: true }]);
        expect((await store.list("memories", { namePrefixes: ["user_"] })).map((each) => each.path)).toEqual([
          "memories/user_note.md",
        ]);
      } finally {
        await upgraded.close();
      }
    } finally {
      await admin.close();
    }
  }, 60_000);
});
