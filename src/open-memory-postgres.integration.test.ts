import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SqlClient } from "./adapters/postgres/sql-client.js";
import type { MemoryHome } from "./engine/memory-home.js";
import { openMemory } from "./open-memory.js";
import { HashingEmbeddingModel } from "./testing/hashing-embedding-model.js";
import { runMnemo } from "./testing/test-cli.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "./testing/test-postgres.js";

/**
 * A memory home in PostgreSQL, opened as a user does (openMemory with store + homeId, and the
 * `mnemo` bin with --store and --home-id): the engine writes the same Markdown as in a folder, recall
 * finds it, and another home id sees none of it. Needs a server other processes can reach, so these
 * run on the throwaway cluster only (on PGlite, the adapters' own suites still run).
 */
let database: TestPostgres;
let client: SqlClient;
let folder = "";
const NOW = () => new Date("2026-11-20T10:00:00.000Z");
const CONFIG = { search: { embedder: "none" as const } };

async function sameOperations(memory: MemoryHome): Promise<void> {
  await memory.buildContext();
  await memory.profile.add("user", "Preferences", "Likes green tea");
  await memory.memories.save({ type: "user", name: "Tea", content: "Drinks green tea every morning." });
  await memory.memories.save({ type: "project", name: "Launch", content: "Launch is on Friday." });
  await memory.memories.save({ type: "project", name: "Launch", content: "Launch moved to Monday." });
  await memory.journal.add("general", "Deployed version 2 of the billing service.");
  await memory.journal.add("user_pref", "Prefers dark mode in every editor.");
  await memory.memories.delete("Tea");
}

async function filesUnder(home: string): Promise<Map<string, string>> {
  const names = (await readdir(home, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(home.length + 1))
    .filter((path) => !path.startsWith(".index") && !path.startsWith(".") && path !== "config.json");
  return new Map(
    await Promise.all(names.map(async (path) => [path, await readFile(join(home, path), "utf8")] as const)),
  );
}

describe.skipIf(!testPostgresHasServer())("a memory home in PostgreSQL", () => {
  beforeAll(async () => {
    database = await startTestPostgres();
    client = database.client();
    folder = await makeTempDir("mnemo-postgres-home-");
  });
  afterAll(async () => {
    await client?.close();
    await database?.stop();
    await removeDir(folder);
  });

  test("the same operations write byte-identical documents in a folder and in the database", async () => {
    const fileHome = join(folder, "files");
    const inFolder = await openMemory({ home: fileHome, env: {}, now: NOW, config: CONFIG });
    const inDatabase = await openMemory({
      home: join(folder, "unused"),
      env: {},
      now: NOW,
      config: CONFIG,
      store: database.url,
      homeId: "same/markdown",
    });
    await sameOperations(inFolder);
    await sameOperations(inDatabase);
    const rows = await client.query<{ path: string; content: Uint8Array }>(
      "SELECT path, content FROM mnemo_documents WHERE home_id = $1",
      ["same/markdown"],
    );
    const stored = new Map(rows.map((row) => [row.path, Buffer.from(row.content).toString("utf8")]));
    const files = await filesUnder(fileHome);
    expect([...stored.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [path, content] of files) expect(stored.get(path), path).toBe(content);
    expect(files.size).toBeGreaterThanOrEqual(6);
    expect(existsSync(join(folder, "unused"))).toBe(false);
    expect(inDatabase.home).toBe(`${database.url}#same/markdown`);
    await Promise.all([inFolder.close(), inDatabase.close()]);
  });

  test("recall finds a memory by words and by vector; another home id sees nothing of it", async () => {
    const embedder = new HashingEmbeddingModel();
    const open = (homeId: string) =>
      openMemory({ home: join(folder, "unused"), env: {}, store: database.url, homeId, embedder });
    const memory = await open("acme/user-1");
    await memory.memories.save({
      type: "user",
      name: "Kitchen",
      content: "Cooks risotto with saffron on Sundays.",
    });
    const found = await memory.recall("saffron risotto");
    expect(found.mode).toBe("hybrid");
    expect(found.hits[0]?.path).toBe("memories/user_kitchen.md");
    const stranger = await open("acme/user-2");
    expect((await stranger.recall("saffron risotto")).hits).toEqual([]);
    expect((await stranger.memories.list()).memories).toEqual([]);
    await Promise.all([memory.close(), stranger.close()]);
  });

  test("doctor sees the index in the database, and how far behind the documents it is", async () => {
    const memory = await openMemory({
      home: join(folder, "unused"),
      env: {},
      config: CONFIG,
      store: database.url,
      homeId: "doctor/1",
    });
    await memory.memories.save({ type: "user", name: "Bike", content: "Rides a blue bicycle." });
    const before = await memory.doctor();
    expect(before.searchIndex).toMatchObject({ state: "ready", behind: 2 });
    await memory.syncIndex();
    const after = await memory.doctor();
    expect(after.searchIndex).toMatchObject({ state: "ready", behind: 0, documents: 2 });
    await memory.close();
  });

  test("the mnemo bin keeps a home in the database with --store and --home-id", () => {
    const home = join(folder, "cli-config");
    const common = ["--home", home, "--store", database.url as string];
    const env = { MNEMO_EMBEDDER: "none" };
    const saved = runMnemo(
      [
        "remember",
        "Deploys go out on Thursdays.",
        "--type",
        "project",
        "--name",
        "Deploy day",
        "--home-id",
        "cli/a",
        ...common,
      ],
      { env },
    );
    expect(saved.stderr).toBe("");
    expect(saved.status).toBe(0);
    const recalled = runMnemo(["recall", "deploys thursdays", "--json", "--home-id", "cli/a", ...common], {
      env,
    });
    expect(recalled.status, recalled.stderr).toBe(0);
    expect(JSON.parse(recalled.stdout).hits[0].path).toBe("memories/project_deploy-day.md");
    const other = runMnemo(["list", "--json", "--home-id", "cli/b", ...common], { env });
    expect(JSON.parse(other.stdout).memories).toEqual([]);
    expect(existsSync(home)).toBe(false);
    const refused = runMnemo(["list", "--home-id", "../a", ...common], { env });
    expect(refused.status).toBe(4);
    expect(refused.stderr).toContain("homeId");
  });
});
