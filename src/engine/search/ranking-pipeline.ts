/**
 * Recall's ranking as one declared list of stages, in the order rank-chunks.ts runs them:
 * candidates (BM25, vectors) → fusion → feedback → boosts (time window, answer type, recency) →
 * aspect coverage → optional LLM rerank. Each stage is weighed by a `search.*` setting of the
 * home's config; recall (open-memory.ts) and `mnemo eval retrieval` both turn the config into
 * ranking options through `rankingSettings`, and `--ablate` turns each stage off through this list,
 * so what the evaluation measures is what recall runs.
 */
import type { SearchConfig } from "../config/schema.js";
import type { FusionOptions } from "./fusion.js";
import type { VectorFeedbackOptions } from "./vector-feedback.js";

/** The settings ranking reads from the config. */
export type RankingConfig = Pick<
  SearchConfig,
  | "embedder"
  | "fusion"
  | "textWeight"
  | "feedbackWeight"
  | "feedbackTop"
  | "recencyWeight"
  | "recencyHalfLifeDays"
  | "timeWindowWeight"
  | "aspectWeight"
  | "answerTypeWeight"
  | "rerank"
>;

/** What rankChunks takes from the config (rank-chunks.ts documents each). */
export interface RankingSettings {
  fusion: FusionOptions;
  feedback: VectorFeedbackOptions;
  recency: { weight: number; halfLifeDays: number };
  timeWindowWeight: number;
  aspectWeight: number;
  answerTypeWeight: number;
}

export function rankingSettings(search: RankingConfig): RankingSettings {
  return {
    fusion:
      search.fusion === "rrf"
        ? { method: "rrf", k: 60 }
        : { method: "weighted", textWeight: search.textWeight },
    feedback: { weight: search.feedbackWeight, top: search.feedbackTop },
    recency: { weight: search.recencyWeight, halfLifeDays: search.recencyHalfLifeDays },
    timeWindowWeight: search.timeWindowWeight,
    aspectWeight: search.aspectWeight,
    answerTypeWeight: search.answerTypeWeight,
  };
}

export interface RankingStage {
  name: string;
  /** What it does, in one line. */
  does: string;
  /** The config setting that weighs it, and its value when the stage is off. */
  setting: keyof RankingConfig;
  offValue: RankingConfig[keyof RankingConfig];
  /** Whether the config runs it: turning off a stage that is already off measures nothing. */
  isOn(search: RankingConfig): boolean;
}

const weighted = (search: RankingConfig) => search.fusion === "weighted";

export const RANKING_STAGES: readonly RankingStage[] = [
  {
    name: "bm25",
    does: "BM25 candidates and their share in weighted fusion",
    setting: "textWeight",
    offValue: 0,
    // Without vectors, BM25's candidates are all there is to rank.
    isOn: (search) => weighted(search) && search.textWeight > 0 && search.embedder !== "none",
  },
  {
    name: "vectors",
    does: "the embedding model's nearest chunks and their share in fusion (off: BM25 alone, as without a model)",
    setting: "embedder",
    offValue: "none",
    isOn: (search) => search.embedder !== "none",
  },
  {
    name: "feedback",
    does: "pseudo-relevance feedback: the query vector moved towards the best results, candidates scored again",
    setting: "feedbackWeight",
    offValue: 0,
    isOn: (search) => search.embedder !== "none" && search.feedbackWeight > 0,
  },
  {
    name: "time window",
    does: "a time in the query: the window's own best join the candidates, chunks dated in it boosted",
    setting: "timeWindowWeight",
    offValue: 0,
    isOn: (search) => search.timeWindowWeight > 0,
  },
  {
    name: "answer type",
    does: "a question asking for a quantity: chunks stating one of that kind boosted",
    setting: "answerTypeWeight",
    offValue: 0,
    isOn: (search) => search.answerTypeWeight > 0,
  },
  {
    name: "recency",
    does: "recent chunks boosted, the bonus halving every half-life",
    setting: "recencyWeight",
    offValue: 0,
    isOn: (search) => search.recencyWeight > 0,
  },
  {
    name: "aspects",
    does: "things named side by side: the best results reordered so each has its memory near the top",
    setting: "aspectWeight",
    offValue: 0,
    isOn: (search) => search.aspectWeight > 0,
  },
  {
    name: "rerank",
    does: "the chat model reorders the best candidates",
    setting: "rerank",
    offValue: "none",
    isOn: (search) => search.rerank === "llm",
  },
];

/** The config with one stage off. */
export function withStageOff<Config extends RankingConfig>(search: Config, stage: RankingStage): Config {
  return { ...search, [stage.setting]: stage.offValue };
}
