/**
 * Many homes in one PostgreSQL database: loads N memories across H homes (documents, BM25
 * postings and 512-dimensional vectors, written as mnemo writes them, interleaved across homes as
 * a shared server receives them), then measures recall inside one home through the public API
 * (openMemory with store + homeId, the index catching up with the documents first), query
 * embedding excluded. Targets: p50 <= 15 ms, p95 <= 50 ms at 1,000,000 memories in 1,000 homes.
 *
 *   npx tsx bench/postgres/scale.ts [--memories 1000000] [--homes 1000] [--dimensions 512]
 *       [--queries 400] [--batch 2000] [--url postgres://...]
 *
 * Vectors are synthetic (synthetic-homes.ts): each home has 8 topics, a memory is its topic's
 * direction plus noise. Without --url a throwaway cluster is started (shared_buffers 2GB) and removed.
 */
import { parseArgs } from "node:util";
import { chunkTerms } from "../../src/adapters/bm25/bm25-terms.js";
import { PgPoolClient } from "../../src/adapters/postgres/pg-pool-client.js";
import { preparePostgresSchema } from "../../src/adapters/postgres/postgres-schema.js";
import type { SqlClient } from "../../src/adapters/postgres/sql-client.js";
import type { MemoryHome } from "../../src/engine/memory-home.js";
import { openMemory } from "../../src/open-memory.js";
import { findPostgresBinaries, startPostgresCluster } from "../../src/testing/postgres-cluster.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { makeTempDir, removeDir } from "../../src/testing/test-home.js";
import { syntheticQueries } from "../speed/synthetic-memories.js";
import { type Figure, figure, printFigures } from "./bench-report.js";
import { parentOf, processCpuMs, serverCpuMs } from "./cpu-time.js";
import {
  homeIdOf,
  noisyVector,
  PresetEmbeddingModel,
  syntheticMemory,
  TOPICS_PER_HOME,
  topicVectors,
  vectorText,
} from "./synthetic-homes.js";

const { values } = parseArgs({
  options: {
    memories: { type: "string", default: "1000000" },
    homes: { type: "string", default: "1000" },
    dimensions: { type: "string", default: "512" },
    queries: { type: "string", default: "400" },
    batch: { type: "string", default: "2000" },
    /** Batches written at once, each on its own connection. */
    loaders: { type: "string", default: "4" },
    url: { type: "string" },
    /** Measure a database an earlier run with --url loaded (same --homes and --dimensions). */
    "skip-load": { type: "boolean", default: false },
  },
});
const memories = Number(values.memories);
const homes = Number(values.homes);
const dimensions = Number(values.dimensions);
const topics = topicVectors(homes, dimensions, 1);
const embedder = new PresetEmbeddingModel(dimensions);

const bin = values.url ? undefined : findPostgresBinaries();
if (!values.url && !bin)
  throw new Error("No PostgreSQL with pgvector here: run .ci/install-postgres.sh or pass --url.");
const cluster = bin
  ? await startPostgresCluster(bin, {
      settings: {
        shared_buffers: "2GB",
        max_wal_size: "16GB",
        checkpoint_timeout: "30min",
        work_mem: "16MB",
      },
    })
  : undefined;
const url = values.url ?? (cluster?.url as string);
const client = new PgPoolClient({ url, maxConnections: Number(values.loaders) + 1 });
const configFolder = await makeTempDir("mnemo-scale-");
try {
  await preparePostgresSchema(client);
  if (!values["skip-load"]) {
    const loadSeconds = await load(client);
    const loading = figure(`${memories} memories into ${homes} homes, ${values.loaders} loaders`, {
      seconds: Math.round(loadSeconds),
      "memories/s": Math.round(memories / loadSeconds),
    });
    printFigures("loading (multi-row INSERT ... SELECT FROM unnest)", [loading]);
  }
  const recalls = await measure(await postmasterOf(client));
  const figures = Object.entries(recalls).map(([label, measured]) => recallFigure(label, measured));
  printFigures("recall inside one home (query embedding excluded)", figures, {
    memories,
    homes,
    dimensions,
    queries: Number(values.queries),
    databaseSize: await databaseSize(client),
  });
} finally {
  await client.close();
  await cluster?.stop();
  await removeDir(configFolder);
}

