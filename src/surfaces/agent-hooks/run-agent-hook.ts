/**
 * Runs one hook of a coding agent within a time budget, and never fails it: the agent waits for
 * the hook before it goes on, so an error or an overrun prints nothing (the agent goes on without
 * memory) and writes a line to the home's hook log instead. The memory engine is loaded lazily,
 * after the input was read: a hook pays for what it uses, on every session and every prompt.
 */

import { isAbsolute } from "node:path";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import { errorMessage } from "../../errors.js";
import { isFolder } from "../../is-folder.js";
import { resolveHome } from "../../load-config.js";
import { type HookInput, parseHookInput } from "./hook-input.js";
import { writeHookLog } from "./hook-log.js";

export type AgentHookEvent = "SessionStart" | "UserPromptSubmit";

export interface AgentHookOptions {
  event: AgentHookEvent;
  /** --home, else $MNEMO_HOME, else ~/.mnemo. */
  home: string | undefined;
  /**
   * False with --no-scopes. Otherwise, without --home or $MNEMO_STORE, a session whose folder (the
   * hook JSON's `cwd`, else the hook's own) is in a repository with a `.mnemo/`, or whose user home
   * configures a team layer, works on the stack of homes (docs/scopes.md), as the CLI does there.
   */
  scopes?: boolean;
  budgetMs: number;
  /** A problem of the hook's command line, logged (a hook never fails on one). */
  problem?: string;
  readStdin(): Promise<string>;
}

/** What the hook prints on stdout ("" for nothing), and whether it gave up on its budget. */
export async function runAgentHook(options: AgentHookOptions): Promise<{ output: string; overran: boolean }> {
  const home = resolveHome(options.home, process.env);
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<"overrun">((resolve) => {
    timer = setTimeout(() => resolve("overrun"), options.budgetMs);
  });
  // Lines name the agent's session once its input is read.
  const seen: { input?: HookInput } = {};
  const log = (message: string) => {
    const session = seen.input?.session_id ? ` session ${seen.input.session_id}` : "";
    return writeHookLog(home, `${options.event}${session}: ${message}`);
  };
  if (options.problem) await log(options.problem);
  try {
    const answer = await Promise.race([
      hookAnswer(options, { signal: controller.signal, seen, log }),
      overrun,
    ]);
    if (answer !== "overrun") return { output: answer, overran: false };
    controller.abort();
    // A prompt's first search on a home builds its index, which may take longer than any budget.
    const hint =
      options.event === "UserPromptSubmit"
        ? " If the home's first search is still to come, run mnemo reindex once."
        : "";
    await log(
      `gave up after ${Math.round(performance.now() - started)} ms (budget ${options.budgetMs} ms); the agent went on without memory.${hint}`,
    );
    return { output: "", overran: true };
  } catch (error) {
    await log(`failed: ${errorMessage(error)}`);
    return { output: "", overran: false };
  } finally {
    clearTimeout(timer);
  }
}

async function hookAnswer(
  options: AgentHookOptions,
  context: { signal: AbortSignal; seen: { input?: HookInput }; log: (message: string) => Promise<void> },
): Promise<string> {
  const input = parseHookInput(await options.readStdin());
  context.seen.input = input;
  const [{ openMemory }, answers] = await Promise.all([
    import("../../open-memory.js"),
    import("./hook-answers.js"),
  ]);
  context.signal.throwIfAborted();
  const onWarning = (message: string) => void context.log(message);
  const stack = await stackOfSession(options, input, onWarning);
  if (stack) {
    try {
      if (options.event === "SessionStart") {
        const answer = await answers.stackSessionStartAnswer(stack);
        await learnWhatWaits(stack.sessionHome, context.log);
        return answer;
      }
      return await answers.userPromptAnswer(answers.stackAsRecall(stack), input, {
        signal: context.signal,
        onWarning,
      });
    } finally {
      await stack.close();
    }
  }
  const memory = await openMemory({ home: options.home, onWarning });
  try {
    if (options.event === "SessionStart") {
      const answer = await answers.sessionStartAnswer(memory);
      await learnWhatWaits(memory, context.log);
      return answer;
    }
    return await answers.userPromptAnswer(memory, input, { signal: context.signal, onWarning });
  } finally {
    await memory.close();
  }
}

/** The stack the agent's session works on, or undefined for the one home (see AgentHookOptions.scopes). */
async function stackOfSession(
  options: AgentHookOptions,
  input: HookInput,
  onWarning: (message: string) => void,
): Promise<ScopeStack | undefined> {
  if (options.scopes === false || options.home !== undefined || process.env.MNEMO_STORE) return undefined;
  const { openStackAt } = await import("../../open-scopes.js");
  const cwd =
    typeof input.cwd === "string" && isAbsolute(input.cwd) && isFolder(input.cwd) ? input.cwd : process.cwd();
  return openStackAt(cwd, { onWarning });
}

/** Starts the extraction of what waits in .pending/ in the background; a failure to start is logged. */
async function learnWhatWaits(memory: MemoryHome, log: (message: string) => Promise<void>): Promise<void> {
  const { startQueuedLearning } = await import("./queued-learning.js");
  try {
    const started = startQueuedLearning({
      home: memory.home,
      canExtract: memory.enabled && memory.config.extraction.enabled && memory.config.llm.model !== undefined,
      bin: process.argv[1] as string,
    });
    if (started)
      await log(
        `${started.queued} conversation(s) wait in .pending/: extracting them in process ${started.learner}`,
      );
  } catch (error) {
    await log(`could not start extracting what waits in .pending/: ${errorMessage(error)}`);
  }
}
