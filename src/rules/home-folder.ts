import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The home folder: `--home DIR` > MNEMO_HOME > ~/.mnemo, with "~" expanded. Apart from the config
 * loader so that a call answered by `mnemo daemon` finds the home without loading the config schema.
 */
export function resolveHomeFolder(explicit: string | undefined, fromEnv: string | undefined): string {
  const chosen = explicit ?? fromEnv ?? join(homedir(), ".mnemo");
  return resolve(expandTilde(chosen));
}

/**
 * "~" and "~/..." mean the user's home folder, also where no shell expands them: an MCP client's
 * JSON config, an environment variable set by a program.
 */
function expandTilde(path: string): string {
  if (path === "~") return homedir();
  return /^~[/\\]/.test(path) ? join(homedir(), path.slice(2)) : path;
}
