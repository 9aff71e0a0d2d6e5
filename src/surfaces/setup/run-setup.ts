/** `mnemo setup AGENT`: the composition of the pure edits with the files of this machine. */
import { homedir } from "node:os";
import { join } from "node:path";
import { resolveHome } from "../../load-config.js";
import { agentEdits } from "./agent-edits.js";
import type { FileAction } from "./apply-edits.js";
import { planEdits, shownPath, unifiedDiff, writePlanned } from "./apply-edits.js";
import type { Agent, SetupScope } from "./file-edit.js";
import { mnemoInvocation, mnemoShellCommand, runningMnemo } from "./mnemo-launch.js";

export interface SetupRequest {
  agent: Agent;
  scope: SetupScope;
  remove: boolean;
  dryRun: boolean;
  /** --home given to setup: written into every entry. Without it the entries use mnemo's default home. */
  home: string | undefined;
}

export interface SetupResult {
  agent: Agent;
  scope: SetupScope;
  remove: boolean;
  dryRun: boolean;
  files: Array<{ path: string; action: FileAction }>;
  /** The unified diff of what changes (written, or with --dry-run, what would be). */
  diff: string;
}

export async function runSetup(request: SetupRequest): Promise<SetupResult> {
  const userDirectory = homedir();
  const projectDirectory = process.cwd();
  const launch = runningMnemo();
  const home = request.home === undefined ? undefined : resolveHome(request.home, process.env);
  const edits = agentEdits(request.agent, {
    scope: request.scope,
    userDirectory,
    projectDirectory,
    codexDirectory: process.env.CODEX_HOME || join(userDirectory, ".codex"),
    mcpServer: mnemoInvocation(launch, ["mcp"], home),
    shellCommand: (words) => mnemoShellCommand(launch, words, home),
  });
  const planned = await planEdits(edits, request.remove ? "remove" : "add");
  const base =
    request.scope === "project"
      ? { folder: projectDirectory, label: "" }
      : { folder: userDirectory, label: "~/" };
  if (!request.dryRun) await writePlanned(planned, [projectDirectory, userDirectory]);
  return {
    agent: request.agent,
    scope: request.scope,
    remove: request.remove,
    dryRun: request.dryRun,
    files: planned.map((file) => ({ path: shownPath(file.path, base), action: file.action })),
    diff: unifiedDiff(planned, base),
  };
}
