import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { Option } from "commander";
import type { SearchConfig } from "../../../config.js";
import { MnemoError } from "../../../errors.js";
import type { MetricsSummary, RetrievalEvalReport } from "../../../eval.js";
import type { FusionOptions } from "../../../home.js";
import type { EmbeddingModel } from "../../../index.js";
import { type CommandGroup, type CommonOptions, defineCommand } from "../cli-command.js";
import { parseChoice } from "../parse-choice.js";
import { createProgressBar } from "../progress-bar.js";

interface EvalOptions extends CommonOptions {
  input: string;
  k: string;
  rankedOut?: string;
  embedder?: string;
  fusion?: string;
  textWeight?: string;
  feedbackWeight?: string;
  timeWindowWeight?: string;
  aspectWeight?: string;
  answerTypeWeight?: string;
  rerank?: boolean;
  limit?: string;
  as: string;
}

const FORMAT_HELP = `
Input: one JSON case per line (gzip when the name ends in .gz):
  {"id": "c1", "documents": [{"id": "d1", "text": "...", "timestamp": "2023-05-01"}],
   "queries": [{"id": "q1", "text": "...", "gold": ["d1"], "category": "single-session",
                "askedAt": "2023-05-20T07:47"}]}
Each case is a fresh memory holding its documents; each query is ranked and scored. A document with
"session" (and "speaker", default "user") is a message of that conversation, indexed as conversation memory is.
A query's "askedAt" (optional) is when it is asked: its time expressions ("two weeks ago") count from there.`;

const retrieval = defineCommand({
  name: "retrieval",
  summary: "Score recall on a retrieval data set",
  description: `Rank each query's documents as recall does and report R_all@k, R_any@k, NDCG@k, MRR, latency and index build time.\n${FORMAT_HELP}`,
  options: [
    new Option("--input <file>", "the cases, JSONL").makeOptionMandatory(),
    new Option("--k <list>", "cut-offs, comma-separated").default("5,10"),
    new Option("--ranked-out <file>", 'write {"case", "query", "ranked": [ids]} per query, best first'),
    new Option("--embedder <name>", "local, openai or none (default: the home's config)"),
    new Option("--fusion <method>", "weighted or rrf (default: the home's config)"),
    new Option("--text-weight <w>", "BM25's share in weighted fusion, 0 to 1"),
    new Option("--feedback-weight <w>", "pseudo-relevance feedback on vectors, 0 (off) to 10"),
    new Option(
      "--time-window-weight <w>",
      "favour results dated where the query's time points, 0 (off) to 10",
    ),
    new Option(
      "--aspect-weight <w>",
      "cover each thing a query names side by side (A or B?) near the top, 0 (off) to 1",
    ),
    new Option(
      "--answer-type-weight <w>",
      "favour results stating the quantity a question asks for (how many hours? 10 hours), 0 (off) to 10",
    ),
    new Option(
      "--rerank",
      "let the home's chat model (llm.*) reorder each query's fused best (search.rerankCandidates), as recall's optional rerank does",
    ),
    new Option("--no-rerank", "the fused order only (the default unless search.rerank is llm)"),
    new Option("--limit <n>", "only the first n cases"),
    new Option(
      "--as <form>",
      'index documents with a session as conversation messages, or as one "Speaker: text" document each',
    )
      .choices(["messages", "documents"])
      .default("messages"),
  ],
  examples: [
    "mnemo eval retrieval --input cases.jsonl",
    "mnemo eval retrieval --input cases.jsonl.gz --k 1,5,10 --embedder none --json",
  ],
  input(_args, options: EvalOptions) {
    const ks = options.k.split(",").map((part) => Number(part.trim()));
    if (ks.some((k) => !Number.isInteger(k) || k < 1))
      throw new MnemoError("INVALID_INPUT", `--k takes whole numbers like 5,10, not "${options.k}"`);
    const { input: cases, k: _k, ...settings } = options;
    return { ...settings, cases, ks };
  },
  async run(input, { memory }): Promise<{ report: RetrievalEvalReport; ks: number[] }> {
    // The home gives the search settings the options do not override.
    const search = searchSettings(memory.config.search, input);
    // The harness and the model factories load with this command only, not with every start.
    const [{ runRetrievalEval }, { createChatModel, createEmbeddingModel }] = await Promise.all([
      import("../../../eval.js"),
      import("../../../index.js"),
    ]);
    const fusion: FusionOptions =
      search.fusion === "rrf"
        ? { method: "rrf", k: 60 }
        : { method: "weighted", textWeight: search.textWeight };
    const embedder =
      search.embedder === "none" ? undefined : await cachedEmbedder(await createEmbeddingModel(search));
    const rerankModel =
      (input.rerank ?? search.rerank === "llm") ? await createChatModel(memory.config.llm) : undefined;
    const bar = createProgressBar("cases");
    try {
      const report = await runRetrievalEval({
        input: input.cases,
        ks: input.ks,
        embedder,
        fusion,
        feedback: { weight: search.feedbackWeight, top: search.feedbackTop },
        timeWindowWeight: search.timeWindowWeight,
        aspectWeight: search.aspectWeight,
        answerTypeWeight: search.answerTypeWeight,
        ...(rerankModel && {
          rerank: {
            model: rerankModel,
            candidates: search.rerankCandidates,
            timeoutMs: search.rerankTimeoutMs,
          },
        }),
        as: input.as as "messages" | "documents",
        rankedOut: input.rankedOut,
        limitCases: input.limit === undefined ? undefined : Number(input.limit),
        onCase: (done) => bar.update(done, Math.max(done, Number(input.limit ?? done))),
      });
      bar.finish();
      return { report, ks: input.ks };
    } finally {
      await embedder?.close();
    }
  },
  render: ({ report, ks }) => formatReport(report, ks),
  toJson: ({ report }) => report,
});

