import { MnemoError } from "../../errors.js";
import type { MnemoConfigInput } from "./schema.js";

/**
 * The one place mnemo reads its environment. Each variable maps to one config key; values are
 * parsed here and validated by the schema with everything else.
 */
const NUMERIC_VARIABLES: Record<string, (input: MnemoConfigInput, value: number) => void> = {
  MNEMO_AUTO_LOAD_LINES: (input, value) => {
    input.autoLoadLines = value;
  },
  MNEMO_CONTEXT_BUDGET_TOKENS: (input, value) => {
    input.contextBudgetTokens = value;
  },
  MNEMO_DAILY_DAYS: (input, value) => {
    input.dailyDays = value;
  },
  MNEMO_LOCK_TIMEOUT_MS: (input, value) => {
    input.lockTimeoutMs = value;
  },
};

/** Secrets are never read from config.json: the OpenAI-compatible key comes from here only. */
export function readOpenAiApiKey(env: NodeJS.ProcessEnv): string | undefined {
  return env.MNEMO_OPENAI_API_KEY?.trim() || env.OPENAI_API_KEY?.trim() || undefined;
}

/** The chat model's key: MNEMO_LLM_API_KEY, else the OpenAI-compatible key above. */
export function readLlmApiKey(env: NodeJS.ProcessEnv): string | undefined {
  return env.MNEMO_LLM_API_KEY?.trim() || readOpenAiApiKey(env);
}

export function readHomeFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.MNEMO_HOME?.trim();
  return value ? value : undefined;
}

export function configFromEnv(env: NodeJS.ProcessEnv): MnemoConfigInput {
  const input: MnemoConfigInput = {};
  const enabled = env.MNEMO_ENABLED?.trim().toLowerCase();
  if (enabled !== undefined && enabled !== "") {
    if (["1", "true", "yes", "on"].includes(enabled)) input.enabled = true;
    else if (["0", "false", "no", "off"].includes(enabled)) input.enabled = false;
    else throw invalidVariable("MNEMO_ENABLED", enabled, "true or false");
  }
  const embedder = env.MNEMO_EMBEDDER?.trim();
  const baseUrl = env.MNEMO_OPENAI_BASE_URL?.trim();
  const rerank = env.MNEMO_RERANK?.trim().toLowerCase();
  if (rerank && rerank !== "none" && rerank !== "llm")
    throw invalidVariable("MNEMO_RERANK", rerank, '"none" or "llm"');
  const minRelevance = readFraction(env, "MNEMO_MIN_RELEVANCE");
  if (embedder || baseUrl || rerank || minRelevance !== undefined) {
    input.search = {
      ...(embedder ? { embedder: embedder as "local" | "openai" | "none" } : {}),
      ...(baseUrl ? { openaiBaseUrl: baseUrl } : {}),
      ...(rerank ? { rerank: rerank as "none" | "llm" } : {}),
      ...(minRelevance !== undefined ? { minRelevance } : {}),
    };
  }
  const llmBaseUrl = env.MNEMO_LLM_BASE_URL?.trim();
  const llmModel = env.MNEMO_LLM_MODEL?.trim();
  if (llmBaseUrl || llmModel) {
    input.llm = {
      ...(llmBaseUrl ? { baseUrl: llmBaseUrl } : {}),
      ...(llmModel ? { model: llmModel } : {}),
    };
  }
  const store = env.MNEMO_STORE?.trim();
  if (store) input.store = store;
  const homeId = env.MNEMO_HOME_ID?.trim();
  if (homeId) input.homeId = homeId;
  for (const [name, apply] of Object.entries(NUMERIC_VARIABLES)) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw invalidVariable(name, raw, "a positive whole number");
    apply(input, value);
  }
  return input;
}

/** A number from 0 to 1, or undefined when the variable is unset or empty. */
function readFraction(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!(value >= 0 && value <= 1)) throw invalidVariable(name, raw, "a number from 0 to 1");
  return value;
}

function invalidVariable(name: string, value: string, expected: string): MnemoError {
  return new MnemoError(
    "INVALID_CONFIG",
    `Environment variable ${name} is "${value}"; expected ${expected}. Fix or unset it.`,
  );
}
