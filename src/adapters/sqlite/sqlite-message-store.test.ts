import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { messageContentHash } from "../../engine/long-term/message-content.js";
import { describeMessageStoreConformance } from "../../testing/message-store-conformance.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";
import { MESSAGE_SCHEMA_VERSION } from "./message-schema.js";
import { MESSAGE_STORE_PATH, SqliteMessageStore } from "./sqlite-message-store.js";

describeMessageStoreConformance("SQLite file", async () => {
  const home = await makeTempDir("mnemo-messages-");
  return {
    store: new SqliteMessageStore({ path: join(home, MESSAGE_STORE_PATH) }),
    cleanup: () => removeDir(home),
  };
});

const message = {
  id: "m1",
  role: "user",
  content: "hello",
  causeBy: "UserRequirement",
  sentFrom: "user",
  sendTo: [],
  createdAt: new Date(0),
};

describe("SqliteMessageStore", () => {
  let home: string;
  let path: string;
  beforeEach(async () => {
    home = await makeTempDir("mnemo-messages-");
    path = join(home, MESSAGE_STORE_PATH);
  });
  afterEach(() => removeDir(home));

  test("the constructor touches no file; open() creates the .index folder and the database", async () => {
    const store = new SqliteMessageStore({ path });
    expect(existsSync(join(home, ".index"))).toBe(false);
    await store.open();
    expect(existsSync(path)).toBe(true);
    await store.close();
  });

  test("uses WAL mode and records its schema version", async () => {
    const store = new SqliteMessageStore({ path });
    await store.open();
    await store.close();
    const database = new Database(path, { readonly: true });
    try {
      expect(database.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(database.prepare("SELECT component, version FROM schema_version").all()).toEqual([
        { component: "messages", version: MESSAGE_SCHEMA_VERSION },
      ]);
    } finally {
      database.close();
    }
  });

  test("another connection to the same file sees committed messages at once", async () => {
    const writer = new SqliteMessageStore({ path });
    const reader = new SqliteMessageStore({ path });
    await Promise.all([writer.open(), reader.open()]);
    await writer.add("planner", { message, contentHash: messageContentHash(message.content) });
    expect(await reader.count("planner")).toBe(1);
    await Promise.all([writer.close(), reader.close()]);
  });

  test("opening the same store twice at once makes one connection", async () => {
    const store = new SqliteMessageStore({ path });
    await Promise.all([store.open(), store.open()]);
    await store.add("planner", { message, contentHash: messageContentHash(message.content) });
    await store.close();
    await expect(store.count("planner")).rejects.toMatchObject({ code: "IO" });
  });

  test("refuses a file written by a newer schema, and keeps it", async () => {
    const store = new SqliteMessageStore({ path });
    await store.open();
    await store.add("planner", { message, contentHash: messageContentHash(message.content) });
    await store.close();
    const database = new Database(path);
    database
      .prepare("UPDATE schema_version SET version = ? WHERE component = 'messages'")
      .run(MESSAGE_SCHEMA_VERSION + 1);
    database.close();
    await expect(store.open()).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringContaining(path),
    });
    const check = new Database(path, { readonly: true });
    expect(check.prepare("SELECT count(*) AS n FROM messages").get()).toEqual({ n: 1 });
    check.close();
  });

  test("a file that is not a database gives an IO error that names it", async () => {
    const bad = join(home, "not-a-database.sqlite");
    await writeFile(bad, "this is not SQLite, just text that is long enough to have a header ".repeat(10));
    const store = new SqliteMessageStore({ path: bad });
    await expect(store.open()).rejects.toMatchObject({ code: "IO", message: expect.stringContaining(bad) });
  });

  test("a damaged send_to is reported as MALFORMED_FILE, not thrown as a SyntaxError", async () => {
    const store = new SqliteMessageStore({ path });
    await store.open();
    await store.add("planner", { message, contentHash: messageContentHash(message.content) });
    const database = new Database(path);
    database.prepare("UPDATE messages SET send_to = '{not json'").run();
    database.close();
    await expect(store.list("planner")).rejects.toMatchObject({ code: "MALFORMED_FILE" });
    await store.close();
  });

  test("better-sqlite3 is loaded by open(), not by importing or constructing the store", () => {
    const databasePath = join(home, MESSAGE_STORE_PATH);
    const moduleUrl = pathToFileURL(
      join(REPOSITORY_ROOT, "src/adapters/sqlite/sqlite-message-store.ts"),
    ).href;
    const script = `
      const loaded = () => process.report.getReport().sharedObjects.some((file) => file.endsWith("better_sqlite3.node"));
      const { SqliteMessageStore } = await import(${JSON.stringify(moduleUrl)});
      const store = new SqliteMessageStore({ path: ${JSON.stringify(databasePath)} });
      const before = loaded();
      await store.open();
      console.log(JSON.stringify({ before, after: loaded() }));
      await store.close();`;
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: REPOSITORY_ROOT,
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toEqual({ before: false, after: true });
  });
});
