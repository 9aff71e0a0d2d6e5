import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { z } from "zod";
import { configFromEnv, readHomeFromEnv } from "./engine/config/env.js";
import { configSchema, type MnemoConfig, type MnemoConfigInput } from "./engine/config/schema.js";
import { errnoCode, errorMessage, MnemoError } from "./errors.js";
import { CONFIG_FILE_NAME } from "./rules/config-file.js";
import { resolveHomeFolder } from "./rules/home-folder.js";

export { CONFIG_FILE_NAME };

export interface LoadConfigOptions {
  /** Explicit home directory (the CLI's --home); wins over MNEMO_HOME and ~/.mnemo. */
  home?: string;
  /** Overrides that win over the config file and the environment. */
  config?: MnemoConfigInput;
  env?: NodeJS.ProcessEnv;
}

export interface LoadedConfig {
  home: string;
  config: MnemoConfig;
}

/** `--home DIR` > MNEMO_HOME > ~/.mnemo. */
export function resolveHome(explicit: string | undefined, env: NodeJS.ProcessEnv): string {
  return resolveHomeFolder(explicit, readHomeFromEnv(env));
}

/** Defaults < <home>/config.json < environment < explicit overrides. Reads, never writes. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const env = options.env ?? process.env;
  const home = resolveHome(options.home, env);
  const configPath = join(home, CONFIG_FILE_NAME);
  const fromFile = await readConfigFile(configPath);
  const merged = mergeConfigInputs(mergeConfigInputs(fromFile, configFromEnv(env)), options.config ?? {});
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) throw invalidConfig(parsed.error, configPath);
  return { home, config: parsed.data };
}

async function readConfigFile(path: string): Promise<MnemoConfigInput> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return {};
    throw new MnemoError("IO", `Cannot read config file ${path}: ${errorMessage(error)}`, { cause: error });
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new Error("the top level must be a JSON object");
    }
    return value as MnemoConfigInput;
  } catch (error) {
    throw new MnemoError(
      "INVALID_CONFIG",
      `Config file ${path} is not valid JSON (${errorMessage(error)}). Fix it or remove it to use the defaults.`,
    );
  }
}

/** Nested objects merge key by key; anything else is replaced by the later value. */
export function mergeConfigInputs(base: MnemoConfigInput, override: MnemoConfigInput): MnemoConfigInput {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const previous = result[key];
    result[key] = isPlainObject(previous) && isPlainObject(value) ? { ...previous, ...value } : value;
  }
  return result as MnemoConfigInput;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalidConfig(error: z.ZodError, configPath: string): MnemoError {
  const problems = error.issues.map((issue) => {
    const key = issue.path.length > 0 ? issue.path.join(".") : "(top level)";
    return `  ${key}: ${issue.message}`;
  });
  return new MnemoError(
    "INVALID_CONFIG",
    `Invalid mnemo configuration (from ${configPath}, MNEMO_* variables or options):\n${problems.join("\n")}`,
  );
}
