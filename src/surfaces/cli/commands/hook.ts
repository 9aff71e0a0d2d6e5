import { Option } from "commander";
import type { AnyCliCommand, CommandGroup, CommonOptions } from "../cli-command.js";
import { defineCommand } from "../cli-command.js";

interface HookOptions extends CommonOptions {
  budgetMs: string;
  scopes?: boolean;
}

const DEFAULT_BUDGET_MS = "2000";

/**
 * `mnemo hook session-start` and `mnemo hook user-prompt-submit`: what `mnemo setup claude-code`
 * puts in Claude Code's hooks. Each reads the hook's JSON on stdin and prints JSON with
 * hookSpecificOutput.additionalContext, or nothing; it always exits 0 (the agent must never be
 * held up or stopped by memory), and what went wrong goes to <home>/.logs/hooks.log.
 */
function hookCommand(
  name: string,
  event: "SessionStart" | "UserPromptSubmit",
  description: string,
): AnyCliCommand {
  return defineCommand({
    name,
    description,
    json: false,
    options: [
      new Option("--home <dir>", "the memory home (default: $MNEMO_HOME, else ~/.mnemo)"),
      new Option(
        "--budget-ms <ms>",
        "give up quietly after this long (the agent goes on without memory)",
      ).default(DEFAULT_BUDGET_MS),
      new Option(
        "--no-scopes",
        "the one memory home, even when the session's folder (cwd in the hook's JSON) is in a repository with a .mnemo/ folder",
      ),
    ],
    examples: [
      `echo '{"session_id":"s1","hook_event_name":"${event}"${event === "UserPromptSubmit" ? ',"prompt":"how do we deploy?"' : ""}}' | mnemo hook ${name}`,
    ],
    // Never a usage error: Claude Code reads exit code 2 of UserPromptSubmit as "block this prompt".
    input(_args, options: HookOptions) {
      const budgetMs = Number(options.budgetMs);
      const common = { home: options.home, scopes: options.scopes !== false };
      if (Number.isInteger(budgetMs) && budgetMs >= 1 && budgetMs <= 600_000) return { ...common, budgetMs };
      const problem = `--budget-ms must be a whole number from 1 to 600000, not "${options.budgetMs}"; used ${DEFAULT_BUDGET_MS}`;
      return { ...common, budgetMs: Number(DEFAULT_BUDGET_MS), problem };
    },
    withoutHome: (input) => async () => {
      const [{ runAgentHook }, { readStdin }] = await Promise.all([
        import("../../agent-hooks/run-agent-hook.js"),
        import("../read-input.js"),
      ]);
      const result = await runAgentHook({ event, ...input, readStdin });
      // Work still going (a search cut off by the budget) must not keep the agent waiting.
      if (result.overran) setTimeout(() => process.exit(0), 20).unref();
      return result;
    },
    render: (result: { output: string }) => result.output,
    verbatim: true,
  });
}

export const hook: CommandGroup = {
  name: "hook",
  summary: "Answer a coding agent's hook (what mnemo setup claude-code installs)",
  description:
    "The hooks mnemo setup installs in Claude Code. Each reads the hook's JSON on stdin and never fails the agent.",
  commands: [
    hookCommand(
      "session-start",
      "SessionStart",
      "Print the frozen session context (identity, user profile, core memory, recent days, memory instructions) as the hook's additionalContext.",
    ),
    hookCommand(
      "user-prompt-submit",
      "UserPromptSubmit",
      "Print the memories relevant to the prompt in the hook's JSON as additionalContext; nothing when none is relevant.",
    ),
  ],
};
