import type { EmbeddingModel } from "./contracts/embedding-model.js";
import { readOpenAiApiKey } from "./engine/config/env.js";
import type { SearchConfig } from "./engine/config/schema.js";
import { MnemoError } from "./errors.js";

/** The embedding model the config names (not yet opened); the heavy packages load on open(). */
export async function createEmbeddingModel(
  config: SearchConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EmbeddingModel> {
  if (config.embedder === "none")
    throw new MnemoError("INVALID_CONFIG", 'search.embedder is "none": no embedding model is configured.');
  if (config.embedder === "local") {
    const { createLocalEmbeddingModel } = await import("./adapters/models/local/index.js");
    return createLocalEmbeddingModel(config.localModel);
  }
  const apiKey = readOpenAiApiKey(env);
  if (!config.openaiBaseUrl && !apiKey) {
    throw new MnemoError(
      "INVALID_CONFIG",
      'search.embedder is "openai" but neither search.openaiBaseUrl nor MNEMO_OPENAI_API_KEY / OPENAI_API_KEY is set.',
    );
  }
  const { OpenAIEmbeddingModel } = await import("./adapters/models/openai-embedding-model.js");
  return new OpenAIEmbeddingModel({
    baseURL: config.openaiBaseUrl,
    apiKey: apiKey ?? "not-needed",
    model: config.openaiModel,
  });
}
