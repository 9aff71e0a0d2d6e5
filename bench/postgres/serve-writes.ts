/**
 * Writes through several `mnemo serve --store postgres://...` processes at once (the built CLI),
 * all on one home by default (every save takes that home's lock, the hardest case) or on as many
 * homes as processes. Target: >= 500 memories/s through 4 processes, every acknowledged save there
 * afterwards exactly once.
 *
 *   npm run build && npx tsx bench/postgres/serve-writes.ts [--servers 4] [--writes 4000]
 *       [--concurrency 32] [--homes same|own] [--batch N] [--url postgres://...]
 *
 * With --batch N each request is POST /v1/memories/batch with N memories (--concurrency counts
 * requests in flight); without it, each save is its own POST /v1/memories.
 *
 * Without --url a throwaway cluster is started (durability off, as for every test cluster) and removed.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { PgPoolClient } from "../../src/adapters/postgres/pg-pool-client.js";
import { findPostgresBinaries, startPostgresCluster } from "../../src/testing/postgres-cluster.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../src/testing/test-home.js";
import { writeThroughServers } from "../../src/testing/test-serve-writers.js";
import { type Figure, figure, printFigures } from "./bench-report.js";
import { parentOf, processCpuMs, processesCpuMs, serverCpuMs } from "./cpu-time.js";

const { values } = parseArgs({
  options: {
    servers: { type: "string", default: "4" },
    writes: { type: "string", default: "4000" },
    concurrency: { type: "string", default: "32" },
    homes: { type: "string", default: "same" },
    batch: { type: "string" },
    url: { type: "string" },
  },
});
if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} does not exist: run \`npm run build\` first.`);
const servers = Number(values.servers);
const writes = Number(values.writes);
const concurrency = Number(values.concurrency);
const batch = values.batch === undefined ? undefined : Number(values.batch);
const bin = values.url ? undefined : findPostgresBinaries();
if (!values.url && !bin)
  throw new Error("No PostgreSQL with pgvector here: run .ci/install-postgres.sh or pass --url.");
const cluster = bin ? await startPostgresCluster(bin) : undefined;
const url = values.url ?? (cluster?.url as string);
const configHome = await makeTempDir("mnemo-serve-writes-");
const postmaster = await postmasterOf(url);
/** The database server's and this process's CPU (the serve processes' is counted by each run). */
const sharedCpuMs = () => (serverCpuMs(postmaster) ?? 0) + processCpuMs();
try {
  const run = Date.now();
  // One home for all, or a home per process (each server then writes a quarter of the saves).
  const homes = values.homes === "own" ? servers : 1;
  const sharedBefore = sharedCpuMs();
  const results = await Promise.all(
    Array.from({ length: homes }, (_, home) =>
      writeThroughServers({
        url,
        homeId: `bench/writes-${run}-${home}`,
        configHome,
        servers: servers / homes,
        writes: Math.ceil(writes / homes),
        concurrency: Math.ceil(concurrency / homes),
        cpuMs: processesCpuMs,
        batch,
      }),
    ),
  );
  const seconds = Math.max(...results.map((result) => result.seconds));
  const sum = (count: (result: (typeof results)[number]) => number) =>
    results.reduce((total, result) => total + count(result), 0);
  const acknowledged = sum((result) => result.acknowledged);
  // The database's share includes starting the servers and the final listing: a little over.
  const cpuMs = sum((result) => result.cpuMs ?? 0) + sharedCpuMs() - sharedBefore;
  const figures: Figure[] = [
    figure(
      `${servers} mnemo serve processes, ${homes === 1 ? "one home" : "a home each"}, ${
        batch === undefined
          ? `${concurrency} saves in flight`
          : `${concurrency} batches of ${batch} in flight`
      }`,
      {
        saves: sum(() => Math.ceil(writes / homes)),
        acknowledged,
        refused: sum((result) => result.refused.length),
        seconds: seconds,
        "memories/s": Math.round(acknowledged / seconds),
        "CPU ms a save (serve + database + client)": cpuMs / acknowledged,
        "missing afterwards": sum((result) => result.missing.length),
        "there twice or more": sum((result) => result.duplicated.length),
      },
    ),
  ];
  printFigures("saves through mnemo serve on PostgreSQL", figures, {
    postgres: cluster ? "throwaway cluster" : url,
  });
  const refusals = results.flatMap((result) => result.refused).slice(0, 3);
  if (refusals.length > 0) console.log("first refusals:", JSON.stringify(refusals));
  if (sum((result) => result.missing.length + result.duplicated.length) > 0) process.exitCode = 1;
} finally {
  await cluster?.stop();
  await removeDir(configHome);
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
