/**
 * Ranking quality on PostgreSQL against the embedded index, on LongMemEval_S (session and turn
 * granularity), with the same embedder, the same chunks and the same ranking code: only the index
 * differs (SQLite FTS5 + in-memory vectors, or PostgreSQL BM25 postings + pgvector). Target: R_all@5
 * within 0.01.
 *
 *   npx tsx bench/postgres/longmemeval-postgres.ts [--limit N] [--turn-limit 115]
 *       [--granularity session|turn|both] [--embedder local|none] [--url postgres://...]
 *
 * --limit caps the questions of both granularities, --turn-limit those of the turn level (its
 * ~89,000 turns take hours to embed on a CPU; the cache holds those of the first 122 questions).
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
import { type Figure, figure, printFigures } from "./bench-report.js";

const SEARCH = configSchema.parse({}).search;
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { values } = parseArgs({
  options: {
    limit: { type: "string" },
    "turn-limit": { type: "string" },
    data: { type: "string", default: resolve(root, "..", "shared", "data", "longmemeval") },
    embedder: { type: "string", default: "local" },
    granularity: { type: "string", default: "both" },
    url: { type: "string" },
  },
});
const limit = values.limit === undefined ? undefined : Number(values.limit);
const turnLimit = values["turn-limit"] === undefined ? limit : Number(values["turn-limit"]);
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

const figures: Figure[] = [];
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
      timeWindowWeight: SEARCH.timeWindowWeight,
      aspectWeight: SEARCH.aspectWeight,
      answerTypeWeight: SEARCH.answerTypeWeight,
      limitCases: granularity === "turn" ? turnLimit : limit,
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
    figures.push(
      row(`${granularity}, embedded (SQLite)`, embedded),
      row(`${granularity}, PostgreSQL`, onPostgres),
      difference(granularity, onPostgres.report, embedded.report),
    );
  }
} finally {
  await client.close();
  await cluster?.stop();
}
printFigures("LongMemEval_S ranking", figures, {
  embedder: values.embedder,
  postgres: cluster ? "throwaway cluster" : client.location,
});

async function timed(work: () => Promise<RetrievalEvalReport>) {
  const started = performance.now();
  const report = await work();
  return { report, seconds: (performance.now() - started) / 1000 };
}

function row(label: string, { report, seconds }: Awaited<ReturnType<typeof timed>>): Figure {
  const o = report.overall;
  return figure(label, {
    questions: o.queries,
    "R_all@5": round(o.recallAll[5]),
    "R_any@5": round(o.recallAny[5]),
    "NDCG@5": round(o.ndcg[5]),
    "R_all@10": round(o.recallAll[10]),
    "query p50 ms": round(report.latencyMs.p50),
    "run s": Math.round(seconds),
  });
}

/** PostgreSQL's figures less the embedded index's, on the same questions. */
function difference(granularity: string, server: RetrievalEvalReport, embedded: RetrievalEvalReport): Figure {
  const [a, b] = [server.overall, embedded.overall];
  const less = (x: number | undefined, y: number | undefined) => round((x ?? 0) - (y ?? 0));
  return figure(`${granularity}, PostgreSQL less embedded`, {
    questions: a.queries,
    "R_all@5": less(a.recallAll[5], b.recallAll[5]),
    "R_any@5": less(a.recallAny[5], b.recallAny[5]),
    "NDCG@5": less(a.ndcg[5], b.ndcg[5]),
    "R_all@10": less(a.recallAll[10], b.recallAll[10]),
    "query p50 ms": "",
    "run s": "",
  });
}

function round(value: number | undefined): number {
  return Math.round((value ?? 0) * 10_000) / 10_000;
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
