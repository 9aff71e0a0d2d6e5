import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { Option } from "commander";
import type { SearchConfig } from "../../../config.js";
import { MnemoError } from "../../../errors.js";
import type { AblationReport, RetrievalEvalReport, SuiteReport } from "../../../eval.js";
import type { EmbeddingModel } from "../../../index.js";
import { type CommandGroup, type CommonOptions, defineCommand } from "../cli-command.js";
import { parseChoice } from "../parse-choice.js";
import { createProgressBar } from "../progress-bar.js";
import { formatReport } from "./eval-report.js";

interface EvalOptions extends CommonOptions {
  input: string[];
  ablate?: boolean;
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
  as?: string;
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
    new Option(
      "--input <file>",
      "the cases, JSONL; repeat it for a suite: one table with each set, its categories and the macro average over sets",
    )
      .argParser((file: string, previous: string[] | undefined) => [...(previous ?? []), file])
      .makeOptionMandatory(),
    new Option(
      "--ablate",
      "score the suite again with each ranking stage turned off (src/engine/search/ranking-pipeline.ts), with its change against all on",
    ),
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
    "mnemo eval retrieval --input a.jsonl --input b.jsonl.gz --ablate",
  ],
  input(_args, options: EvalOptions) {
    const ks = options.k.split(",").map((part) => Number(part.trim()));
    if (ks.some((k) => !Number.isInteger(k) || k < 1))
      throw new MnemoError("INVALID_INPUT", `--k takes whole numbers like 5,10, not "${options.k}"`);
    const { input, k: _k, ...settings } = options;
    // commander gathers every --input into a list; a caller in process may pass one file.
    const cases = [input].flat();
    if (options.rankedOut !== undefined && (cases.length > 1 || options.ablate))
      throw new MnemoError(
        "INVALID_INPUT",
        "--ranked-out writes one set's rankings: give it one --input, without --ablate.",
      );
    return { ...settings, cases, ks };
  },
  async run(input, { memory }): Promise<EvalResult> {
    // The home gives the search settings the options do not override.
    const search = searchSettings(memory.config.search, input);
    // The harness and the model factories load with this command only, not with every start.
    const [evaluation, { createChatModel, createEmbeddingModel }] = await Promise.all([
      import("../../../eval.js"),
      import("../../../index.js"),
    ]);
    const embedder =
      search.embedder === "none" ? undefined : await cachedEmbedder(await createEmbeddingModel(search));
    const rerankModel = search.rerank === "llm" ? await createChatModel(memory.config.llm) : undefined;
    const models = {
      embedder,
      ...(rerankModel && {
        rerank: {
          model: rerankModel,
          candidates: search.rerankCandidates,
          timeoutMs: search.rerankTimeoutMs,
        },
      }),
    };
    const limitCases = input.limit === undefined ? undefined : Number(input.limit);
    const turnsAs = (input.as ?? "messages") as "messages" | "documents";
    const bars = new Map<string, ReturnType<typeof createProgressBar>>();
    const progress = (label: string, done: number) => {
      const bar = bars.get(label) ?? createProgressBar(label);
      bars.set(label, bar);
      bar.update(done, Math.max(done, limitCases ?? done));
    };
    try {
      if (input.cases.length === 1 && !input.ablate) {
        const report = await evaluation.runRetrievalEval({
          input: input.cases[0] as string,
          ks: input.ks,
          ...evaluation.rankingEvalOptions(search, models),
          as: turnsAs,
          rankedOut: input.rankedOut,
          limitCases,
          onCase: (done) => progress("cases", done),
        });
        return { ks: input.ks, report };
      }
      const runSuite = (settings: SearchConfig) =>
        evaluation.runRetrievalSuite({
          inputs: input.cases,
          ks: input.ks,
          ...evaluation.rankingEvalOptions(settings, models),
          as: turnsAs,
          limitCases,
          onCase: progress,
        });
      // Rendered here, where the harness is loaded: render is synchronous.
      if (!input.ablate) {
        const suite = await runSuite(search);
        return { suite, table: evaluation.formatSuite(suite, "plain") };
      }
      const ablation = await evaluation.runAblation(search, runSuite);
      return { ablation, table: evaluation.formatAblation(ablation, "plain") };
    } finally {
      for (const bar of bars.values()) bar.finish();
      await embedder?.close();
    }
  },
  render: (result) => ("report" in result ? formatReport(result.report, result.ks) : result.table),
  toJson: (result) =>
    "report" in result ? result.report : "suite" in result ? result.suite : result.ablation,
});

/** One set as today's report; several sets (or an ablation) as the suite's table. */
type EvalResult =
  | { ks: number[]; report: RetrievalEvalReport }
  | { suite: SuiteReport; table: string }
  | { ablation: AblationReport; table: string };

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
    | "rerank"
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
  if (options.rerank !== undefined) search.rerank = options.rerank ? "llm" : "none";
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
