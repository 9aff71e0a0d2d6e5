import { join } from "node:path";
import { readOpenAiApiKey } from "../config/env.js";
import type { SearchConfig } from "../config/schema.js";
import type { EmbeddingModel } from "../contracts/embedding-model.js";
import { MnemoError } from "../errors.js";
import type { HomeContext } from "../home/home-context.js";
import type { FusionOptions } from "./fusion.js";
import { MemorySearch } from "./memory-search.js";
import type { VectorFeedbackOptions } from "./vector-feedback.js";

/** The index file, inside the home's derived-state folder. */
export const SEARCH_INDEX_FILE = ".index/search.sqlite";

/**
 * Builds the search for a home from its config. SQLite and the embedding models are imported here,
 * on first use, so that importing mnemo loads neither.
 */
export async function openMemorySearch(
  home: HomeContext,
  homePath: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<MemorySearch> {
  const { SqliteSearchIndex } = await import("../stores/sqlite/sqlite-search-index.js");
  const config = home.config.search;
  const index = new SqliteSearchIndex({
    path: join(homePath, ...SEARCH_INDEX_FILE.split("/")),
    home: homePath,
    warn: home.warn,
  });
  const search = new MemorySearch({
    reader: home.store,
    index,
    embeddingCache: index,
    loadEmbedder: config.embedder === "none" ? undefined : () => createEmbeddingModel(config, env),
    fusion: fusionOptions(config),
    feedback: feedbackOptions(config),
    fullScanIntervalMs: config.fullScanIntervalMs,
    recency: { weight: config.recencyWeight, halfLifeDays: config.recencyHalfLifeDays },
    warn: home.warn,
    now: home.now,
  });
  await search.open();
  return search;
}

export function fusionOptions(config: SearchConfig): FusionOptions {
  return config.fusion === "rrf"
    ? { method: "rrf", k: 60 }
    : { method: "weighted", textWeight: config.textWeight };
}

export function feedbackOptions(config: SearchConfig): VectorFeedbackOptions {
  return { weight: config.feedbackWeight, top: config.feedbackTop };
}

/** The embedding model the config names (not yet opened); the heavy packages load on open(). */
export async function createEmbeddingModel(
  config: SearchConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EmbeddingModel> {
  if (config.embedder === "none")
    throw new MnemoError("INVALID_CONFIG", 'search.embedder is "none": no embedding model is configured.');
  if (config.embedder === "local") {
    const { createLocalEmbeddingModel } = await import("../models/local/index.js");
    return createLocalEmbeddingModel(config.localModel);
  }
  const apiKey = readOpenAiApiKey(env);
  if (!config.openaiBaseUrl && !apiKey) {
    throw new MnemoError(
      "INVALID_CONFIG",
      'search.embedder is "openai" but neither search.openaiBaseUrl nor MNEMO_OPENAI_API_KEY / OPENAI_API_KEY is set.',
    );
  }
  const { OpenAIEmbeddingModel } = await import("../models/openai-embedding-model.js");
  return new OpenAIEmbeddingModel({
    baseURL: config.openaiBaseUrl,
    apiKey: apiKey ?? "not-needed",
    model: config.openaiModel,
  });
}
