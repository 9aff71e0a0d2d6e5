/**
 * Runs mnemo's retrieval evaluation on LongMemEval_S at session and turn granularity and prints
 * the figures next to the floors from the data's README.
 *
 *   npx tsx bench/longmemeval/run-longmemeval.ts [--limit N] [--data DIR] [--embedder local|none]
 *       [--granularity session|turn|both] [--fusion weighted|rrf] [--text-weight W]
 *       [--feedback-weight B] [--feedback-top M] [--time-window-weight T] [--aspect-weight A] [--answer-type-weight W] [--json]
 *
 * Ranking options default to recall's own defaults (the config schema's).
 *
 * The converted cases go to .bench-data/ (ignored by git); embeddings are cached there too, so a
 * second run only pays for ranking.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { configSchema } from "../../src/engine/config/schema.js";
import { withEmbeddingCacheFile } from "../../src/eval/caching-embedding-model.js";
import { type RetrievalEvalReport, runRetrievalEval } from "../../src/eval/run-retrieval-eval.js";
import { type Granularity, longMemEvalCases, requireData } from "./convert-longmemeval.js";

const SEARCH_DEFAULTS = configSchema.parse({}).search;
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { values } = parseArgs({
  options: {
    limit: { type: "string" },
    data: { type: "string", default: resolve(root, "..", "shared", "data", "longmemeval") },
    embedder: { type: "string", default: "local" },
    granularity: { type: "string", default: "both" },
    fusion: { type: "string", default: "weighted" },
    "text-weight": { type: "string", default: String(SEARCH_DEFAULTS.textWeight) },
    "feedback-weight": { type: "string", default: String(SEARCH_DEFAULTS.feedbackWeight) },
    "feedback-top": { type: "string", default: String(SEARCH_DEFAULTS.feedbackTop) },
    "time-window-weight": { type: "string", default: String(SEARCH_DEFAULTS.timeWindowWeight) },
    "aspect-weight": { type: "string", default: String(SEARCH_DEFAULTS.aspectWeight) },
    "answer-type-weight": { type: "string", default: String(SEARCH_DEFAULTS.answerTypeWeight) },
    json: { type: "boolean", default: false },
  },
});

const FLOORS: Record<Granularity, { paper: number; lowercase: number; target: number }> = {
  session: { paper: 0.742, lowercase: 0.823, target: 0.9 },
  turn: { paper: 0.488, lowercase: 0.598, target: 0.7 },
};

const source = requireData(values.data);
const limit = values.limit === undefined ? undefined : Number(values.limit);
const granularities: Granularity[] =
  values.granularity === "both" ? ["session", "turn"] : [values.granularity as Granularity];
const outputFolder = join(root, ".bench-data");
mkdirSync(outputFolder, { recursive: true });

const reports: Record<string, RetrievalEvalReport> = {};
for (const granularity of granularities) {
  const casesFile = join(outputFolder, `longmemeval-s-${granularity}${limit ? `-${limit}` : ""}.jsonl`);
  const lines: string[] = [];
  for await (const evalCase of longMemEvalCases(source, granularity)) {
    lines.push(JSON.stringify(evalCase));
    if (limit !== undefined && lines.length >= limit) break;
  }
  writeFileSync(casesFile, `${lines.join("\n")}\n`);
  const embedder = await loadEmbedder(values.embedder);
  const started = performance.now();
  const report = await runRetrievalEval({
    input: casesFile,
    ks: [5, 10],
    embedder,
    fusion:
      values.fusion === "rrf"
        ? { method: "rrf", k: 60 }
        : { method: "weighted", textWeight: Number(values["text-weight"]) },
    feedback: { weight: Number(values["feedback-weight"]), top: Number(values["feedback-top"]) },
    timeWindowWeight: Number(values["time-window-weight"]),
    aspectWeight: Number(values["aspect-weight"]),
    answerTypeWeight: Number(values["answer-type-weight"]),
    onCase: (done) => {
      if (done % 50 === 0)
        process.stderr.write(
          `${granularity}: ${done}/${lines.length} questions (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
        );
    },
  });
  await embedder?.close();
  reports[granularity] = report;
}

if (values.json) console.log(JSON.stringify(reports, null, 2));
console.log(
  "\n| granularity | questions | R_all@5 | R_any@5 | NDCG@5 | R_all@10 | NDCG@10 | MRR | floor R_all@5 (lower-case BM25) | target | query p50 ms | query p95 ms |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const [granularity, report] of Object.entries(reports)) {
  const floor = FLOORS[granularity as Granularity];
  const o = report.overall;
  const f = (value: number | undefined) => (value ?? 0).toFixed(3);
  console.log(
    `| ${granularity} | ${o.queries} | ${f(o.recallAll[5])} | ${f(o.recallAny[5])} | ${f(o.ndcg[5])} | ${f(o.recallAll[10])} | ${f(o.ndcg[10])} | ${f(o.mrr)} | ${floor.lowercase} | ${floor.target} | ${report.latencyMs.p50.toFixed(1)} | ${report.latencyMs.p95.toFixed(1)} |`,
  );
}
console.log(
  `\nmode: ${Object.values(reports)[0]?.mode}, embedder: ${Object.values(reports)[0]?.embedder ?? "none"}, fusion: ${JSON.stringify(Object.values(reports)[0]?.fusion)}, feedback: ${JSON.stringify(Object.values(reports)[0]?.feedback)}, time window weight: ${values["time-window-weight"]}, aspect weight: ${values["aspect-weight"]}, answer type weight: ${values["answer-type-weight"]}`,
);
for (const [granularity, report] of Object.entries(reports)) {
  const types = Object.entries(report.byCategory).sort(([a], [b]) => a.localeCompare(b));
  console.log(`\n${granularity} R_all@5 by question type:`);
  console.log(`| ${types.map(([type, summary]) => `${type} (${summary.queries})`).join(" | ")} |`);
  console.log(`| ${types.map(([, summary]) => (summary.recallAll[5] ?? 0).toFixed(3)).join(" | ")} |`);
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
