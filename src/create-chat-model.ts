import type { ChatModel } from "./contracts/chat-model.js";
import { readLlmApiKey } from "./engine/config/env.js";
import type { LlmConfig } from "./engine/config/schema.js";
import { MnemoError } from "./errors.js";

const OPENAI_BASE_URL = "https://api.openai.com/v1";

/** What a user reads when no chat model is configured: the two usual ways to set one. */
export const CHAT_MODEL_SETUP_HELP = `No chat model is configured. Either:
  - OpenAI: export OPENAI_API_KEY=sk-... and MNEMO_LLM_MODEL=gpt-4o-mini
  - a local Ollama (ollama serve; ollama pull llama3.2):
      export MNEMO_LLM_BASE_URL=http://localhost:11434/v1 MNEMO_LLM_MODEL=llama3.2
Any OpenAI-compatible server works (vLLM, LM Studio): set MNEMO_LLM_BASE_URL and MNEMO_LLM_MODEL,
or "llm": { "baseUrl": ..., "model": ... } in <home>/config.json; the key (if the server needs one)
comes from MNEMO_LLM_API_KEY or OPENAI_API_KEY.`;

/**
 * The chat model the config names. The openai client is imported here, on first use, so that
 * importing mnemo does not load it. Throws INVALID_CONFIG with CHAT_MODEL_SETUP_HELP when there is
 * no model, or no key for OpenAI itself.
 */
export async function createChatModel(
  config: LlmConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChatModel> {
  const apiKey = readLlmApiKey(env);
  if (config.model === undefined || (config.baseUrl === undefined && apiKey === undefined)) {
    throw new MnemoError("INVALID_CONFIG", CHAT_MODEL_SETUP_HELP);
  }
  const { OpenAIChatModel } = await import("./adapters/models/openai-chat-model.js");
  return new OpenAIChatModel({
    baseURL: config.baseUrl ?? OPENAI_BASE_URL,
    // Local servers (Ollama, vLLM) accept any key; the client refuses to start without one.
    apiKey: apiKey ?? "not-needed",
    model: config.model,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
  });
}
