import { type ChildProcessByStdio, spawn } from "node:child_process";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { afterEach, describe, expect, onTestFailed, test } from "vitest";
import type { MnemoConfigInput } from "../../engine/config/schema.js";
import { findSection, parseSections, sectionContent } from "../../engine/markdown/sections.js";
import { parseMemoryFile } from "../../engine/memdir/memory-file.js";
import { indexLinesOf } from "../../engine/memdir/memory-index.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import { MEMORIES_DIR, MEMORY_INDEX_SECTION, MEMORY_PATH, USER_PATH } from "../../rules/home-layout.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";
import { TEMP_FILE_PATTERN } from "./atomic-write.js";
import { LOCK_PATH } from "./fs-document-store.js";

const WORKER_SCRIPT = join(REPOSITORY_ROOT, "test", "workers", "crash-writer.test-worker.mjs");
const HOMES = 2;
const ROUNDS = 10;
/** Room for two sections of up to 200 KB; nothing is trimmed, so every section must stay whole. */
const CONFIG: MnemoConfigInput = { budgets: { user: 1_000_000 } };
const ARCHIVE_MARKER = /^<!-- mnemo archived from [^\n]* -->\n/m;

type Worker = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  firstLine: Promise<string>;
  closed: Promise<void>;
  stderr: () => string;
};

