/**
 * Recall and single saves through `mnemo serve` (the built CLI) on loopback over one home of
 * 10,000 memories, on PostgreSQL (a throwaway cluster, or --url) or, with --files, on a file home
 * for comparison. Targets (issue 29): recall through HTTP p50 <= 5 ms, p95 <= 20 ms; a single save
 * <= 3 ms CPU a request and >= 200 saves/s into one home.
 *
 *   npm run build && nice -n 10 npx tsx bench/postgres/serve-http.ts [--memories 10000]
 *       [--recalls 300] [--saves 400] [--concurrency 8] [--files] [--url postgres://...]
 *
 * The home is filled through POST /v1/memories/batch (50 a request), then GET /v1/search is timed
 * one request at a time (wall time as the client sees it), then single saves (POST /v1/memories,
 * `--concurrency` in flight). No embedding model runs (MNEMO_EMBEDDER=none): what is measured is
 * the request, the store and the lexical search, not a model. CPU is the serve process's and the
 * database server's, read from /proc (10 ms ticks: meaningful over hundreds of requests).
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { PgPoolClient } from "../../src/adapters/postgres/pg-pool-client.js";
import { findPostgresBinaries, startPostgresCluster } from "../../src/testing/postgres-cluster.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { startMnemoServe } from "../../src/testing/test-cli.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../src/testing/test-home.js";
import { syntheticNote, syntheticQueries } from "../speed/synthetic-memories.js";
import { type Figure, figure, printFigures } from "./bench-report.js";
import { parentOf, processesCpuMs, serverCpuMs } from "./cpu-time.js";

const { values } = parseArgs({
  options: {
    memories: { type: "string", default: "10000" },
    recalls: { type: "string", default: "300" },
    saves: { type: "string", default: "400" },
    concurrency: { type: "string", default: "8" },
    files: { type: "boolean", default: false },
    /** Print the statements the database ran per request (pg_stat_statements, throwaway cluster only). */
    statements: { type: "boolean", default: false },
    url: { type: "string" },
  },
});
if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} does not exist: run \`npm run build\` first.`);
const memories = Number(values.memories);
const bin = values.files || values.url ? undefined : findPostgresBinaries();
if (!values.files && !values.url && !bin)
  throw new Error("No PostgreSQL with pgvector here: run .ci/install-postgres.sh, pass --url or --files.");
const cluster = bin
  ? await startPostgresCluster(
      bin,
      values.statements ? { settings: { shared_preload_libraries: "pg_stat_statements" } } : {},
    )
  : undefined;
const url = values.files ? undefined : (values.url ?? (cluster?.url as string));
const configHome = await makeTempDir("mnemo-serve-http-");
const postmaster = url ? await postmasterOf(url) : undefined;
const serve = await startMnemoServe(
  configHome,
  url ? ["--store", url, "--home-id", `bench/http-${Date.now()}`] : [],
  {
    MNEMO_EMBEDDER: "none",
  },
);
const api = serve.endpoints.api;
const pid = serve.child.pid as number;
/** CPU so far of the serve process and of the database server (0 for a file home). */
const cpu = () => ({ serve: processesCpuMs([pid]), server: serverCpuMs(postmaster) ?? 0 });
try {
  const loadStarted = performance.now();
  await fill();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  process.stderr.write(`filled ${memories} memories in ${loadSeconds.toFixed(1)} s\n`);
  const recall = await recalls();
  await printStatements("a recall", recall.times.length);
  const saving = await saves();
  await printStatements("a single save", saving.saves);
  const figures: Figure[] = [
    figure(`recall, GET /v1/search, one at a time (${recall.times.length})`, {
      "p50 ms": percentile(recall.times, 50),
      "p95 ms": percentile(recall.times, 95),
      "CPU ms a request (serve + database)": `${recall.serveCpu.toFixed(1)} + ${recall.serverCpu.toFixed(1)}`,
      "saves/s": "",
      target: "p50 <= 5 ms, p95 <= 20 ms",
    }),
    figure(`single saves, POST /v1/memories, ${values.concurrency} in flight (${saving.saves})`, {
      "p50 ms": percentile(saving.times, 50),
      "p95 ms": percentile(saving.times, 95),
      "CPU ms a request (serve + database)": `${saving.serveCpu.toFixed(1)} + ${saving.serverCpu.toFixed(1)}`,
      "saves/s": Math.round(saving.perSecond),
      target: "<= 3 ms CPU a request, >= 200 saves/s",
    }),
  ];
  printFigures(
    `mnemo serve on ${url ? "PostgreSQL" : "a file home"}, ${memories} memories in one home`,
    figures,
    {
      store: url ? (cluster ? "throwaway cluster" : url) : "files",
      fillSeconds: Math.round(loadSeconds * 10) / 10,
    },
  );
} finally {
  await serve.stop();
  await cluster?.stop();
  await removeDir(configHome);
}

