/**
 * Measures a relevance floor for recall (issue 26, point 13): how relevant recall's hits are on
 * their own evidence, for hits that answer the question (LongMemEval's gold) and for hits of a
 * question asked of another user's haystack, where nothing is relevant. Each LongMemEval question
 * is ranked as recall ranks it (rankChunks, recall's defaults) twice: against its own haystack,
 * and against the next question's haystack ("foreign"). For every hit of the best 10 it records the
 * fused score, the BM25 coverage of the query (BM25 score / the sum of the query terms' IDFs), the
 * cosine with the query as ranked (after feedback) and the cosine with the query itself.
 *
 *   npx tsx bench/longmemeval/run-longmemeval.ts --granularity session   # fills the embedding cache
 *   npx tsx bench/longmemeval/lab-relevance-floor.ts --granularity session [--limit N] [--floors 0.3,0.35]
 *
 * It prints, for each floor and each measure: R_all@5 and R_all@10 when hits under the floor are
 * dropped (the ranked evaluation with the floor applied), the share of foreign questions left with
 * at least one hit in their best 5 (what the per-turn block would inject although nothing is
 * relevant), and the gold hits of the best 5 lost.
 */
import { createReadStream } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { SqliteSearchIndex } from "../../src/adapters/sqlite/sqlite-search-index.js";
import { configSchema } from "../../src/engine/config/schema.js";
import { textCoverage } from "../../src/engine/search/hit-relevance.js";
import { queryTurns } from "../../src/engine/search/query-turns.js";
import { rankChunks } from "../../src/engine/search/rank-chunks.js";
import { withEmbeddingCacheFile } from "../../src/eval/caching-embedding-model.js";
import { type RetrievalCase, retrievalCaseSchema } from "../../src/eval/retrieval-case.js";
import { indexDocuments } from "../../src/eval/run-retrieval-eval.js";
import { queryTerms } from "../../src/rules/query-terms.js";

const SEARCH = configSchema.parse({}).search;
const root = resolve(import.meta.dirname, "..", "..");
const { values } = parseArgs({
  options: {
    granularity: { type: "string", default: "session" },
    limit: { type: "string" },
    /** A converted cases file of .bench-data/ (run-longmemeval.ts --limit N writes longmemeval-s-turn-N.jsonl). */
    cases: { type: "string" },
    embedder: { type: "string", default: "local" },
    floors: { type: "string", default: "0,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5" },
  },
});

interface Row {
  foreign: boolean;
  rank: number;
  gold: boolean;
  fused: number;
  coverage: number;
  rankedCosine: number;
  cosine: number;
  relevance: number;
}

interface Question {
  gold: string[];
  rows: Row[];
  foreignRows: Row[];
}

const casesFile = join(root, ".bench-data", values.cases ?? `longmemeval-s-${values.granularity}.jsonl`);
const cases = await readCases(casesFile, values.limit === undefined ? undefined : Number(values.limit));
const embedder = values.embedder === "none" ? undefined : await cachedLocalEmbedder();
const dimensions = embedder ? (await embedder.open()).dimensions : 0;
const questions: Question[] = [];
for (const [position, evalCase] of cases.entries()) {
  const foreignCase = cases[(position + 1) % cases.length] as RetrievalCase;
  const index = new SqliteSearchIndex({ path: ":memory:" });
  await index.open();
  if (embedder) await index.resetVectors({ id: embedder.id, dimensions });
  const documentIds = await indexDocuments(index, embedder, evalCase);
  for (const query of evalCase.queries) {
    const foreign = foreignCase.queries[0];
    const rows = await rankedRows(index, documentIds, query.text, query.askedAt, new Set(query.gold));
    const foreignRows = foreign
      ? await rankedRows(index, documentIds, foreign.text, foreign.askedAt, new Set())
      : [];
    questions.push({ gold: query.gold, rows, foreignRows });
  }
  await index.close();
  if ((position + 1) % 25 === 0) process.stderr.write(`${position + 1}/${cases.length} cases\n`);
}
await embedder?.close();
report(questions);

async function cachedLocalEmbedder() {
  const { createLocalEmbeddingModel } = await import("../../src/adapters/models/local/index.js");
  const model = createLocalEmbeddingModel();
  const file = join(root, ".bench-data", `embeddings-${model.id.replace(/[^\w.-]+/g, "_")}.sqlite`);
  return withEmbeddingCacheFile(model, file);
}

