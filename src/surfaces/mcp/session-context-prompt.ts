import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  GetPromptRequestParamsSchema,
  type GetPromptResult,
  ListPromptsRequestSchema,
  type Prompt,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpSessionLog } from "./mcp-session-log.js";
import { checkedRequest } from "./request-params.js";
import type { ServedMemory } from "./served-memory.js";
import { McpRequestError, toMcpError } from "./to-mcp-error.js";

export const SESSION_CONTEXT_PROMPT = "session_context";

/**
 * The frozen session context (identity, user profile, core memory, recent daily logs, memory
 * instructions, then the caller's base prompt) as an MCP prompt, for a client to load at session start.
 * Served through the SDK's low-level handlers, like the tools, so that a request of the wrong shape
 * (an argument that is not a string) is refused with -32602 and a message naming the argument.
 */
const SESSION_CONTEXT: Prompt = {
  name: SESSION_CONTEXT_PROMPT,
  title: "Session context from memory",
  description:
    "What the agent knows at session start: its identity (SOUL.md), the user's profile (USER.md), core memory " +
    "(MEMORY.md), recent daily logs and how to use the memory tools, followed by the base prompt if given. " +
    "Load it once per session, as or before the system prompt.",
  arguments: [
    {
      name: "base_prompt",
      description: "The agent's own instructions, placed after the memory blocks.",
      required: false,
    },
  ],
};

export function registerSessionContextPrompt(
  server: McpServer,
  served: Pick<ServedMemory, "context" | "description">,
  session?: McpSessionLog,
): void {
  server.server.registerCapabilities({ prompts: {} });
  server.server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [SESSION_CONTEXT] }));
  const getPrompt = checkedRequest("prompts/get", GetPromptRequestParamsSchema);
  server.server.setRequestHandler(getPrompt, async (request): Promise<GetPromptResult> => {
    const { name, arguments: values } = request.params;
    if (name !== SESSION_CONTEXT_PROMPT)
      throw new McpRequestError(
        ErrorCode.InvalidParams,
        `There is no prompt "${name}"; mnemo's prompt is ${SESSION_CONTEXT_PROMPT}.`,
        "NOT_FOUND",
      );
    try {
      // The SDK's params schema has checked that every argument is a string.
      const text = await served.context(values?.base_prompt);
      session?.frozen(text);
      return {
        description: `Session context from ${served.description}`,
        messages: [{ role: "user", content: { type: "text", text } }],
      };
    } catch (error) {
      throw toMcpError(error);
    }
  });
}
