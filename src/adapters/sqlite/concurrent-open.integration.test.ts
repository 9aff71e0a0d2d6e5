/**
 * Processes that open the same new SQLite file at once, as two editor windows starting on a fresh
 * home do: each opens the store through the built `mnemo/sqlite` entry, writes, and closes. None
 * may fail with "database is locked" (the schema is made once, in turn; writes wait their turn).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";

const PROCESSES = 8;
const ENTRY = pathToFileURL(join(REPOSITORY_ROOT, "dist", "sqlite.js")).href;

/** Each process: open the store, make `writes` writes, close; its stderr is its failure. */
const MESSAGE_WRITER = `
const { SqliteMessageStore } = await import(${JSON.stringify(ENTRY)});
const [path, worker] = process.argv.slice(1);
for (let round = 0; round < 3; round++) {
  const store = new SqliteMessageStore({ path });
  await store.open();
  for (let n = 0; n < 10; n++) {
    const id = worker + "-" + round + "-" + n;
    const message = { id, role: "user", content: "hello " + id, causeBy: "user_input", sentFrom: "", sendTo: [], createdAt: new Date() };
    await store.add("chat", { message, contentHash: id });
  }
  await store.close();
}`;

const INDEX_WRITER = `
const { SqliteSearchIndex } = await import(${JSON.stringify(ENTRY)});
const [path, worker] = process.argv.slice(1);
for (let round = 0; round < 3; round++) {
  const index = new SqliteSearchIndex({ path, warn: (message) => console.error(message) });
  await index.open();
  await index.documentStates();
  for (let n = 0; n < 10; n++) {
    const file = "memories/project_" + worker + "-" + round + "-" + n + ".md";
    const chunk = { path: file, kind: "memory", locator: file, line: 1, title: file, text: "zebra " + file, textHash: file };
    await index.replaceDocument(file, { hash: file, mtimeMs: 0, size: 1 }, [chunk], new Map());
  }
  await index.search({ terms: ["zebra"], limit: 5 });
  await index.close();
}`;

function runAll(code: string, path: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: PROCESSES }, (_, worker) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", code, path, `w${worker}`]);
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      return new Promise<string>((resolve) =>
        child.on("close", (status) => resolve(status === 0 ? "" : `exit ${status}: ${stderr}`)),
      );
    }),
  );
}

function count(path: string, sql: string): number {
  const database = new Database(path, { readonly: true });
  try {
    return Number(database.prepare(sql).pluck().get());
  } finally {
    database.close();
  }
}

let folder = "";
beforeEach(async () => {
  folder = await makeTempDir("mnemo-concurrent-open-");
});
afterEach(async () => {
  await removeDir(folder);
});

describe(`${PROCESSES} processes opening one new file at once`, () => {
  test("the message store: every open and write succeeds, and every message is kept", async () => {
    const path = join(folder, "messages.sqlite");
    expect(await runAll(MESSAGE_WRITER, path)).toEqual(Array.from({ length: PROCESSES }, () => ""));
    expect(count(path, "SELECT count(*) FROM messages")).toBe(PROCESSES * 30);
  });

  test("the search index: every open, write and search succeeds, and every document is kept", async () => {
    const path = join(folder, "search.sqlite");
    expect(await runAll(INDEX_WRITER, path)).toEqual(Array.from({ length: PROCESSES }, () => ""));
    expect(count(path, "SELECT count(*) FROM documents")).toBe(PROCESSES * 30);
  });
});
