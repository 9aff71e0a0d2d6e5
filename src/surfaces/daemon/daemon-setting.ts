/**
 * Whether `mnemo recall` asks the daemon, read without the config schema (the thin client path of
 * issue 29 loads no zod): the home's config.json `daemon` key, then MNEMO_DAEMON. A config.json that
 * is not valid JSON reads as "off", so the in-process path reports it with the usual error.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MnemoError } from "../../errors.js";
import { CONFIG_FILE_NAME } from "../../rules/config-file.js";

export interface DaemonSetting {
  enabled: boolean;
  idleMinutes: number;
}

export const DEFAULT_IDLE_MINUTES = 15;

export function daemonSetting(home: string, env: NodeJS.ProcessEnv): DaemonSetting {
  const fromFile = readDaemonKey(join(home, CONFIG_FILE_NAME));
  const enabled = daemonFromEnv(env) ?? fromFile.enabled === true;
  const idle = fromFile.idleMinutes;
  const idleMinutes = typeof idle === "number" && idle > 0 && idle <= 1440 ? idle : DEFAULT_IDLE_MINUTES;
  return { enabled, idleMinutes };
}

/** MNEMO_DAEMON: 1/true/yes/on or 0/false/no/off; unset or empty, undefined (the config decides). */
export function daemonFromEnv(env: NodeJS.ProcessEnv): boolean | undefined {
  const value = env.MNEMO_DAEMON?.trim().toLowerCase();
  if (value === undefined || value === "") return undefined;
  if (["1", "true", "yes", "on"].includes(value)) return true;
  if (["0", "false", "no", "off"].includes(value)) return false;
  throw new MnemoError(
    "INVALID_CONFIG",
    `Environment variable MNEMO_DAEMON is "${value}"; expected true or false. Fix or unset it.`,
  );
}

function readDaemonKey(path: string): { enabled?: unknown; idleMinutes?: unknown } {
  try {
    const config: unknown = JSON.parse(readFileSync(path, "utf8"));
    const daemon = (config as { daemon?: unknown } | null)?.daemon;
    return typeof daemon === "object" && daemon !== null ? daemon : {};
  } catch {
    return {};
  }
}