async function rankedRows(
  index: SqliteSearchIndex,
  documentIds: Map<string, string>,
  text: string,
  askedAt: string | undefined,
  gold: Set<string>,
): Promise<Row[]> {
  const { hits } = await rankChunks(index, embedder, text, {
    limit: 10,
    fusion: { method: "weighted", textWeight: SEARCH.textWeight },
    feedback: { weight: SEARCH.feedbackWeight, top: SEARCH.feedbackTop },
    recency: { weight: 0, halfLifeDays: 30 },
    timeWindowWeight: SEARCH.timeWindowWeight,
    aspectWeight: SEARCH.aspectWeight,
    answerTypeWeight: SEARCH.answerTypeWeight,
    now: askedAt ? new Date(askedAt) : new Date(),
  });
  const { termCounts } = await index.search({ terms: queryTerms(queryTurns(text).last), limit: 1 });
  const [queryVector] = embedder ? await embedder.embed([queryTurns(text).last], { purpose: "query" }) : [];
  const vectors = await index.vectorsOf(hits.map((hit) => hit.id));
  return hits.map((hit, rank) => {
    const vector = vectors.get(hit.id);
    const cosine = embedder ? (vector && queryVector ? cosineOf(vector, queryVector) : 0) : undefined;
    const coverage = textCoverage(hit.textScore, termCounts);
    const id = documentIds.get(`${hit.path}#${hit.locator}`) ?? hit.locator;
    return {
      foreign: gold.size === 0,
      rank,
      gold: gold.has(id),
      fused: hit.score,
      coverage,
      rankedCosine: Math.max(0, hit.vectorScore ?? 0),
      cosine: cosine ?? 0,
      relevance: hit.relevance,
    };
  });
}

function report(all: Question[]): void {
  const measures: Array<[string, (row: Row) => number]> = [
    ["fused score (relative to the best)", (row) => row.fused],
    ["cosine with the query", (row) => row.cosine],
    ["cosine as ranked (after feedback)", (row) => row.rankedCosine],
    ["max(coverage, cosine)", (row) => Math.max(row.coverage, row.cosine)],
    ["relevance = 0.5 coverage + 0.5 cosine", (row) => row.relevance],
  ];
  const floors = values.floors.split(",").map(Number);
  console.log(
    `${all.length} questions (${values.granularity}), best 10 hits each, own and foreign haystack\n`,
  );
  for (const [name, measure] of measures) {
    const gold = all.flatMap((q) => q.rows.filter((row) => row.gold && row.rank < 5).map(measure));
    const firstForeign = all.flatMap((q) => q.foreignRows.slice(0, 1).map(measure));
    console.log(`## ${name}`);
    console.log(`gold hits in the best 5: ${quantiles(gold)}`);
    console.log(`foreign best hit:        ${quantiles(firstForeign)}`);
    console.log(
      "| floor | R_all@5 | R_all@10 | gold in best 5 lost | foreign questions with a hit in best 5 | foreign hits kept of best 5 |",
    );
    console.log("|---|---|---|---|---|---|");
    for (const floor of floors) {
      const kept = (rows: Row[]) => rows.filter((row) => measure(row) >= floor);
      const recallAll = (k: number) =>
        mean(
          all.map((q) =>
            q.gold.length > 0 &&
            kept(q.rows).filter((row) => row.rank < k && row.gold).length === q.gold.length
              ? 1
              : 0,
          ),
        );
      const lost = gold.filter((value) => value < floor).length;
      const foreignLeft = mean(all.map((q) => (kept(q.foreignRows.slice(0, 5)).length > 0 ? 1 : 0)));
      const foreignKept = mean(all.map((q) => kept(q.foreignRows.slice(0, 5)).length / 5));
      console.log(
        `| ${floor} | ${recallAll(5).toFixed(3)} | ${recallAll(10).toFixed(3)} | ${lost} of ${gold.length} | ${foreignLeft.toFixed(3)} | ${foreignKept.toFixed(3)} |`,
      );
    }
    console.log("");
  }
}

function cosineOf(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    normA += (a[i] ?? 0) ** 2;
    normB += (b[i] ?? 0) ** 2;
  }
  return normA > 0 && normB > 0 ? Math.max(0, dot / Math.sqrt(normA * normB)) : 0;
}

function quantiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3);
  return `p5 ${at(0.05)}, p10 ${at(0.1)}, p25 ${at(0.25)}, median ${at(0.5)}, p75 ${at(0.75)}, p95 ${at(0.95)} (${values.length})`;
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

async function readCases(path: string, limit: number | undefined): Promise<RetrievalCase[]> {
  const read: RetrievalCase[] = [];
  for await (const line of createInterface({
    input: createReadStream(path),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (line.trim() === "") continue;
    read.push(retrievalCaseSchema.parse(JSON.parse(line)));
    if (limit !== undefined && read.length >= limit) break;
  }
  return read;
}