function startWorker(args: string[]): Worker {
  const child = spawn(process.execPath, [WORKER_SCRIPT, ...args], {
    cwd: REPOSITORY_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const firstLine = (async () => {
    for await (const line of createInterface({ input: child.stdout })) return line;
    await closed;
    throw new Error(
      `the crash worker ended before it was ready (exit ${child.exitCode}); stderr:\n${stderr}`,
    );
  })();
  return { child, firstLine, closed, stderr: () => stderr };
}

/**
 * Kills with SIGKILL and waits until the process is gone and reaped, so its pid is really dead;
 * fails if the worker had already stopped on its own (an error in the writes it was making).
 */
async function killHard(worker: Worker): Promise<void> {
  worker.child.kill("SIGKILL");
  await worker.closed;
  expect(worker.child.signalCode, `the worker stopped before it was killed:\n${worker.stderr()}`).toBe(
    "SIGKILL",
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A whole content is `count` identical "<tag> ..." lines followed by "END <count> <tag>". */
function expectWhole(content: string, what: string): void {
  const lines = content.trimEnd().split("\n");
  const end = /^END (\d+) (\S+)$/.exec(lines.pop() ?? "");
  expect(end, `${what} has no END line: it was cut short`).not.toBeNull();
  const [, count, tag] = end as RegExpExecArray;
  expect(lines.length, `${what} has a wrong number of lines`).toBe(Number(count));
  expect(
    lines.every((line) => line === lines[0] && line.startsWith(`${tag} `)),
    `${what} mixes two versions`,
  ).toBe(true);
}

async function expectWholeProfile(home: string, parentFacts: string[]): Promise<void> {
  const document = parseSections(await readFile(join(home, USER_PATH), "utf8"));
  expect(document.preamble).toBe("# User\n\n");
  const names = document.sections.map((section) => section.name);
  expect(new Set(names).size, `USER.md has a repeated section: ${names.join(", ")}`).toBe(names.length);
  for (const section of document.sections) {
    if (section.name === "Parent") expect(sectionContent(section)).toBe(parentFacts.join("\n"));
    else expectWhole(sectionContent(section), `USER.md section "${section.name}"`);
  }
  expect(names).toEqual(expect.arrayContaining(["Crash A", "Crash B"]));
}

async function expectWholeMemories(home: string): Promise<void> {
  const files = (await readdir(join(home, MEMORIES_DIR))).filter((name) => !name.startsWith("."));
  expect(files.sort()).toEqual(["project_crash-note-a.md", "project_crash-note-b.md"]);
  const memoryText = await readFile(join(home, MEMORY_PATH), "utf8");
  const index = indexLinesOf(findSection(parseSections(memoryText), MEMORY_INDEX_SECTION)?.body ?? "");
  for (const file of files) {
    const path = `${MEMORIES_DIR}/${file}`;
    const parsed = parseMemoryFile(path, await readFile(join(home, path), "utf8"));
    if (!parsed.ok) expect.fail(`${path} does not parse: ${parsed.problem}`);
    expectWhole(parsed.body, path);
    expect(index.filter((line) => line.path === path)).toHaveLength(1);
    // Every earlier version moved to the archive is whole too.
    const archived = await readFile(join(home, "archive", path), "utf8").catch(() => "");
    for (const chunk of archived.split(ARCHIVE_MARKER).slice(1)) {
      const version = parseMemoryFile(path, chunk);
      if (!version.ok) expect.fail(`an archived version of ${path} does not parse: ${version.problem}`);
      expectWhole(version.body, `an archived version of ${path}`);
    }
  }
}

/**
 * A writer killed mid-write leaves its hidden temporary file behind. One torn leftover is planted
 * in each folder, as a kill at the worst moment would leave it; no listing may ever show them.
 */
async function expectTemporaryFilesHidden(memory: MemoryHome, round: number): Promise<void> {
  const suffix = `${String(round).padStart(2, "0")}0123456789`.slice(0, 12);
  await writeFile(join(memory.home, `.${USER_PATH}.${suffix}.tmp`), "# User\n\n## Crash A\nr9-i9 torn");
  await writeFile(
    join(memory.home, MEMORIES_DIR, `.project_crash-note-a.md.${suffix}.tmp`),
    "---\ntype: pro",
  );
  const manifest = await memory.memories.list();
  expect(manifest.problems).toEqual([]);
  expect(manifest.memories.map((entry) => entry.path).sort()).toEqual([
    "memories/project_crash-note-a.md",
    "memories/project_crash-note-b.md",
  ]);
  for (const folder of ["", MEMORIES_DIR, "archive/memories"]) {
    for (const document of await memory.store.list(folder)) {
      expect(TEMP_FILE_PATTERN.test(document.path.split("/").at(-1) ?? ""), document.path).toBe(false);
    }
  }
}

/**
 * Kills a fresh writer on `home` once per round and checks the home after each kill. What happened
 * in each round goes to `log`, shown when the test fails.
 */
async function crashRounds(options: {
  home: string;
  workers: Set<Worker>;
  log: string[];
  signal: AbortSignal;
}): Promise<void> {
  const { home, workers, log, signal } = options;
  const parentFacts: string[] = [];
  for (let round = 1; round <= ROUNDS && !signal.aborted; round++) {
    const worker = startWorker([home, String(round), JSON.stringify(CONFIG)]);
    workers.add(worker);
    expect(await worker.firstLine).toBe("ready");
    const delay = 20 + Math.floor(Math.random() * 280);
    await sleep(delay);
    await killHard(worker);
    const lockLeft = await exists(join(home, LOCK_PATH));
    log.push(`${home} round ${round}: killed ${delay} ms after ready, lock left behind: ${lockLeft}`);

    await expectWholeProfile(home, parentFacts);
    await expectWholeMemories(home);

    // A new process (this one) opens the home and writes straight away: a stale lock is broken.
    const memory = await openMemory({ home, env: {}, config: CONFIG, onWarning: () => undefined });
    const writeStarted = Date.now();
    const fact = `after round ${round}`;
    await memory.profile.add("user", "Parent", fact);
    parentFacts.push(fact);
    log.push(`${home} round ${round}: the next write waited ${Date.now() - writeStarted} ms`);
    expect(await exists(join(home, LOCK_PATH))).toBe(false);
    await expectWholeProfile(home, parentFacts);
    await expectTemporaryFilesHidden(memory, round);
  }
}

describe("a writer killed with SIGKILL at any moment", () => {
  const homes: string[] = [];
  const workers = new Set<Worker>();

  afterEach(async () => {
    for (const worker of workers) {
      worker.child.kill("SIGKILL"); // no effect on a process that is gone already
      await worker.closed;
    }
    workers.clear();
    for (const home of homes.splice(0)) await removeDir(home);
  });

  test("leaves every file whole, and the next writer can write at once", { timeout: 120_000 }, async () => {
    const log: string[] = [];
    onTestFailed(() => console.error(`crash rounds so far:\n${log.join("\n")}`));
    // Independent homes side by side: more kills in the same time, each at its own random moment.
    for (let index = 0; index < HOMES; index++) homes.push(await makeTempDir("mnemo-crash-"));
    // The first failure stops the other homes' rounds too, before afterEach removes the homes.
    const stop = new AbortController();
    const results = await Promise.allSettled(
      homes.map((home) =>
        crashRounds({ home, workers, log, signal: stop.signal }).catch((error: unknown) => {
          stop.abort();
          throw error;
        }),
      ),
    );
    for (const result of results) if (result.status === "rejected") throw result.reason;
  });

  test("a lock held by a killed process is broken at once by the next writer", async () => {
    const home = await makeTempDir("mnemo-crash-lock-");
    homes.push(home);
    const worker = startWorker([home, "0", JSON.stringify(CONFIG), "hold-lock"]);
    workers.add(worker);
    expect(await worker.firstLine).toBe("holding");
    // While the holder lives, nobody else gets in.
    const waiting = await openMemory({ home, env: {}, config: { lockTimeoutMs: 300 } });
    await expect(waiting.profile.add("user", "Parent", "too early")).rejects.toMatchObject({
      code: "LOCK_TIMEOUT",
    });
    await killHard(worker);
    expect(await exists(join(home, LOCK_PATH))).toBe(true);
    // A short timeout proves the dead holder's lock is broken, not waited out.
    const memory = await openMemory({ home, env: {}, config: { lockTimeoutMs: 1_000 } });
    await memory.profile.add("user", "Parent", "after the kill");
    expect((await memory.profile.read("user", "Parent")).text).toBe("after the kill");
    expect(await exists(join(home, LOCK_PATH))).toBe(false);
  });
});
