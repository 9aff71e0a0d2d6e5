import type { ChatModel } from "../contracts/chat-model.js";
import type { EmbeddingModel } from "../contracts/embedding-model.js";
import {
  RANKING_STAGES,
  type RankingConfig,
  rankingSettings,
  withStageOff,
} from "../engine/search/ranking-pipeline.js";
import type { SuiteReport } from "./retrieval-suite.js";
import type { RetrievalEvalOptions } from "./run-retrieval-eval.js";

/**
 * The suite with every ranking stage on, then once per stage turned off (ranking-pipeline.ts's
 * list, each through its config setting), so each stage shows what it earns on every set.
 */
export interface AblationReport {
  allOn: SuiteReport;
  stages: Array<{
    stage: string;
    /** The config setting turned off, as `search.<name>=<value>`. */
    off: string;
    suite: SuiteReport;
    /** The macro average's R_all at the first cut-off, minus all-on's. */
    macroDelta: number;
  }>;
}

export interface RankingModels {
  embedder?: EmbeddingModel;
  rerank?: { model: ChatModel; candidates: number; timeoutMs: number };
}

/** The evaluation's ranking options for a config, as recall ranks with it. */
export function rankingEvalOptions(
  search: RankingConfig,
  models: RankingModels,
): Pick<
  RetrievalEvalOptions,
  | "embedder"
  | "fusion"
  | "feedback"
  | "recency"
  | "timeWindowWeight"
  | "aspectWeight"
  | "answerTypeWeight"
  | "rerank"
> {
  return {
    ...rankingSettings(search),
    embedder: search.embedder === "none" ? undefined : models.embedder,
    ...(search.rerank === "llm" && models.rerank && { rerank: models.rerank }),
  };
}

/** Stages already off in the config are skipped: turning them off again measures nothing. */
export async function runAblation<Config extends RankingConfig>(
  search: Config,
  runSuite: (search: Config) => Promise<SuiteReport>,
): Promise<AblationReport> {
  const allOn = await runSuite(search);
  const stages: AblationReport["stages"] = [];
  for (const stage of RANKING_STAGES) {
    if (!stage.isOn(search)) continue;
    const suite = await runSuite(withStageOff(search, stage));
    const k = Math.min(...suite.ks);
    stages.push({
      stage: stage.name,
      off: `search.${stage.setting}=${JSON.stringify(stage.offValue)}`,
      suite,
      macroDelta: (suite.macro.recallAll[k] ?? 0) - (allOn.macro.recallAll[k] ?? 0),
    });
  }
  return { allOn, stages };
}
