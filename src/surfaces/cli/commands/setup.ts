import { Argument, Option } from "commander";
import { MnemoError } from "../../../errors.js";
// Types only: the setup code (and its JSON, TOML and diff libraries) loads when setup runs.
import type { Agent } from "../../setup/file-edit.js";
import type { SetupRequest, SetupResult } from "../../setup/run-setup.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { parseChoice } from "../parse-choice.js";

const AGENTS: readonly Agent[] = ["claude-code", "codex", "cursor"];

interface SetupOptions extends CommonOptions {
  project?: boolean;
  user?: boolean;
  dryRun?: boolean;
  remove?: boolean;
}

export const setup = defineCommand({
  name: "setup",
  summary: "Give Claude Code, Codex or Cursor this memory (MCP server, instructions, hooks)",
  description:
    "Write what a coding agent reads to use mnemo: its MCP server entry and a short instruction section, and for " +
    "Claude Code the hooks that load memory at session start, add relevant memories to each prompt, and learn " +
    "from the transcript before compaction and at session end. Existing settings are merged, never overwritten; " +
    "--remove takes out exactly what setup added. Paths: --user under $HOME (default), --project in this folder.",
  arguments: [new Argument("<agent>", `the agent: ${AGENTS.join(", ")}`)],
  options: [
    new Option("--project", "set up the project in this folder (files meant for the repository)"),
    new Option("--user", "set up for this user, in every project (the default)"),
    new Option("--dry-run", "print the diff of every file it would change, and write nothing"),
    new Option("--remove", "remove what setup added (a file it created is deleted)"),
    new Option(
      "--home <dir>",
      "the memory home the agent uses (default: mnemo's own default, $MNEMO_HOME or ~/.mnemo)",
    ),
  ],
  examples: [
    "mnemo setup claude-code",
    "mnemo setup claude-code --project --dry-run",
    "mnemo setup codex --home ~/work-memory",
    "mnemo setup cursor --project --remove",
  ],
  input([agent = ""], options: SetupOptions): SetupRequest {
    if (options.project && options.user)
      throw new MnemoError("INVALID_INPUT", "Give either --project or --user, not both.");
    if (options.store !== undefined || options.homeId !== undefined)
      throw new MnemoError(
        "INVALID_INPUT",
        "mnemo setup writes a folder home into the agent's files; leave out --store and --home-id.",
      );
    return {
      agent: parseChoice(agent, AGENTS, "agent"),
      scope: options.project ? "project" : "user",
      remove: options.remove === true,
      dryRun: options.dryRun === true,
      home: options.home,
    };
  },
  withoutHome: (request) => async () => {
    const { runSetup } = await import("../../setup/run-setup.js");
    return runSetup(request);
  },
  render: (result: SetupResult) => {
    if (result.dryRun) return result.diff;
    return result.files.map((file) => `${file.action.padEnd(9)} ${file.path}`).join("\n");
  },
  notes: (result) => setupNotes(result),
});

function setupNotes(result: SetupResult): string[] {
  const changed = result.files.some((file) => file.action !== "unchanged");
  if (result.dryRun) return [changed ? "dry run: nothing was written" : "nothing to change"];
  if (!changed)
    return [result.remove ? "nothing of mnemo setup was there" : "already set up: nothing changed"];
  if (result.remove) return [];
  const restart = { "claude-code": "Claude Code", codex: "Codex", cursor: "Cursor" }[result.agent];
  return [
    `start a new ${restart} session to use it; undo with: mnemo setup ${result.agent}${result.scope === "project" ? " --project" : ""} --remove`,
  ];
}