/** Loads the memories in batches, each holding a few memories of every home (round robin), several at once. */
async function load(sql: SqlClient): Promise<number> {
  const started = performance.now();
  const batch = Number(values.batch);
  let next = 0;
  let reported = 0;
  const loader = async () => {
    while (next < memories) {
      const first = next;
      next += batch;
      // Seeded per batch, so the data is the same whichever loader makes it.
      const random = seededRandom(first + 2);
      const rows = Array.from({ length: Math.min(batch, memories - first) }, (_, offset) => {
        const serial = first + offset;
        const home = serial % homes;
        const memory = syntheticMemory(serial, random);
        const topic = topics[home * TOPICS_PER_HOME + Math.floor(random() * TOPICS_PER_HOME)] as Float32Array;
        // One chunk per memory: its id is the memory's serial number, plus one.
        const chunks = memory.chunks.map((chunk) => ({
          ...chunk,
          id: serial + 1,
          terms: chunkTerms(chunk.title, chunk.text),
        }));
        return { home: homeIdOf(home), ...memory, chunks, vector: vectorText(noisyVector(topic, random)) };
      });
      await insertBatch(sql, rows);
      if (first - reported >= 50_000) {
        reported = first;
        const seconds = (performance.now() - started) / 1000;
        process.stderr.write(`loaded ${first + rows.length} in ${seconds.toFixed(0)} s\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: Number(values.loaders) }, loader));
  await finishLoad(sql, memories);
  return (performance.now() - started) / 1000;
}

type SyntheticChunk = ReturnType<typeof syntheticMemory>["chunks"][number];
interface LoadRow {
  home: string;
  path: string;
  content: string;
  vector: string;
  chunks: Array<SyntheticChunk & { id: number; terms: ReturnType<typeof chunkTerms> }>;
}

async function insertBatch(sql: SqlClient, rows: LoadRow[]): Promise<void> {
  await sql.query(
    `WITH written AS (
       INSERT INTO mnemo_documents (home_id, path, folder, content, modified_at, change_stamp)
       SELECT home, path, 'memories', convert_to(content, 'UTF8'), '2026-01-01T00:00:00Z', nextval('mnemo_change_stamps')
       FROM unnest($1::text[], $2::text[], $3::text[]) AS d(home, path, content)
       RETURNING home_id, path, octet_length(content) AS size, change_stamp)
     INSERT INTO mnemo_indexed_documents (home_id, path, hash, mtime_ms, size, change_stamp)
     SELECT home_id, path, 'synthetic', 1767225600000, size, change_stamp::text FROM written`,
    [rows.map((row) => row.home), rows.map((row) => row.path), rows.map((row) => row.content)],
  );
  const chunks = rows.flatMap((row) =>
    row.chunks.map((chunk) => ({ ...chunk, home: row.home, vector: row.vector })),
  );
  const column = <T>(value: (chunk: (typeof chunks)[number]) => T) => chunks.map(value);
  await sql.query(
    `INSERT INTO mnemo_chunks (home_id, id, path, kind, locator, line, title, text, memory_type, date, updated, text_hash, term_count, embedding)
     SELECT home, id, path, kind, locator, line, title, text, memory_type, date, updated, text_hash, term_count, embedding::vector
     FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[],
       $9::text[], $10::text[], $14::text[], $11::text[], $12::int[], $13::text[])
       AS c(home, id, path, kind, locator, line, title, text, memory_type, date, updated, text_hash, term_count, embedding)`,
    [
      column((chunk) => chunk.home),
      column((chunk) => chunk.id),
      column((chunk) => chunk.path),
      column((chunk) => chunk.kind),
      column((chunk) => chunk.locator),
      column((chunk) => chunk.line),
      column((chunk) => chunk.title),
      column((chunk) => chunk.text),
      column((chunk) => chunk.memoryType ?? null),
      column((chunk) => chunk.date ?? null),
      column((chunk) => chunk.textHash),
      column((chunk) => chunk.terms.length),
      column((chunk) => chunk.vector),
      column((chunk) => chunk.updated),
    ],
  );
  const postings = chunks.flatMap((chunk) =>
    [...chunk.terms.frequencies].map(
      ([term, frequency]) => [chunk.home, term, chunk.id, frequency, chunk.terms.length] as const,
    ),
  );
  await sql.query(
    `INSERT INTO mnemo_chunk_terms (home_id, term, chunk_id, frequency, chunk_length)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::int[])`,
    [0, 1, 2, 3, 4].map((field) => postings.map((posting) => posting[field])),
  );
}

/** Each home's statistics, vector model and folder stamp, as the adapters keep them, then ANALYZE. */
async function finishLoad(sql: SqlClient, lastChunkId: number): Promise<void> {
  await sql.query(
    `INSERT INTO mnemo_search_homes (home_id, vector_model, vector_dimensions, chunk_count, term_total)
     SELECT home_id, $1, $2, count(*), sum(term_count) FROM mnemo_chunks GROUP BY home_id
     ON CONFLICT (home_id) DO UPDATE SET vector_model = excluded.vector_model, vector_dimensions = excluded.vector_dimensions,
       chunk_count = excluded.chunk_count, term_total = excluded.term_total`,
    [embedder.id, dimensions],
  );
  await sql.query(
    `INSERT INTO mnemo_folders (home_id, folder, change_stamp)
     SELECT DISTINCT home_id, 'memories', nextval('mnemo_change_stamps') FROM mnemo_search_homes ON CONFLICT DO NOTHING`,
  );
  await sql.query("SELECT setval('mnemo_chunk_ids', $1)", [lastChunkId]);
  await sql.query("ANALYZE");
}

interface Measured {
  /** Wall time of each recall, query embedding excluded. */
  times: number[];
  /** CPU of this process and of the server, over all of them. */
  clientCpuMs: number;
  serverCpuMs: number | undefined;
}

/** Recalls on random homes: the first on a home (its index checked against every document), then a second one. */
async function measure(postmaster: number | undefined): Promise<Record<string, Measured>> {
  const random = seededRandom(3);
  const texts = syntheticQueries(Number(values.queries), 4);
  const first: Measured = { times: [], clientCpuMs: 0, serverCpuMs: postmaster && 0 };
  const again: Measured = { times: [], clientCpuMs: 0, serverCpuMs: postmaster && 0 };
  const searchOnly: Measured = { times: [], clientCpuMs: Number.NaN, serverCpuMs: undefined };
  for (const text of texts) {
    const home = Math.floor(random() * homes);
    const memory: MemoryHome = await openMemory({
      home: configFolder,
      env: {},
      store: url,
      homeId: homeIdOf(home),
      embedder,
      onWarning: (message) => process.stderr.write(`warning: ${message}\n`),
    });
    for (const measured of [first, again]) {
      const topic = topics[home * TOPICS_PER_HOME + Math.floor(random() * TOPICS_PER_HOME)] as Float32Array;
      embedder.next = noisyVector(topic, random);
      const [clientBefore, serverBefore] = [processCpuMs(), serverCpuMs(postmaster)];
      const started = performance.now();
      const result = await memory.recall(text, { limit: 10 });
      measured.times.push(performance.now() - started - result.timings.queryEmbeddingMs);
      measured.clientCpuMs += processCpuMs() - clientBefore;
      if (measured.serverCpuMs !== undefined)
        measured.serverCpuMs += (serverCpuMs(postmaster) ?? 0) - (serverBefore ?? 0);
      if (measured === again) searchOnly.times.push(result.timings.searchMs);
      if (result.hits.length === 0) throw new Error(`no hit for "${text}" in ${homeIdOf(home)}`);
    }
    await memory.close();
  }
  return {
    "first recall on a home (full check of its documents, then search)": first,
    "next recall on the same home": again,
    "of which the search itself (BM25 + vectors + ranking)": searchOnly,
  };
}

/** The server's postmaster, when it runs on this machine (for its CPU time). */
async function postmasterOf(sql: SqlClient): Promise<number | undefined> {
  const [row] = await sql.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return row ? parentOf(Number(row.pid)) : undefined;
}

async function databaseSize(sql: SqlClient): Promise<string> {
  const [row] = await sql.query<{ size: string }>(
    "SELECT pg_size_pretty(pg_database_size(current_database())) AS size",
  );
  return row?.size ?? "?";
}

/** Wall-time percentiles, and CPU per recall (this process + the server) where it was counted. */
function recallFigure(label: string, { times, clientCpuMs, serverCpuMs }: Measured): Figure {
  const cpu = Number.isNaN(clientCpuMs)
    ? ""
    : `${(clientCpuMs / times.length).toFixed(1)} + ${serverCpuMs === undefined ? "?" : (serverCpuMs / times.length).toFixed(1)}`;
  return figure(label, {
    "p50 ms": percentile(times, 50),
    "p95 ms": percentile(times, 95),
    "max ms": Math.max(...times),
    "CPU ms a recall (mnemo + server)": cpu,
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
