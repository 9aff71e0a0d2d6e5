/**
 * Load test of the HTTP API on loopback: the built `mnemo serve` in its own process over a temp
 * home seeded with typed memories, then bounded phases of search and save requests sent with
 * fetch, `--concurrency` at a time. Prints a table and one JSON line: requests per second,
 * p50/p95/max latency and errors per operation, and whether every save is on disk.
 *
 *   npm run build && npx tsx bench/http/http-load.ts [--requests 1000] [--concurrency 8] [--seconds 20]
 *       [--memories 200] [--embedder none|local] [--json]
 *
 * Bounded in count (--requests per operation) and in time (no new request after --seconds per
 * phase; none left running past twice that; the whole run is killed past a hard limit).
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openMemory } from "../../src/open-memory.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { startMnemoServe } from "../../src/testing/test-cli.js";
import { CLI_PATH } from "../../src/testing/test-home.js";
import { syntheticNote, syntheticQueries } from "../speed/synthetic-memories.js";
import { formatPhaseTable, type PhaseResult, runPhase } from "./load-phase.js";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "8" },
    seconds: { type: "string", default: "20" },
    memories: { type: "string", default: "200" },
    embedder: { type: "string", default: "none" },
    json: { type: "boolean", default: false },
  },
});
const requests = wholeNumber("--requests", values.requests);
const concurrency = wholeNumber("--concurrency", values.concurrency);
const seconds = wholeNumber("--seconds", values.seconds);
const seeded = wholeNumber("--memories", values.memories);
const embedder = values.embedder;
if (embedder !== "none" && embedder !== "local") fail(`--embedder must be none or local, not "${embedder}".`);
if (!existsSync(CLI_PATH)) fail(`${CLI_PATH} does not exist: run \`npm run build\` first.`);

// Whatever happens, the run ends: two phases, their stragglers, seeding and the model's first load.
const hardLimitMs = (4 * seconds + 120) * 1000;
setTimeout(() => fail(`the run took longer than ${hardLimitMs / 1000} s; stopped.`), hardLimitMs).unref();

const home = await mkdtemp(join(tmpdir(), "mnemo-http-load-"));
try {
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder } }));
  const seedSeconds = await seed(home, seeded);
  const served = await startMnemoServe(home);
  try {
    const api = served.endpoints.api;
    const firstSearchMs = await timed(() => fetchOk(`${api}/search?query=warm+up`));
    const queries = syntheticQueries(requests, 7);
    const random = seededRandom(42);
    const results: PhaseResult[] = [];
    results.push(
      await runPhase({
        operation: "search",
        count: requests,
        concurrency,
        seconds,
        send: (index, signal) =>
          fetchOk(`${api}/search?limit=10&query=${encodeURIComponent(queries[index] ?? "tabs")}`, { signal }),
      }),
    );
    results.push(
      await runPhase({
        operation: "save",
        count: requests,
        concurrency,
        seconds,
        send: (index, signal) =>
          fetchOk(`${api}/memories`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              type: "project",
              name: `Load ${index}`,
              description: `Saved by the load test, number ${index}`,
              content: syntheticNote(random, index),
            }),
            signal,
          }),
      }),
    );
    const saved = results[1] ? results[1].requests - results[1].errors : 0;
    const onDisk = (await readdir(join(home, "memories"))).filter((name) => name.endsWith(".md")).length;
    const report = {
      embedder,
      memories: seeded,
      requests,
      concurrency,
      seconds,
      seedSeconds,
      firstSearchMs,
      results,
      savesOnDisk: onDisk - seeded,
      savesLost: saved - (onDisk - seeded),
    };
    console.log(
      `mnemo serve on loopback: ${seeded} seeded memories, embedder ${embedder}, concurrency ${concurrency}, ` +
        `first search ${firstSearchMs.toFixed(0)} ms (index catch-up${embedder === "local" ? " and model load" : ""})\n`,
    );
    console.log(formatPhaseTable(results));
    console.log(`\nsaves answered 2xx: ${saved}, on disk: ${onDisk - seeded}, lost: ${report.savesLost}`);
    if (values.json) console.log(JSON.stringify(report));
    const code = await served.stop();
    if (code !== 0) fail(`mnemo serve exited with ${code}: ${served.stderr()}`);
    if (report.savesLost !== 0) process.exitCode = 1;
  } finally {
    if (served.child.exitCode === null) served.child.kill("SIGKILL");
  }
} finally {
  await rm(home, { recursive: true, force: true });
}

/** Saves `count` memories through the library (one write each, under the lock); returns seconds taken. */
async function seed(homePath: string, count: number): Promise<number> {
  const started = performance.now();
  const memory = await openMemory({ home: homePath, env: {} });
  const random = seededRandom(count);
  const types = ["user", "feedback", "project", "reference"] as const;
  for (let serial = 0; serial < count; serial++) {
    const note = syntheticNote(random, serial);
    await memory.memories.save({
      type: types[serial % types.length] ?? "project",
      name: `Note ${serial}`,
      description: note.slice(0, 60),
      content: note,
    });
  }
  await memory.close();
  return (performance.now() - started) / 1000;
}

async function fetchOk(url: string, init: RequestInit = {}): Promise<boolean> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.ok;
}

async function timed(work: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  if (!(await work())) fail("the first search failed: is the server healthy?");
  return performance.now() - started;
}

function wholeNumber(option: string, value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1)
    fail(`${option} must be a whole number of at least 1, not "${value}".`);
  return number;
}

function fail(message: string): never {
  console.error(`http-load: ${message}`);
  process.exit(1);
}
