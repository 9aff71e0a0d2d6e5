/**
 * Speed of recall on a home of N synthetic typed memories: reindex throughput, recall latency
 * (p50/p95, query embedding timed apart), the first recall of a fresh process, index size and
 * memory held.
 *
 *   npx tsx bench/speed/recall-speed.ts [--memories 10000,100000] [--queries 200] [--embedder none|local]
 *       [--corpus longmemeval|synthetic] [--data DIR] [--vector-cache FILE] [--keep-home DIR] [--json]
 *       [--bm25-terms now|background|never]
 *
 * With --embedder local, the home's embedding cache is first filled with the USE lite vectors of
 * the corpus turns that `bench/longmemeval/run-longmemeval.ts` left in .bench-data/ (see
 * seed-vectors.ts), so "reindex" then measures indexing, not 90 minutes of embedding; the table
 * says how many vectors came from there. Queries are always embedded live.
 *
 * The default corpus is real conversational text: LongMemEval_S's 93,672 unique user turns as the
 * memories (repeated with a copy number past that) and its questions as the queries. Without the
 * data, or with --corpus synthetic, notes from a small Zipf vocabulary are used instead: a worst
 * case, since nearly every query term is then found in most memories.
 *
 * Memory files are written directly (one write each, no index line per save: the point is the
 * search index, and saving 100k memories one by one through the lock would measure something else).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createLocalEmbeddingModel } from "../../src/adapters/models/local/index.js";
import { percentile } from "../../src/eval/retrieval-metrics.js";
import { openMemory } from "../../src/open-memory.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { readLongMemEvalCorpus, takeTexts } from "./longmemeval-corpus.js";
import { type SeedMemory, seedVectorsFromEvalCache } from "./seed-vectors.js";
import { syntheticNote, syntheticQueries } from "./synthetic-memories.js";

const { values } = parseArgs({
  options: {
    memories: { type: "string", default: "10000,100000" },
    queries: { type: "string", default: "200" },
    embedder: { type: "string", default: "none" },
    corpus: { type: "string", default: "longmemeval" },
    data: {
      type: "string",
      default: join(
        dirname(fileURLToPath(import.meta.url)),
        "..",
        "..",
        "..",
        "shared",
        "data",
        "longmemeval",
      ),
    },
    "vector-cache": {
      type: "string",
      default: join(
        dirname(fileURLToPath(import.meta.url)),
        "..",
        "..",
        ".bench-data",
        "embeddings-local_use-lite_0.2.0.sqlite",
      ),
    },
    /** Build the home here and keep it (one size only), for profile-recall.ts. */
    "keep-home": { type: "string" },
    "bm25-terms": { type: "string", default: "now" },
    json: { type: "boolean", default: false },
  },
});

interface SpeedReport {
  memories: number;
  corpus: string;
  embedder: string;
  reindexSeconds: number;
  reindexPerSecond: number;
  /** Opening the home in a fresh process (first-recall.ts). */
  openMs: number;
  /**
   * The first recall of a fresh process (first-recall.ts), which loads the vectors into the
   * in-memory index and the embedding model; not in this process, where the reindex already has.
   */
  firstRecallMs: number;
  recallP50Ms: number;
  recallP95Ms: number;
  queryEmbeddingP50Ms: number;
  searchOnlyP50Ms: number;
  /** Recall minus query embedding: index catch-up check, BM25, vector search, fusion. */
  withoutEmbeddingP50Ms: number;
  withoutEmbeddingP95Ms: number;
  indexBytes: number;
  rssDeltaMb: number;
  vectorsFromCache: number;
  /** The machine's 1-minute load average before and after the recall loop: figures depend on it. */
  loadBefore: number;
  loadAfter: number;
}

const corpus =
  values.corpus === "synthetic"
    ? undefined
    : await readLongMemEvalCorpus(join(values.data, "longmemeval_s_cleaned.498q.user_turns.jsonl.gz"));
if (values.corpus !== "synthetic" && !corpus)
  console.error(`LongMemEval not found in ${values.data}; using the synthetic corpus`);
const corpusName = corpus ? "longmemeval-user-turns" : "synthetic";

const reports: SpeedReport[] = [];
for (const count of values.memories.split(",").map(Number)) reports.push(await measure(count));

if (values.json) console.log(JSON.stringify(reports, null, 2));
console.log(`\ncorpus: ${corpusName}`);
console.log(
  "\n| memories | embedder | reindex s | memories/s | open ms (fresh process) | first recall ms (fresh process) | recall p50 ms | recall p95 ms | query embedding p50 ms | recall without embedding p50 / p95 ms | search-only p50 ms | index MB | RSS delta MB | vectors from cache |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of reports) {
  console.log(
    `| ${r.memories} | ${r.embedder} | ${r.reindexSeconds.toFixed(1)} | ${r.reindexPerSecond.toFixed(0)} | ${r.openMs.toFixed(0)} | ${r.firstRecallMs.toFixed(0)} | ${r.recallP50Ms.toFixed(2)} | ${r.recallP95Ms.toFixed(2)} | ${r.queryEmbeddingP50Ms.toFixed(2)} | ${r.withoutEmbeddingP50Ms.toFixed(2)} / ${r.withoutEmbeddingP95Ms.toFixed(2)} | ${r.searchOnlyP50Ms.toFixed(2)} | ${(r.indexBytes / 1e6).toFixed(1)} | ${r.rssDeltaMb.toFixed(0)} | ${r.vectorsFromCache} | ${r.loadBefore.toFixed(2)} / ${r.loadAfter.toFixed(2)} |`,
  );
}

