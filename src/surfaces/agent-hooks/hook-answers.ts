/** What each hook adds to the agent's context, from an open memory home. */
import { MEMORY_INSTRUCTIONS_PROMPT } from "../../engine/context/memory-instructions-prompt.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import { findRelevantMemories } from "../../session/agent/relevant-memories.js";
import { renderTurnContext } from "../../session/agent/turn-context-prompt.js";
import { additionalContextOutput, type HookInput } from "./hook-input.js";

/** How many memories a prompt gets at most. */
const PROMPT_MEMORIES = 5;

/**
 * The frozen session context (identity, user profile, core memory, recent days, the memory
 * instructions), without a default identity: the agent has its own. Nothing with memory disabled.
 */
export async function sessionStartAnswer(memory: MemoryHome): Promise<string> {
  if (!memory.enabled) return "";
  const context = await memory.buildContext({ defaultIdentity: false });
  const text = context.trim() === "" ? MEMORY_INSTRUCTIONS_PROMPT.trim() : context;
  return additionalContextOutput("SessionStart", text);
}

/**
 * The session context of a stack of homes (docs/scopes.md): each layer's blocks labelled by scope,
 * nearest first, within the user's budget; no default identity, as above.
 */
export async function stackSessionStartAnswer(stack: ScopeStack): Promise<string> {
  if (!stack.sessionHome.enabled) return "";
  return additionalContextOutput("SessionStart", await stack.context({ defaultIdentity: false }));
}

/** A stack searched as one home: one ranking across its layers, the user's settings for the floor. */
export function stackAsRecall(stack: ScopeStack): Parameters<typeof userPromptAnswer>[0] {
  const { enabled, config } = stack.sessionHome;
  return { enabled, config, recall: (query, options) => stack.recall(query, options) };
}

/**
 * The memories relevant to the prompt, found by keyword so no embedding model is loaded on every
 * prompt; nothing when none is relevant (the home's relevance floor decides).
 */
export async function userPromptAnswer(
  memory: Parameters<typeof findRelevantMemories>[0],
  input: HookInput,
  options: { signal: AbortSignal; onWarning: (message: string) => void },
): Promise<string> {
  const prompt = input.prompt ?? "";
  const memories = await findRelevantMemories(memory, prompt, {
    limit: PROMPT_MEMORIES,
    sessionId: input.session_id ?? "",
    fast: true,
    signal: options.signal,
    onWarning: options.onWarning,
  });
  const block = renderTurnContext({ memories, workingMemory: "" });
  return block === "" ? "" : additionalContextOutput("UserPromptSubmit", block);
}
