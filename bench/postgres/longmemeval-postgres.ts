/**
 * Ranking quality on PostgreSQL against the embedded index, on LongMemEval_S (session and turn
 * granularity), with the same embedder, the same chunks and the same ranking code: only the index
 * differs (SQLite FTS5 + in-memory vectors, or PostgreSQL BM25 postings + pgvector). Target: R_all@5
 * within 0.01.
 *
 *   npx tsx bench/postgres/longmemeval-postgres.ts [--limit N] [--granularity session|turn|both]
 *       [--embedder local|none] [--url postgres://...]
 *
 * Without --url a throwaway cluster of the installed PostgreSQL is started (and removed). Each
 * question gets a home of its own in one database. Embeddings are cached in .bench-data/.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { PgPoolClient } from "../../src/adapters/postgres/pg-pool-client.js";
import { PostgresSearchIndex } from "../../src/adapters/postgres/postgres-search-index.js";
import { configSchema } from "../../src/engine/config/schema.js";
import { withEmbeddingCacheFile } from "../../src/eval/caching-embedding-model.js";
import { type RetrievalEvalReport, runRetrievalEval } from "../../src/eval/run-retrieval-eval.js";
import { findPostgresBinaries, startPostgresCluster } from "../../src/testing/postgres-cluster.js";
import { type Granularity, longMemEvalCases, requireData } from "../longmemeval/convert-longmemeval.js";

const SEARCH = configSchema.parse({}).search;
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { values } = parseArgs({
  options: {
    limit: { type: "string" },
    data: { type: "string", default: resolve(root, "..", "shared", "data", "longmemeval") },
    embedder: { type: "string", default: "local" },
    granularity: { type: "string", default: "both" },
    url: { type: "string" },
  },
});
const limit = values.limit === undefined ? undefined : Number(values.limit);
const granularities: Granularity[] =
  values.granularity === "both" ? ["session", "turn"] : [values.granularity as Granularity];
const outputFolder = join(root, ".bench-data");
mkdirSync(outputFolder, { recursive: true });

const bin = values.url ? undefined : findPostgresBinaries();
if (!values.url && !bin)
  throw new Error("No PostgreSQL with pgvector here: run .ci/install-postgres.sh or pass --url.");
const cluster = bin ? await startPostgresCluster(bin) : undefined;
const client = new PgPoolClient({ url: values.url ?? (cluster?.url as string) });
const run = Date.now();
let cases = 0;

const rows: string[] = [];
try {
  for (const granularity of granularities) {
    const input = await casesFile(granularity);
    const embedder = await loadEmbedder(values.embedder);
    const common = {
      input,
      ks: [5, 10],
      embedder,
      fusion: { method: "weighted" as const, textWeight: SEARCH.textWeight },
      feedback: { weight: SEARCH.feedbackWeight, top: SEARCH.feedbackTop },
      limitCases: limit,
    };
    const embedded = await timed(() => runRetrievalEval(common));
    const onPostgres = await timed(() =>
      runRetrievalEval({
        ...common,
        createIndex: async () => new PostgresSearchIndex({ client, homeId: `longmemeval/${run}/${++cases}` }),
        onCase: (done) => {
          if (done % 50 === 0) process.stderr.write(`${granularity} on PostgreSQL: ${done} questions\n`);
        },
      }),
    );
    await embedder?.close();
    rows.push(row(granularity, "embedded (SQLite)", embedded), row(granularity, "PostgreSQL", onPostgres));
    const difference =
      (onPostgres.report.overall.recallAll[5] ?? 0) - (embedded.report.overall.recallAll[5] ?? 0);
    rows.push(`| ${granularity} | difference | | ${difference.toFixed(4)} | | | | |`);
  }
} finally {
  await client.close();
  await cluster?.stop();
}
console.log("\n| granularity | index | questions | R_all@5 | R_any@5 | NDCG@5 | query p50 ms | run s |");
console.log("|---|---|---|---|---|---|---|---|");
for (const line of rows) console.log(line);
console.log(`\nembedder: ${values.embedder}; PostgreSQL: ${cluster ? "throwaway cluster" : client.location}`);

async function timed(work: () => Promise<RetrievalEvalReport>) {
  const started = performance.now();
  const report = await work();
  return { report, seconds: (performance.now() - started) / 1000 };
}

function row(
  granularity: string,
  index: string,
  { report, seconds }: Awaited<ReturnType<typeof timed>>,
): string {
  const o = report.overall;
  const f = (value: number | undefined) => (value ?? 0).toFixed(3);
  return `| ${granularity} | ${index} | ${o.queries} | ${f(o.recallAll[5])} | ${f(o.recallAny[5])} | ${f(o.ndcg[5])} | ${report.latencyMs.p50.toFixed(1)} | ${seconds.toFixed(0)} |`;
}

/** The converted cases: the file run-longmemeval.ts wrote, or a new one. */
async function casesFile(granularity: Granularity): Promise<string> {
  const path = join(outputFolder, `longmemeval-s-${granularity}.jsonl`);
  if (existsSync(path)) return path;
  const lines: string[] = [];
  for await (const evalCase of longMemEvalCases(requireData(values.data), granularity))
    lines.push(JSON.stringify(evalCase));
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

async function loadEmbedder(name: string | undefined) {
  if (name === "none") return undefined;
  const { createLocalEmbeddingModel } = await import("../../src/adapters/models/local/index.js");
  const model = createLocalEmbeddingModel(name === "local" ? undefined : (name as "use-lite" | "glove"));
  return withEmbeddingCacheFile(
    model,
    join(outputFolder, `embeddings-${model.id.replace(/[^\w.-]+/g, "_")}.sqlite`),
  );
}
