/**
 * The dev suite of issue 28: LongMemEval_S at turn and session level and PrefEval's development set,
 * ranked with recall's defaults through `mnemo eval retrieval`'s own code (runRetrievalSuite), and
 * printed as one markdown table with the macro average over sets. A ranking change is kept only
 * when compareSuites says so: the macro average rises and no set falls by more than 0.005.
 *
 *   npx tsx bench/retrieval/dev-suite.ts [--baseline FILE.json] [--ablate] [--out FILE.json]
 *       [--limit N] [--embedder local|none] [--longmemeval DIR] [--prefeval FILE] [--json]
 *
 * The data stays outside the repository (../shared/data). LongMemEval is converted into
 * .bench-data/dev-suite/ (ignored by git); embeddings come from the caches of run-longmemeval.ts
 * and `mnemo eval retrieval`, so a warm run only ranks. The suite's JSON goes to --out (default
 * .bench-data/dev-suite/suite.json): pass it as --baseline to judge a later change.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { configSchema } from "../../src/engine/config/schema.js";
import { rankingEvalOptions, runAblation } from "../../src/eval/ablation.js";
import { withEmbeddingCacheFile } from "../../src/eval/caching-embedding-model.js";
import { compareSuites, type SuiteReport, signed } from "../../src/eval/retrieval-suite.js";
import { runRetrievalSuite } from "../../src/eval/run-retrieval-suite.js";
import { formatAblation, formatSuite } from "../../src/eval/suite-table.js";
import {
  type Granularity,
  LONGMEMEVAL_S_FILE,
  longMemEvalCases,
} from "../longmemeval/convert-longmemeval.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const shared = resolve(root, "..", "shared", "data");
const folder = join(root, ".bench-data", "dev-suite");
const { values } = parseArgs({
  options: {
    longmemeval: { type: "string", default: join(shared, "longmemeval") },
    prefeval: { type: "string", default: join(shared, "prefeval", "prefeval.dev.jsonl.gz") },
    embedder: { type: "string", default: "local" },
    limit: { type: "string" },
    baseline: { type: "string" },
    ablate: { type: "boolean", default: false },
    out: { type: "string", default: join(folder, "suite.json") },
    json: { type: "boolean", default: false },
  },
});

const longMemEval = join(values.longmemeval, LONGMEMEVAL_S_FILE);
const baseline = values.baseline === undefined ? undefined : readBaseline(values.baseline);
for (const [file, where] of [
  [longMemEval, "LongMemEval_S (../shared/data/longmemeval; --longmemeval DIR for another copy)"],
  [values.prefeval, "PrefEval's development set (../shared/data/prefeval; --prefeval FILE for another copy)"],
] as const) {
  if (!existsSync(file))
    fail(`${file} is missing: it holds ${where}. The suite reads its data there, never from the repository.`);
}

const limit = values.limit === undefined ? undefined : Number(values.limit);
mkdirSync(folder, { recursive: true });
const inputs = [await convertLongMemEval("turn"), await convertLongMemEval("session"), values.prefeval];
const search = {
  ...configSchema.parse({}).search,
  embedder: values.embedder === "none" ? "none" : "local",
} as const;
const embedder = search.embedder === "none" ? undefined : await cachedLocalEmbedder();
const started = performance.now();
const runSuite = (settings: typeof search) =>
  runRetrievalSuite({
    inputs,
    ks: [5, 10],
    ...rankingEvalOptions(settings, { embedder }),
    limitCases: limit,
    onCase: (set, done) => {
      if (done % 50 === 0)
        process.stderr.write(
          `${set}: ${done} cases (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
        );
    },
  });
try {
  if (values.ablate) {
    const ablation = await runAblation(search, runSuite);
    writeFileSync(values.out, `${JSON.stringify(ablation, null, 2)}\n`);
    console.log(values.json ? JSON.stringify(ablation, null, 2) : formatAblation(ablation, "markdown"));
  } else {
    const suite = await runSuite(search);
    writeFileSync(values.out, `${JSON.stringify(suite, null, 2)}\n`);
    console.log(values.json ? JSON.stringify(suite, null, 2) : formatSuite(suite, "markdown"));
    if (baseline) console.log(`\n${verdictText(baseline, suite)}`);
  }
  process.stderr.write(`JSON written to ${values.out}\n`);
} finally {
  await embedder?.close();
}

/** LongMemEval_S as cases at one granularity, in .bench-data/dev-suite/ (rewritten at each run). */
async function convertLongMemEval(granularity: Granularity): Promise<string> {
  const file = join(folder, `longmemeval-s-${granularity}.jsonl`);
  const lines: string[] = [];
  for await (const evalCase of longMemEvalCases(longMemEval, granularity))
    lines.push(JSON.stringify(evalCase));
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/**
 * The local model behind two caches: .bench-data's (LongMemEval's, filled by run-longmemeval.ts),
 * then `mnemo eval retrieval`'s in ~/.cache/mnemo (where a CLI run on PrefEval left its vectors).
 */
async function cachedLocalEmbedder() {
  const { createLocalEmbeddingModel } = await import("../../src/adapters/models/local/index.js");
  const model = createLocalEmbeddingModel();
  const name = model.id.replace(/[^\w.-]+/g, "_");
  const cliCache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "mnemo");
  mkdirSync(cliCache, { recursive: true });
  const behind = await withEmbeddingCacheFile(model, join(cliCache, `eval-embeddings-${name}.sqlite`));
  return withEmbeddingCacheFile(behind, join(root, ".bench-data", `embeddings-${name}.sqlite`));
}

function verdictText(before: SuiteReport, after: SuiteReport): string {
  const verdict = compareSuites(before, after);
  const sets = verdict.sets.map(
    (set) => `${set.name} ${set.before.toFixed(3)} → ${set.after.toFixed(3)} (${signed(set.delta)})`,
  );
  return [
    `${verdict.kept ? "KEPT" : "NOT KEPT"}: macro ${verdict.metric} ${verdict.macro.before.toFixed(3)} → ${verdict.macro.after.toFixed(3)} (${signed(verdict.macro.delta)})`,
    ...sets.map((line) => `- ${line}`),
    ...verdict.reasons.map((reason) => `- ${reason}`),
  ].join("\n");
}

function readBaseline(file: string): SuiteReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    fail(
      `Cannot read the baseline ${file}: ${(error as Error).message}. Pass a suite's JSON (--out of an earlier run).`,
    );
  }
  // An ablation's JSON holds the suite with every stage on.
  const suite = ((parsed as { allOn?: unknown }).allOn ?? parsed) as Partial<SuiteReport>;
  if (!Array.isArray(suite.sets) || !suite.macro || !Array.isArray(suite.ks))
    fail(
      `${file} is not a suite's JSON (it needs "ks", "sets" and "macro"); pass the --out file of an earlier run.`,
    );
  return suite as SuiteReport;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
