/**
 * How much the in-memory quantised vector index (src/adapters/vector-index/) gives up against an exact
 * search, and how fast it is: for each rescoring depth, the share of the exact top k it returns,
 * the largest error of its cosines, and the search time (p50/p95), over real USE lite vectors.
 * Searches ask for the largest k (recall asks for 50), so at least RESCORED_PER_RESULT × k are
 * rescored whatever --rescored says; the table gives the number actually rescored.
 *
 *   npx tsx bench/vector-index/quantized-recall.ts [--vectors 100000] [--queries 200]
 *       [--rescored 400,800,1600] [--k 10,50] [--cache FILE[,FILE...]] [--json]
 *
 * Vectors: the document vectors of the LongMemEval evaluation cache that
 * `bench/longmemeval/run-longmemeval.ts` leaves in .bench-data/ (run it first). Queries: the
 * LongMemEval questions, embedded live with USE lite, as recall does. Exact top k: cosine by brute
 * force over the float vectors.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { createLocalEmbeddingModel } from "../../src/adapters/models/local/index.js";
import {
  QuantizedVectorIndex,
  RESCORED_PER_RESULT,
} from "../../src/adapters/vector-index/quantized-vector-index.js";
import { percentile } from "../../src/eval/retrieval-metrics.js";
import { cosineSimilarity } from "../../src/rules/similarity.js";
import { readLongMemEvalCorpus } from "../speed/longmemeval-corpus.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { values } = parseArgs({
  options: {
    vectors: { type: "string", default: "100000" },
    queries: { type: "string", default: "200" },
    rescored: { type: "string", default: "400,800,1600" },
    k: { type: "string", default: "10,50" },
    cache: { type: "string", default: join(root, ".bench-data", "embeddings-local_use-lite_0.2.0.sqlite") },
    data: { type: "string", default: join(root, "..", "shared", "data", "longmemeval") },
    json: { type: "boolean", default: false },
  },
});

interface DepthReport {
  rescored: number;
  vectors: number;
  recallAtK: Record<number, number>;
  maxCosineError: number;
  searchP50Ms: number;
  searchP95Ms: number;
}

const ks = values.k.split(",").map(Number);
const documents = readDocumentVectors(values.cache.split(","), Number(values.vectors));
if (documents.length === 0) {
  console.error(`No document vectors in ${values.cache}: run bench/longmemeval/run-longmemeval.ts first.`);
  process.exit(1);
}
const queries = await embedQueries(Number(values.queries));
const exact = queries.map((query) => exactTop(query, Math.max(...ks)));

const reports: DepthReport[] = [];
for (const rescored of values.rescored.split(",").map(Number)) {
  const index = new QuantizedVectorIndex(512, { rescored });
  documents.forEach((vector, id) => {
    index.set(id, vector);
  });
  const times: number[] = [];
  const found: Record<number, number[]> = Object.fromEntries(ks.map((k) => [k, []]));
  let maxCosineError = 0;
  queries.forEach((query, position) => {
    const started = performance.now();
    const matches = index.search(query, { limit: Math.max(...ks) });
    times.push(performance.now() - started);
    const truth = exact[position] as Array<{ id: number; score: number }>;
    for (const k of ks) {
      const exactIds = new Set(truth.slice(0, k).map((match) => match.id));
      const kept = matches.slice(0, k).filter((match) => exactIds.has(match.id)).length;
      found[k]?.push(kept / Math.min(k, truth.length));
    }
    for (const match of matches)
      maxCosineError = Math.max(
        maxCosineError,
        Math.abs(match.score - cosineSimilarity(query, documents[match.id] as Float32Array)),
      );
  });
  reports.push({
    rescored: Math.max(rescored, RESCORED_PER_RESULT * Math.max(...ks)),
    vectors: documents.length,
    recallAtK: Object.fromEntries(ks.map((k) => [k, mean(found[k] ?? [])])),
    maxCosineError,
    searchP50Ms: percentile(times, 50),
    searchP95Ms: percentile(times, 95),
  });
}

if (values.json) console.log(JSON.stringify(reports, null, 2));
console.log(`\n${documents.length} document vectors, ${queries.length} queries (USE lite)\n`);
console.log(
  `| rescored | ${ks.map((k) => `exact top ${k} kept`).join(" | ")} | max cosine error | search p50 / p95 ms |`,
);
console.log(`|---|${ks.map(() => "---|").join("")}---|---|`);
for (const r of reports) {
  console.log(
    `| ${r.rescored} | ${ks.map((k) => (r.recallAtK[k] ?? 0).toFixed(4)).join(" | ")} | ${r.maxCosineError.toFixed(4)} | ${r.searchP50Ms.toFixed(2)} / ${r.searchP95Ms.toFixed(2)} |`,
  );
}

function readDocumentVectors(files: string[], limit: number): Float32Array[] {
  const vectors: Float32Array[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const database = new Database(file, { readonly: true });
    try {
      const rows = database
        .prepare("SELECT vector FROM embedding_cache WHERE text_hash LIKE 'document:%' ORDER BY text_hash")
        .pluck()
        .iterate() as IterableIterator<Buffer>;
      for (const blob of rows) {
        if (vectors.length >= limit) break;
        vectors.push(new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength)));
      }
    } finally {
      database.close();
    }
  }
  return vectors;
}

async function embedQueries(count: number): Promise<Float32Array[]> {
  const corpus = await readLongMemEvalCorpus(
    join(values.data, "longmemeval_s_cleaned.498q.user_turns.jsonl.gz"),
  );
  if (!corpus) {
    console.error(`LongMemEval not found in ${values.data}.`);
    process.exit(1);
  }
  const model = createLocalEmbeddingModel("use-lite");
  await model.open();
  try {
    return await model.embed(corpus.queries.slice(0, count), { purpose: "query" });
  } finally {
    await model.close();
  }
}

function exactTop(query: Float32Array, k: number): Array<{ id: number; score: number }> {
  const scored = documents.map((vector, id) => ({ id, score: cosineSimilarity(query, vector) }));
  return scored.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, k);
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
