import { type ChildProcessByStdio, spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
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
import { TEMP_FILE_PATTERN } from "./atomic-write.js";
import { LOCK_PATH } from "./fs-document-store.js";

const WORKER_SCRIPT = join(REPOSITORY_ROOT, "test", "workers", "concurrent-writer.test-worker.mjs");
const WORKERS = 4;
/** Each round is four writes (memory, MEMORY.md journal entry, topic journal entry, profile fact). */
const ROUNDS = 20;
/**
 * Budgets and capacities so large that nothing is ever archived: every write must stay visible. The
 * writers' memories differ only by their numbers, which consolidation would rightly read as one fact
 * updated; this test is about the writes, so it saves them as given.
 */
const CONFIG: MnemoConfigInput = {
  budgets: { user: 1_000_000, memory: 1_000_000 },
  capacity: { maxLines: 100_000, targetLines: 90_000 },
  lockTimeoutMs: 30_000,
  consolidation: { enabled: false },
};

type Worker = {
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  nextLine: () => Promise<string>;
  exit: Promise<number | null>;
  stderr: () => string;
};

function startWorker(home: string, worker: number): Worker {
  const child = spawn(
    process.execPath,
    [WORKER_SCRIPT, home, String(worker), String(ROUNDS), JSON.stringify(CONFIG)],
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

function countOccurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe("several processes writing to one home at the same moment", () => {
  let home = "";
  let reports: WorkerReport[] = [];
  let memory: MemoryHome;

  beforeAll(async () => {
    home = await makeTempDir("mnemo-concurrent-");
    const workers = Array.from({ length: WORKERS }, (_, index) => startWorker(home, index + 1));
    try {
      for (const worker of workers) expect(await worker.nextLine()).toBe("ready");
      for (const worker of workers) worker.child.stdin.end("go\n");
      reports = [];
      for (const worker of workers) {
        reports.push(JSON.parse(await worker.nextLine()) as WorkerReport);
        expect(await worker.exit, worker.stderr()).toBe(0);
        expect(worker.stderr()).not.toContain("mnemo warning:");
      }
    } finally {
      for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
    }
    memory = await openMemory({
      home,
      env: {},
      config: CONFIG,
      onWarning: (message) => expect.fail(message),
    });
  });

  afterAll(async () => removeDir(home));

  test("every worker finished all of its writes", () => {
    expect(reports).toHaveLength(WORKERS);
    for (const report of reports) {
      expect(report.memories).toHaveLength(ROUNDS);
      expect(report.generalEntries).toHaveLength(ROUNDS);
      expect(report.userPrefEntries).toHaveLength(ROUNDS);
      expect(report.profileFacts).toHaveLength(ROUNDS);
    }
  });

  test("every saved memory has its whole file and exactly one index line in MEMORY.md", async () => {
    const saved = reports.flatMap((report) => report.memories);
    const index = indexLinesOf(
      findSection(parseSections(await readFile(join(home, MEMORY_PATH), "utf8")), MEMORY_INDEX_SECTION)
        ?.body ?? "",
    );
    for (const { name, path, content } of saved) {
      const parsed = parseMemoryFile(path, await readFile(join(home, path), "utf8"));
      expect(parsed.ok && parsed.header.name).toBe(name);
      expect(parsed.ok && parsed.body.trim()).toBe(content);
      expect(index.filter((line) => line.path === path)).toHaveLength(1);
    }
    expect(index).toHaveLength(saved.length);
    expect((await readdir(join(home, "memories"))).sort()).toEqual(
      saved.map(({ path }) => path.slice("memories/".length)).sort(),
    );
    expect((await memory.memories.list()).memories).toHaveLength(saved.length);
  });

  test.each([
    ["general", "generalEntries", MEMORY_PATH],
    ["user_pref", "userPrefEntries", "topics/user_prefs.md"],
  ] as const)("every %s journal entry appears exactly once", async (category, key, path) => {
    const expected = reports.flatMap((report) => report[key]);
    const text = await readFile(join(home, path), "utf8");
    for (const entry of expected) expect(countOccurrences(text, entry), entry).toBe(1);
    const topic = await memory.journal.readTopic(category);
    expect(topic.warnings).toEqual([]);
    expect(topic.entries.map((entry) => entry.content).sort()).toEqual([...expected].sort());
  });

  test("every profile fact appears exactly once, each worker's in the order it added them", async () => {
    const text = await readFile(join(home, USER_PATH), "utf8");
    for (const report of reports) {
      for (const fact of report.profileFacts) expect(countOccurrences(text, fact), fact).toBe(1);
      const section = await memory.profile.read("user", report.profileSection);
      expect(section.text.split("\n")).toEqual(report.profileFacts);
    }
    expect(
      parseSections(text)
        .sections.map((section) => section.name)
        .sort(),
    ).toEqual(reports.map((report) => report.profileSection).sort());
  });

  test("nothing was archived, and no lock or temporary file is left behind", async () => {
    const files = await readdir(home, { recursive: true });
    expect(files.filter((file) => file.startsWith("archive"))).toEqual([]);
    expect(files.filter((file) => TEMP_FILE_PATTERN.test(file.split("/").at(-1) ?? ""))).toEqual([]);
    expect(files).not.toContain(LOCK_PATH);
  });
});
