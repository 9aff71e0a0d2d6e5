/** What each hook adds to the agent's context, from an open memory home. */
import { MEMORY_INSTRUCTIONS_PROMPT } from "../../engine/context/memory-instructions-prompt.js";
import type { MemoryHome } from "../../engine/memory-home.js";
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
 * The memories relevant to the prompt, found by keyword so no embedding model is loaded on every
 * prompt; nothing when none is relevant (the home's relevance floor decides).
 */
export async function userPromptAnswer(
  memory: MemoryHome,
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
