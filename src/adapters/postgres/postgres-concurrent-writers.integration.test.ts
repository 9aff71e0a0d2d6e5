import { type ChildProcessByStdio, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { WorkerReport } from "../../../test/workers/concurrent-writer-report.js";
import type { MnemoConfigInput } from "../../engine/config/schema.js";
import { findSection, parseSections } from "../../engine/markdown/sections.js";
import { parseMemoryFile } from "../../engine/memdir/memory-file.js";
import { indexLinesOf } from "../../engine/memdir/memory-index.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import { MEMORY_INDEX_SECTION, MEMORY_PATH, USER_PATH } from "../../rules/home-layout.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "../../testing/test-postgres.js";

/**
 * Several processes write to one home in PostgreSQL at the same moment (memories, MEMORY.md and
 * topic journal entries, profile facts; each process with two chains of writes of its own), and
 * nothing is lost: the home's advisory lock in each transaction is the only thing between them.
 * The same worker as the file home's test (test/workers/concurrent-writer.test-worker.mjs).
 */
const WORKER_SCRIPT = join(REPOSITORY_ROOT, "test", "workers", "concurrent-writer.test-worker.mjs");
const WORKERS = 4;
const ROUNDS = 15;
const HOME_ID = "concurrent/writers";

type Worker = {
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  nextLine: () => Promise<string>;
  exit: Promise<number | null>;
  stderr: () => string;
};

function startWorker(folder: string, worker: number, config: MnemoConfigInput): Worker {
  const child = spawn(
    process.execPath,
    [WORKER_SCRIPT, folder, String(worker), String(ROUNDS), JSON.stringify(config)],
    { cwd: REPOSITORY_ROOT, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exit = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve(code));
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done)
      throw new Error(`worker ${worker} ended its output early; exit ${await exit}; stderr:\n${stderr}`);
    return value as string;
  };
  return { child, nextLine, exit, stderr: () => stderr };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe.skipIf(!testPostgresHasServer())(
  "several processes writing to one home in PostgreSQL at once",
  () => {
    let database: TestPostgres;
    let folder = "";
    let reports: WorkerReport[] = [];
    let memory: MemoryHome;
    let config: MnemoConfigInput;

    beforeAll(async () => {
      database = await startTestPostgres();
      folder = await makeTempDir("mnemo-postgres-writers-");
      // Budgets and capacities so large that nothing is archived: every write must stay visible. The
      // writers' memories differ only by their numbers (one fact updated, to consolidation): saved
      // as given, since this test is about the writes.
      config = {
        budgets: { user: 1_000_000, memory: 1_000_000 },
        capacity: { maxLines: 100_000, targetLines: 90_000 },
        lockTimeoutMs: 60_000,
        consolidation: { enabled: false },
        search: { embedder: "none" },
        store: database.url,
        homeId: HOME_ID,
      };
      const workers = Array.from({ length: WORKERS }, (_, index) => startWorker(folder, index + 1, config));
      try {
        for (const worker of workers) expect(await worker.nextLine()).toBe("ready");
        for (const worker of workers) worker.child.stdin.end("go\n");
        reports = [];
        for (const worker of workers) {
          reports.push(JSON.parse(await worker.nextLine()) as WorkerReport);
          expect(await worker.exit, worker.stderr()).toBe(0);
        }
      } finally {
        for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
      }
      memory = await openMemory({
        home: folder,
        env: {},
        config,
        onWarning: (message) => expect.fail(message),
      });
    }, 300_000);

    afterAll(async () => {
      await memory?.close();
      await database?.stop();
      await removeDir(folder);
    });

    test("every worker finished all of its writes", () => {
      expect(reports).toHaveLength(WORKERS);
      for (const report of reports) {
        expect(report.memories).toHaveLength(ROUNDS);
        expect(report.generalEntries).toHaveLength(ROUNDS);
        expect(report.userPrefEntries).toHaveLength(ROUNDS);
        expect(report.profileFacts).toHaveLength(ROUNDS);
      }
    });

    test("every saved memory has its whole document and exactly one index line in MEMORY.md", async () => {
      const saved = reports.flatMap((report) => report.memories);
      const memoryText = (await memory.store.read(MEMORY_PATH)) ?? "";
      const index = indexLinesOf(findSection(parseSections(memoryText), MEMORY_INDEX_SECTION)?.body ?? "");
      for (const { name, path, content } of saved) {
        const parsed = parseMemoryFile(path, (await memory.store.read(path)) ?? "");
        expect(parsed.ok && parsed.header.name).toBe(name);
        expect(parsed.ok && parsed.body.trim()).toBe(content);
        expect(index.filter((line) => line.path === path)).toHaveLength(1);
      }
      expect(index).toHaveLength(saved.length);
      expect((await memory.store.list("memories")).map((document) => document.path).sort()).toEqual(
        saved.map(({ path }) => path).sort(),
      );
    });

    test.each([
      ["general", "generalEntries", MEMORY_PATH],
      ["user_pref", "userPrefEntries", "topics/user_prefs.md"],
    ] as const)("every %s journal entry appears exactly once", async (category, key, path) => {
      const expected = reports.flatMap((report) => report[key]);
      const text = (await memory.store.read(path)) ?? "";
      for (const entry of expected) expect(count(text, entry), entry).toBe(1);
      const topic = await memory.journal.readTopic(category);
      expect(topic.entries.map((entry) => entry.content).sort()).toEqual([...expected].sort());
    });

    test("two recalls that index the home at once leave exactly one chunk per memory, and find each", async () => {
      const open = () =>
        openMemory({ home: folder, env: {}, config: { ...config, search: { embedder: "none" } } });
      const [one, two] = await Promise.all([open(), open()]);
      const [first, second] = await Promise.all([
        one.recall("note", { limit: 5 }),
        two.recall("note", { limit: 5 }),
      ]);
      expect(first.hits.length).toBeGreaterThan(0);
      expect(second.hits.map((hit) => hit.path)).toEqual(first.hits.map((hit) => hit.path));
      for (const { path, content } of reports.flatMap((report) => report.memories).slice(0, 8)) {
        const marker = content.slice(content.indexOf("[") + 1, content.indexOf("]"));
        const found = await one.recall(marker, { limit: 10, type: "project" });
        expect(found.hits.filter((hit) => hit.path === path)).toHaveLength(1);
      }
      await Promise.all([one.close(), two.close()]);
    });

    test("every profile fact appears exactly once, each worker's in the order it added them, and nothing was archived", async () => {
      const text = (await memory.store.read(USER_PATH)) ?? "";
      for (const report of reports) {
        for (const fact of report.profileFacts) expect(count(text, fact), fact).toBe(1);
        expect((await memory.profile.read("user", report.profileSection)).text.split("\n")).toEqual(
          report.profileFacts,
        );
      }
      expect(await memory.store.list("archive")).toEqual([]);
      expect(await memory.store.folderStamp("archive")).toBeUndefined();
    });
  },
);
