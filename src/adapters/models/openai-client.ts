import OpenAI from "openai";
import type { ModelEndpoint } from "./model-request-error.js";

/** OpenAI's own API: where a model given no baseURL sends its requests. */
export const DEFAULT_BASE_URL = "https://api.openai.com/v1";

/**
 * The `openai` client of one endpoint, the same for the chat and the embedding model: the
 * endpoint's timeout and retries, no organization or project taken from the environment, and no
 * logging of its own (failures reach the caller as MnemoErrors; the client's console logging,
 * turned on by OPENAI_LOG, would repeat them on the caller's output).
 */
export function openAIClient(endpoint: ModelEndpoint, apiKey: string): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseURL,
    apiKey,
    timeout: endpoint.timeoutMs,
    maxRetries: endpoint.maxRetries,
    organization: null,
    project: null,
    logLevel: "off",
  });
}
