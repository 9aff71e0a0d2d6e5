/**
 * The same backend as the handlers object of the Anthropic SDK's `betaMemoryTool(handlers)`, whose
 * tool runner answers a thrown error with an `is_error` result reading "Error: <message>".
 */
import type { MemoryHome } from "../../index.js";
import { type ClaudeMemoryCommand, handleClaudeMemoryCommand } from "./handle-claude-memory-command.js";

type Command = ClaudeMemoryCommand["command"];

export type ClaudeMemoryHandlers = {
  [K in Command]: (command: Extract<ClaudeMemoryCommand, { command: K }>) => Promise<string>;
};

/**
 * @example
 * import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
 * const memoryTool = betaMemoryTool(claudeMemoryHandlers(memory));
 * await anthropic.beta.messages.toolRunner({ model, max_tokens: 1024, tools: [memoryTool], messages });
 */
export function claudeMemoryHandlers(memory: MemoryHome): ClaudeMemoryHandlers {
  const handle = async (command: ClaudeMemoryCommand): Promise<string> => {
    const result = await handleClaudeMemoryCommand(memory, command);
    if (!result.ok) throw new Error(result.text.replace(/^Error: /, ""));
    return result.text;
  };
  return {
    view: handle,
    create: handle,
    str_replace: handle,
    insert: handle,
    delete: handle,
    rename: handle,
  };
}
