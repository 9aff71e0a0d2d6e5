import { MEMORY_INSTRUCTIONS_PROMPT } from "../../engine/context/memory-instructions-prompt.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import type { MemoryTool } from "../tools/memory-tool.js";
import { MEMORY_TOOLS } from "../tools/memory-tools.js";
import { scopedMemoryTools } from "../tools/scoped-memory-tools.js";
import type { findRelevantMemories } from "./relevant-memories.js";

/**
 * What an AgentSession reads from at start and each turn: one home, or a stack of homes whose
 * session home is `memory` (docs/scopes.md). The frozen system prompt, the tools offered and where
 * each turn's relevant memories are searched.
 */
export interface SessionSources {
  memory: MemoryHome;
  scopes?: ScopeStack;
  basePrompt?: string;
  tools?: readonly MemoryTool[];
}

/**
 * The memory blocks, instructions and base prompt. A home with nothing in it yet gives no blocks,
 * and buildContext then returns the base prompt alone; the model still gets the instructions, or
 * it would not know what its memory tools are for in its very first session.
 */
export async function frozenSystemPrompt(options: SessionSources): Promise<string> {
  const { memory, basePrompt, scopes } = options;
  const context = scopes ? await scopes.context({ basePrompt }) : await memory.buildContext({ basePrompt });
  const instructions = MEMORY_INSTRUCTIONS_PROMPT.trim();
  const toolsOffered = toolsOf(options).length > 0;
  if (!memory.enabled || !toolsOffered || context.includes(instructions)) return context;
  return `${[instructions, basePrompt?.trim() ?? ""].filter((part) => part !== "").join("\n\n")}\n`;
}

/** The tools offered: the caller's, else a stack's scoped tools or one home's (none when memory is disabled). */
export function toolsOf(options: SessionSources): readonly MemoryTool[] {
  if (options.tools) return options.tools;
  if (!options.memory.enabled) return [];
  return options.scopes ? scopedMemoryTools(options.scopes) : MEMORY_TOOLS;
}

/** Where each turn's relevant memories are searched: every layer of a stack, else the home. */
export function searchedOf(options: SessionSources): Parameters<typeof findRelevantMemories>[0] {
  const { memory, scopes } = options;
  if (!scopes) return memory;
  return {
    enabled: memory.enabled,
    config: memory.config,
    recall: (query, each) => scopes.recall(query, each),
  };
}
