import { spawnSync } from "node:child_process";
import { CLI_PATH } from "./test-home.js";

/** Runs the built `mnemo` bin as a user would, with no MNEMO_* variable from the test's environment. */
export function runMnemo(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) {
  const inherited = Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_"));
  return spawnSync(process.execPath, [CLI_PATH, ...args], {
    env: { ...Object.fromEntries(inherited), ...options.env },
    input: options.input ?? "",
    encoding: "utf8",
  });
}