export const evaluation: CommandGroup = {
  name: "eval",
  summary: "Measure mnemo",
  description: "Measure mnemo on your own data.",
  commands: [retrieval],
};

function searchSettings(
  configured: SearchConfig,
  options: Pick<
    EvalOptions,
    | "embedder"
    | "fusion"
    | "textWeight"
    | "feedbackWeight"
    | "timeWindowWeight"
    | "aspectWeight"
    | "answerTypeWeight"
  >,
): SearchConfig {
  const search = { ...configured };
  if (options.embedder)
    search.embedder = parseChoice(options.embedder, ["local", "openai", "none"] as const, "embedder");
  if (options.fusion) search.fusion = parseChoice(options.fusion, ["weighted", "rrf"] as const, "fusion");
  if (options.textWeight !== undefined)
    search.textWeight = parseWeight(options.textWeight, "--text-weight", 1);
  if (options.feedbackWeight !== undefined)
    search.feedbackWeight = parseWeight(options.feedbackWeight, "--feedback-weight", 10);
  if (options.timeWindowWeight !== undefined)
    search.timeWindowWeight = parseWeight(options.timeWindowWeight, "--time-window-weight", 10);
  if (options.aspectWeight !== undefined)
    search.aspectWeight = parseWeight(options.aspectWeight, "--aspect-weight", 1);
  if (options.answerTypeWeight !== undefined)
    search.answerTypeWeight = parseWeight(options.answerTypeWeight, "--answer-type-weight", 10);
  return search;
}

/** Embeddings are cached across runs in ~/.cache/mnemo, keyed by model and text. */
async function cachedEmbedder(model: EmbeddingModel): Promise<EmbeddingModel> {
  const folder = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "mnemo");
  mkdirSync(folder, { recursive: true });
  const { withEmbeddingCacheFile } = await import("../../../eval.js");
  return withEmbeddingCacheFile(
    model,
    join(folder, `eval-embeddings-${model.id.replace(/[^\w.-]+/g, "_")}.sqlite`),
  );
}

function parseWeight(value: string, option: string, max: number): number {
  const weight = Number(value);
  if (value.trim() === "" || !(weight >= 0 && weight <= max))
    throw new MnemoError("INVALID_INPUT", `${option} is a number from 0 to ${max}, not "${value}"`);
  return weight;
}

function formatReport(report: RetrievalEvalReport, ks: number[]): string {
  const header = ["", "queries", ...ks.flatMap((k) => [`R_all@${k}`, `R_any@${k}`, `NDCG@${k}`]), "MRR"];
  const row = (name: string, summary: MetricsSummary) => [
    name,
    String(summary.queries),
    ...ks.flatMap((k) =>
      [summary.recallAll[k], summary.recallAny[k], summary.ndcg[k]].map((value) => (value ?? 0).toFixed(3)),
    ),
    summary.mrr.toFixed(3),
  ];
  const rows = [
    header,
    row("overall", report.overall),
    ...Object.entries(report.byCategory).map(([name, summary]) => row(name, summary)),
  ];
  const widths = header.map((_, column) => Math.max(...rows.map((cells) => (cells[column] ?? "").length)));
  const table = rows
    .map((cells) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join("  "))
    .join("\n");
  return [
    `${report.cases} case(s), mode ${report.mode}${report.embedder ? ` (${report.embedder})` : ""}, fusion ${JSON.stringify(report.fusion)}`,
    table,
    `query latency p50 ${report.latencyMs.p50.toFixed(2)} ms, p95 ${report.latencyMs.p95.toFixed(2)} ms (query embedding p50 ${report.queryEmbeddingMs.p50.toFixed(2)} ms)`,
    `index build ${report.indexBuildMs.total.toFixed(0)} ms in all, p50 ${report.indexBuildMs.p50.toFixed(1)} ms per case`,
    ...(report.rerank ? [rerankLine(report.rerank)] : []),
  ].join("\n");
}

function rerankLine(rerank: NonNullable<RetrievalEvalReport["rerank"]>): string {
  const kept = rerank.queries - rerank.applied;
  return (
    `rerank by ${rerank.model}: ${rerank.applied} of ${rerank.queries} queries reordered, p50 ${rerank.ms.p50.toFixed(0)} ms` +
    (kept > 0 && rerank.lastWarning ? `; ${kept} kept the fused order (last: ${rerank.lastWarning})` : "")
  );
}