async function measure(count: number): Promise<SpeedReport> {
  const kept = values["keep-home"];
  const home = kept ?? (await mkdtemp(join(tmpdir(), "mnemo-speed-")));
  if (kept) mkdirSync(kept, { recursive: true });
  try {
    const written = writeHome(home, count);
    const vectorsFromCache =
      values.embedder === "local"
        ? await seedVectorsFromEvalCache({
            home,
            evalCacheFile: values["vector-cache"],
            model: { id: createLocalEmbeddingModel("use-lite").id, dimensions: 512 },
            memories: written,
          })
        : 0;
    const memory = await openMemory({
      home,
      env: {},
      // The steady state of a long-running process: BM25's terms gathered at the first search, not in
      // the background while the first recalls are timed (the fresh process below keeps the default).
      config: {
        search: {
          embedder: values.embedder === "none" ? "none" : "local",
          bm25Terms: values["bm25-terms"] as "background" | "now" | "never",
        },
      },
    });
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    await memory.reindex({
      onProgress: ({ done, total }) =>
        done % 10_000 === 0 && process.stderr.write(`indexed ${done}/${total}\n`),
    });
    const reindexSeconds = (performance.now() - started) / 1000;
    const latencies: number[] = [];
    const embedding: number[] = [];
    const searchOnly: number[] = [];
    const withoutEmbedding: number[] = [];
    const queries = corpus
      ? corpus.queries.slice(0, Number(values.queries))
      : syntheticQueries(Number(values.queries), 7);
    const loadBefore = loadavg()[0] as number;
    for (const query of queries) {
      const begin = performance.now();
      const result = await memory.recall(query, { limit: 10 });
      latencies.push(performance.now() - begin);
      embedding.push(result.timings.queryEmbeddingMs);
      searchOnly.push(result.timings.searchMs);
      withoutEmbedding.push((latencies.at(-1) as number) - result.timings.queryEmbeddingMs);
    }
    const loadAfter = loadavg()[0] as number;
    const rssDeltaMb = (process.memoryUsage().rss - rssBefore) / 1e6;
    const indexBytes = ["search.sqlite", "search.sqlite-wal"].reduce((sum, file) => {
      try {
        return sum + statSync(join(home, ".index", file)).size;
      } catch {
        return sum;
      }
    }, 0);
    await memory.close();
    const fresh = firstRecallInFreshProcess(home);
    return {
      memories: count,
      corpus: corpusName,
      embedder: values.embedder,
      reindexSeconds,
      reindexPerSecond: count / reindexSeconds,
      openMs: fresh.openMs,
      firstRecallMs: fresh.firstRecallMs,
      recallP50Ms: percentile(latencies, 50),
      recallP95Ms: percentile(latencies, 95),
      queryEmbeddingP50Ms: percentile(embedding, 50),
      searchOnlyP50Ms: percentile(searchOnly, 50),
      withoutEmbeddingP50Ms: percentile(withoutEmbedding, 50),
      withoutEmbeddingP95Ms: percentile(withoutEmbedding, 95),
      indexBytes,
      rssDeltaMb,
      vectorsFromCache,
      loadBefore,
      loadAfter,
    };
  } finally {
    if (!kept) await rm(home, { recursive: true, force: true });
  }
}

/** Runs first-recall.ts in a child process: nothing is loaded there yet. */
function firstRecallInFreshProcess(home: string): { openMs: number; firstRecallMs: number } {
  const script = join(dirname(fileURLToPath(import.meta.url)), "first-recall.ts");
  const output = execFileSync(process.execPath, ["--import", "tsx", script, home, values.embedder], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = output.trim().split("\n");
  return JSON.parse(lines.at(-1) as string);
}

function writeHome(home: string, count: number): SeedMemory[] {
  const written: SeedMemory[] = [];
  const random = seededRandom(count);
  const texts = corpus ? takeTexts(corpus, count) : undefined;
  mkdirSync(join(home, "memories"), { recursive: true });
  const types = ["user", "feedback", "project", "reference"];
  for (let serial = 0; serial < count; serial++) {
    const note = texts ? (texts[serial] as string) : syntheticNote(random, serial);
    const type = types[serial % types.length];
    const path = `memories/${type}_note-${serial}.md`;
    const fileText = `---\nname: Note ${serial}\ndescription: ${JSON.stringify(note.slice(0, 60).replace(/\s+/g, " "))}\ntype: ${type}\ncreated: 2026-01-01T00:00:00.000Z\nupdated: 2026-01-01T00:00:00.000Z\n---\n\n${note}\n`;
    writeFileSync(join(home, ...path.split("/")), fileText);
    const sourceText = corpus ? (corpus.texts[serial % corpus.texts.length] as string) : note;
    written.push({ path, fileText, sourceText });
  }
  return written;
}
