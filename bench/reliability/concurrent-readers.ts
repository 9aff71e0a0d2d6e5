/**
 * Many processes on one memory home: `--readers` `mnemo recall` processes at once (the built CLI,
 * as editor windows and scripts run it) while `--writers` processes save memories, in four
 * scenarios of `--rounds` rounds each:
 *
 *   cold     the search index is deleted before each round, so every reader finds it missing;
 *   warm     the index is kept, only the writers' new memories are to catch up;
 *   reindex  two `mnemo reindex` run beside the readers and writers;
 *   serve    `mnemo serve`, started on a missing index, answers GET /v1/search in a loop (4 at a
 *            time) beside them.
 *
 * Prints a table and, with --json, one JSON line: recalls, failed recalls, recalls that searched
 * what the index held because they could not catch up in time ("behind"), p50/p95/max recall
 * latency (spawn to exit) under load, and the other processes' runs and failures.
 *
 *   npm run build && npx tsx bench/reliability/concurrent-readers.ts [--readers 16] [--writers 4]
 *       [--rounds 5] [--memories 200] [--embedder none|local] [--json]
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openMemory } from "../../src/open-memory.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { type MnemoRun, spawnMnemo, startMnemoServe } from "../../src/testing/test-cli.js";
import { CLI_PATH } from "../../src/testing/test-home.js";
import { percentile } from "../http/load-phase.js";
import { syntheticNote } from "../speed/synthetic-memories.js";

const { values } = parseArgs({
  options: {
    readers: { type: "string", default: "16" },
    writers: { type: "string", default: "4" },
    rounds: { type: "string", default: "5" },
    memories: { type: "string", default: "200" },
    embedder: { type: "string", default: "none" },
    json: { type: "boolean", default: false },
  },
});
const readers = wholeNumber("--readers", values.readers);
const writers = wholeNumber("--writers", values.writers, 0);
const rounds = wholeNumber("--rounds", values.rounds);
const seeded = wholeNumber("--memories", values.memories);
if (values.embedder !== "none" && values.embedder !== "local") fail("--embedder must be none or local.");
if (!existsSync(CLI_PATH)) fail(`${CLI_PATH} does not exist: run \`npm run build\` first.`);
setTimeout(() => fail("the run took longer than 15 minutes; stopped."), 15 * 60_000).unref();

interface ScenarioResult {
  scenario: string;
  readers: number;
  writers: number;
  rounds: number;
  recalls: number;
  failures: number;
  /** Recalls that could not catch up in time and searched what the index held (with a warning). */
  behind: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Of a recall's time, the index's catch-up (waits for the write lock included), as it reports it. */
  syncP95Ms: number;
  /** The processes or requests beside the readers: reindex runs, HTTP searches. */
  beside: { what: string; runs: number; failures: number };
  firstFailure?: string;
}

const home = await mkdtemp(join(tmpdir(), "mnemo-concurrent-readers-"));
try {
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: values.embedder } }));
  await seed(home, seeded);
  const results = [
    await scenario("cold", { coldIndex: true }),
    await scenario("warm", {}),
    await scenario("reindex", { beside: reindexTwice }),
    await serveScenario(),
  ];
  console.log(
    `${readers} concurrent \`mnemo recall\` and ${writers} writers on one home of ${seeded} memories, ` +
      `embedder ${values.embedder}, ${rounds} rounds per scenario\n`,
  );
  console.log(formatTable(results));
  for (const result of results.filter((each) => each.firstFailure))
    console.log(`\n${result.scenario}, first failure: ${result.firstFailure}`);
  if (values.json) console.log(JSON.stringify({ embedder: values.embedder, memories: seeded, results }));
  if (results.some((result) => result.failures + result.beside.failures > 0)) process.exitCode = 1;
} finally {
  await rm(home, { recursive: true, force: true });
}

type Beside = (round: number) => Promise<MnemoRun[]>;

/** `rounds` rounds of `readers` recalls and `writers` writer chains at once, with `beside` alongside. */
async function scenario(
  name: string,
  options: { coldIndex?: boolean; beside?: Beside; besideName?: string },
): Promise<ScenarioResult> {
  const recalls: MnemoRun[] = [];
  const besideRuns: MnemoRun[] = [];
  for (let round = 0; round < rounds; round++) {
    if (options.coldIndex) await removeIndex();
    const [reads, , beside] = await Promise.all([
      Promise.all(Array.from({ length: readers }, (_, reader) => recall(round * readers + reader))),
      Promise.all(Array.from({ length: writers }, (_, writer) => writeChain(`${name}-${round}-${writer}`))),
      options.beside?.(round) ?? Promise.resolve([]),
    ]);
    recalls.push(...reads);
    besideRuns.push(...beside);
  }
  return summarise(name, recalls, {
    what: options.beside ? (options.besideName ?? "reindex runs") : "-",
    runs: besideRuns.length,
    failures: besideRuns.filter((run) => run.status !== 0).length,
  });
}

