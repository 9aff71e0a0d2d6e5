/**
 * The optional LLM rerank of a home's recall (search.rerank, or a call's own `rerank`): it loads the
 * chat model on the first recall that asks for a rerank, says once when there is none, and reorders
 * the fused ranking's best hits through rerank-hits.ts. Recall itself never needs it.
 */
import type { ChatModel } from "../../contracts/chat-model.js";
import { errorMessage } from "../../errors.js";
import type { SearchConfig } from "../config/schema.js";
import type { RankedHit } from "./ranked-hit.js";
import { type RerankReport, rerankHits } from "./rerank-hits.js";

export interface RecallRerankerOptions {
  search: Pick<SearchConfig, "rerank" | "rerankCandidates" | "rerankTimeoutMs">;
  temperature?: number;
  /** Makes the chat model (the composition root's); absent when none can be made. */
  loadModel?: () => Promise<ChatModel>;
  warn: (message: string) => void;
}

type LoadedModel = { model: ChatModel } | { model?: undefined; missing: string };

export class RecallReranker {
  private readonly options: RecallRerankerOptions;
  /** The model, or why there is none (said once, then carried in every report). */
  private model: Promise<LoadedModel> | undefined;

  constructor(options: RecallRerankerOptions) {
    this.options = options;
  }

  /** Whether a recall reranks: its own choice when it made one, else the config's. */
  wanted(perCall: boolean | undefined): boolean {
    return perCall ?? this.options.search.rerank === "llm";
  }

  /** How many fused hits a reranked recall of `limit` needs: the candidates may reach past the limit. */
  hitsToRank(limit: number): number {
    return Math.max(limit, this.options.search.rerankCandidates);
  }

  /** The hits in the model's order (or the fused one, with a warning), cut to `limit`. */
  async rerank(
    query: string,
    hits: readonly RankedHit[],
    options: { limit: number; signal?: AbortSignal },
  ): Promise<{ hits: RankedHit[]; report: RerankReport }> {
    const loaded = await this.loadModel();
    if (loaded.model === undefined)
      return {
        hits: hits.slice(0, options.limit),
        report: { applied: false, candidates: 0, ms: 0, warning: loaded.missing },
      };
    const { rerankCandidates, rerankTimeoutMs } = this.options.search;
    const result = await rerankHits(loaded.model, query, hits, {
      candidates: rerankCandidates,
      timeoutMs: rerankTimeoutMs,
      temperature: this.options.temperature,
      signal: options.signal,
    });
    if (result.report.warning !== undefined) this.options.warn(result.report.warning);
    return { hits: result.hits.slice(0, options.limit), report: result.report };
  }

  private loadModel(): Promise<LoadedModel> {
    this.model ??= this.makeModel().then(
      (model) => ({ model }),
      (error: unknown) => {
        const missing = `a rerank was asked for but no chat model could be made (${errorMessage(error)}); recall keeps the fused order`;
        this.options.warn(missing);
        return { missing };
      },
    );
    return this.model;
  }

  private async makeModel(): Promise<ChatModel> {
    if (!this.options.loadModel) throw new Error("this home was opened without a chat model");
    return this.options.loadModel();
  }
}