/** The home's memories, 50 a batch request, 4 requests in flight. */
async function fill(): Promise<void> {
  const random = seededRandom(7);
  const bodies = Array.from({ length: Math.ceil(memories / 50) }, (_, batch) =>
    JSON.stringify({
      memories: Array.from({ length: Math.min(50, memories - batch * 50) }, (_, offset) => {
        const serial = batch * 50 + offset;
        const content = syntheticNote(random, serial);
        return { type: "project", name: `Note ${serial}`, description: content.slice(0, 60), content };
      }),
    }),
  );
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const body = bodies[next++] as string;
      await expectStatus(200, await post("/memories/batch", body), "a batch save");
    }
  };
  await Promise.all(Array.from({ length: 4 }, sender));
}

async function recalls() {
  const texts = syntheticQueries(Number(values.recalls) + 20, 5);
  // The first few warm the process (its index opened, statements prepared): not counted.
  for (const text of texts.slice(0, 20)) await search(text);
  await resetStatements();
  const times: number[] = [];
  const before = cpu();
  for (const text of texts.slice(20)) {
    const started = performance.now();
    await search(text);
    times.push(performance.now() - started);
  }
  const after = cpu();
  return {
    times,
    serveCpu: (after.serve - before.serve) / times.length,
    serverCpu: (after.server - before.server) / times.length,
  };
}

async function search(text: string): Promise<void> {
  const response = await fetch(`${api}/search?query=${encodeURIComponent(text)}&limit=10`);
  await expectStatus(200, response, `the search "${text}"`);
}

async function saves() {
  const saves = Number(values.saves);
  const times: number[] = [];
  let next = 0;
  const sender = async () => {
    while (next < saves) {
      const serial = next++;
      const content = `Write number ${serial}: the deploy checklist item ${serial} is done.`;
      const body = JSON.stringify({
        type: "project",
        name: `Write ${serial}`,
        description: content,
        content,
      });
      const started = performance.now();
      await expectStatus(201, await post("/memories", body), `the save of Write ${serial}`);
      times.push(performance.now() - started);
    }
  };
  const before = cpu();
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(values.concurrency) }, sender));
  const seconds = (performance.now() - started) / 1000;
  const after = cpu();
  return {
    saves,
    times,
    perSecond: saves / seconds,
    serveCpu: (after.serve - before.serve) / saves,
    serverCpu: (after.server - before.server) / saves,
  };
}

function post(path: string, body: string): Promise<Response> {
  return fetch(`${api}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
}

async function expectStatus(status: number, response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status}, not ${status}: ${text.slice(0, 300)}`);
}

/** The server's postmaster, when it runs on this machine (for its CPU time). */
async function postmasterOf(url: string): Promise<number | undefined> {
  const client = new PgPoolClient({ url, maxConnections: 1 });
  try {
    const [row] = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return row ? parentOf(Number(row.pid)) : undefined;
  } finally {
    await client.close();
  }
}

async function resetStatements(): Promise<void> {
  if (!values.statements || !url) return;
  const client = new PgPoolClient({ url, maxConnections: 1 });
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await client.query("SELECT pg_stat_statements_reset()");
  } finally {
    await client.close();
  }
}

/** The statements run since the last reset, per request, most frequent first; then resets. */
async function printStatements(what: string, requests: number): Promise<void> {
  if (!values.statements || !url) return;
  const client = new PgPoolClient({ url, maxConnections: 1 });
  try {
    const rows = await client.query<{ calls: string; ms: number; rows: string; query: string }>(
      `SELECT calls, total_exec_time AS ms, rows, query FROM pg_stat_statements
       WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC, total_exec_time DESC LIMIT 25`,
    );
    const total = rows.reduce((sum, row) => sum + Number(row.calls), 0);
    console.log(`\nstatements for ${what}: ${(total / requests).toFixed(2)} a request`);
    for (const row of rows) {
      const query = row.query.replace(/\s+/g, " ").slice(0, 150);
      console.log(
        `  ${(Number(row.calls) / requests).toFixed(2)} calls, ${(row.ms / requests).toFixed(3)} ms, ${(Number(row.rows) / requests).toFixed(1)} rows: ${query}`,
      );
    }
    await client.query("SELECT pg_stat_statements_reset()");
  } finally {
    await client.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