/** The same as `warm`, with `mnemo serve` answering searches in a loop while the CLI recalls run. */
async function serveScenario(): Promise<ScenarioResult> {
  await removeIndex(); // the server's first searches build the index beside the CLI's
  const served = await startMnemoServe(home);
  try {
    let requests = 0;
    let failures = 0;
    let firstFailure: string | undefined;
    const search = async (serial: number): Promise<void> => {
      const response = await fetch(`${served.endpoints.api}/search?query=${query(serial)}&limit=5`);
      const body = await response.text();
      requests++;
      if (!response.ok) {
        failures++;
        firstFailure ??= `HTTP ${response.status}: ${body.slice(0, 300)}`;
      }
    };
    let stop = false;
    const loops = Array.from({ length: 4 }, async (_, loop) => {
      for (let serial = loop; !stop; serial += 4) await search(serial).catch(() => void failures++);
    });
    const result = await scenario("serve", {});
    stop = true;
    await Promise.all(loops);
    return {
      ...result,
      beside: { what: "HTTP /v1/search", runs: requests, failures },
      firstFailure: result.firstFailure ?? firstFailure,
    };
  } finally {
    await served.stop();
  }
}

async function removeIndex(): Promise<void> {
  for (const suffix of ["", "-wal", "-shm"])
    await rm(join(home, ".index", `search.sqlite${suffix}`), { force: true });
}

function recall(serial: number): Promise<MnemoRun> {
  return spawnMnemo(["recall", query(serial), "--limit", "5", "--json", "--home", home]);
}

function syncMsOf(run: MnemoRun): number[] {
  try {
    const { timings } = JSON.parse(run.stdout) as { timings: { syncMs: number } };
    return [timings.syncMs];
  } catch {
    return [];
  }
}

/** One writer: two memories saved one after the other, through the CLI. */
async function writeChain(tag: string): Promise<void> {
  for (let step = 0; step < 2; step++) {
    const run = await spawnMnemo([
      "remember",
      `Written by ${tag} step ${step}: the otter likes kelp.`,
      "--type",
      "project",
      "--name",
      `Writer ${tag} ${step}`,
      "--home",
      home,
    ]);
    if (run.status !== 0) fail(`a writer failed (exit ${run.status}): ${run.stderr}`);
  }
}

async function reindexTwice(): Promise<MnemoRun[]> {
  return Promise.all([0, 1].map(() => spawnMnemo(["reindex", "--home", home])));
}

function query(serial: number): string {
  return (
    ["otter kelp", "python deploy", "coffee morning", "release sprint", "tabs spaces"][serial % 5] ?? "otter"
  );
}

function summarise(name: string, runs: MnemoRun[], beside: ScenarioResult["beside"]): ScenarioResult {
  const failed = runs.filter((run) => run.status !== 0);
  const latencies = runs.map((run) => run.ms);
  return {
    scenario: name,
    readers,
    writers,
    rounds,
    recalls: runs.length,
    failures: failed.length,
    behind: runs.filter((run) => run.stderr.includes("could not catch up")).length,
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms: Math.round(percentile(latencies, 95)),
    maxMs: Math.round(Math.max(...latencies)),
    syncP95Ms: Math.round(percentile(runs.flatMap(syncMsOf), 95)),
    beside,
    firstFailure: failed[0]
      ? `exit ${failed[0].status}: ${failed[0].stderr.trim().slice(0, 300)}`
      : undefined,
  };
}

function formatTable(results: ScenarioResult[]): string {
  const header = [
    "scenario",
    "readers",
    "writers",
    "rounds",
    "recalls",
    "failures",
    "behind",
    "p50 ms",
    "p95 ms",
    "max ms",
    "sync p95",
    "beside",
    "runs",
    "failed",
  ];
  const rows = results.map((result) =>
    [
      result.scenario,
      result.readers,
      result.writers,
      result.rounds,
      result.recalls,
      result.failures,
      result.behind,
      result.p50Ms,
      result.p95Ms,
      result.maxMs,
      result.syncP95Ms,
      result.beside.what,
      result.beside.runs,
      result.beside.failures,
    ].map(String),
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  return [header, ...rows]
    .map((row) => row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join("  "))
    .join("\n");
}

/** Saves `count` memories through the library, before any reader starts. */
async function seed(homePath: string, count: number): Promise<void> {
  const memory = await openMemory({ home: homePath, env: {} });
  const random = seededRandom(count);
  for (let serial = 0; serial < count; serial++) {
    const note = syntheticNote(random, serial);
    await memory.memories.save({
      type: "project",
      name: `Note ${serial}`,
      description: note.slice(0, 60),
      content: note,
    });
  }
  await memory.close();
}

function wholeNumber(option: string, value: string, minimum = 1): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < minimum)
    fail(`${option} must be a whole number of at least ${minimum}, not "${value}".`);
  return number;
}

function fail(message: string): never {
  console.error(`concurrent-readers: ${message}`);
  process.exit(1);
}
