/**
 * Many processes on one memory home, as several editor windows, scripts and `mnemo serve` make it:
 * readers and writers in processes of their own (concurrent-recall.test-worker.mjs, over the built
 * package), the built CLI's `recall`, `remember` and `reindex` at once, and `mnemo serve` answering
 * /v1/search beside them. Every recall must answer, with what the home holds; the full figures come
 * from bench/reliability/concurrent-readers.ts.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type MnemoRun, spawnMnemo, startMnemoServe } from "../../testing/test-cli.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";

const READERS = 16;
const WRITERS = 4;
const ROUNDS = 3;
const WORKER = join(REPOSITORY_ROOT, "test", "workers", "concurrent-recall.test-worker.mjs");

interface WorkerReport {
  rounds: Array<number | string>;
  warnings: string[];
}

/** Starts every worker, lets them all go at once when each is ready, and returns their reports. */
async function runWorkers(roles: Array<"reader" | "writer">): Promise<WorkerReport[]> {
  const workers = roles.map((role, number) => {
    const child = spawn(process.execPath, [WORKER, home, role, String(ROUNDS), `Worker ${number}`]);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const nextLine = async () => {
      const line = await lines.next();
      if (line.done) throw new Error(`a ${role} ended early (exit ${child.exitCode}): ${stderr}`);
      return line.value;
    };
    return { child, nextLine };
  });
  for (const worker of workers) expect(await worker.nextLine()).toBe("ready");
  for (const worker of workers) worker.child.stdin.end("go\n");
  const reports: WorkerReport[] = [];
  for (const worker of workers) {
    reports.push(JSON.parse(await worker.nextLine()) as WorkerReport);
    if (worker.child.exitCode === null) await once(worker.child, "close");
  }
  return reports;
}

let home = "";
beforeEach(async () => {
  home = await makeTempDir("mnemo-concurrent-recall-");
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  await mkdir(join(home, "memories"));
  for (let fact = 1; fact <= 40; fact++) {
    await writeFile(
      join(home, "memories", `project_fact-${fact}.md`),
      `---\nname: fact ${fact}\ndescription: zebra fact ${fact}\ntype: project\n---\nzebra ${fact}\n`,
    );
  }
});
afterEach(async () => {
  await removeDir(home);
});

function recall(): Promise<MnemoRun> {
  return spawnMnemo(["recall", "zebra", "--limit", "3", "--json", "--home", home]);
}

function remember(tag: string): Promise<MnemoRun> {
  return spawnMnemo(["remember", `zebra seen by ${tag}`, "--type", "project", "--name", tag, "--home", home]);
}

async function removeIndex(): Promise<void> {
  for (const suffix of ["", "-wal", "-shm"])
    await rm(join(home, ".index", `search.sqlite${suffix}`), { force: true });
}

/** Exit code and stderr of each failed run, so a failure shows what the user saw. */
function failures(runs: MnemoRun[]): string[] {
  return runs.filter((run) => run.status !== 0).map((run) => `exit ${run.status}: ${run.stderr.trim()}`);
}

function hitCount(run: MnemoRun): number {
  return (JSON.parse(run.stdout) as { hits: unknown[] }).hits.length;
}

describe("concurrent recalls on one home", () => {
  test(`${READERS} readers and ${WRITERS} writers, ${ROUNDS} rounds each from a missing index: every recall answers`, async () => {
    const roles = [
      ...Array.from({ length: READERS }, () => "reader" as const),
      ...Array.from({ length: WRITERS }, () => "writer" as const),
    ];
    const reports = await runWorkers(roles);
    const readers = reports.slice(0, READERS);
    expect(readers.map((report) => report.rounds)).toEqual(
      readers.map(() => Array.from({ length: ROUNDS }, () => 3)),
    );
    expect(reports.slice(READERS).map((report) => report.rounds)).toEqual(
      Array.from({ length: WRITERS }, () => Array.from({ length: ROUNDS }, () => "saved")),
    );
    expect(reports.flatMap((report) => report.warnings)).toEqual([]);
  });

  test("recalls beside two reindexes all answer, and so do the reindexes", async () => {
    await removeIndex();
    const runs = await Promise.all([
      ...Array.from({ length: 8 }, recall),
      spawnMnemo(["reindex", "--home", home]),
      spawnMnemo(["reindex", "--home", home]),
      remember("Writer beside reindex"),
    ]);
    expect(failures(runs)).toEqual([]);
    expect(runs.slice(0, 8).map(hitCount)).toEqual(Array.from({ length: 8 }, () => 3));
  });

  test("mnemo serve answers every /v1/search while CLI recalls and writers run, from a missing index", async () => {
    for (let fact = 41; fact <= 240; fact++) {
      const text = `zebra ${fact} grazes near the river`;
      await writeFile(
        join(home, "memories", `project_fact-${fact}.md`),
        `---\nname: fact ${fact}\ndescription: fact ${fact}\ntype: project\n---\n${text}\n`,
      );
    }
    const served = await startMnemoServe(home);
    try {
      const search = async () => {
        const response = await fetch(`${served.endpoints.api}/search?query=zebra&limit=3`);
        return `${response.status} ${response.ok ? "" : await response.text()}`.trim();
      };
      const searches = async () => {
        const answers: string[] = [];
        for (let request = 0; request < 4; request++) answers.push(await search());
        return answers;
      };
      const [answers, runs] = await Promise.all([
        Promise.all(Array.from({ length: 4 }, searches)),
        Promise.all([
          ...Array.from({ length: 8 }, recall),
          ...Array.from({ length: WRITERS }, (_, writer) => remember(`Writer ${writer} beside serve`)),
        ]),
      ]);
      expect(answers.flat()).toEqual(answers.flat().map(() => "200"));
      expect(failures(runs)).toEqual([]);
    } finally {
      await served.stop();
    }
  });
});
