import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { MemoryHome } from "../index.js";
import { toMcpError } from "./to-mcp-error.js";

export const SESSION_CONTEXT_PROMPT = "session_context";

/**
 * The frozen session context (identity, user profile, core memory, recent daily logs, memory
 * instructions, then the caller's base prompt) as an MCP prompt, for a client to load at session start.
 */
export function registerSessionContextPrompt(server: McpServer, memory: MemoryHome): void {
  server.registerPrompt(
    SESSION_CONTEXT_PROMPT,
    {
      title: "Session context from memory",
      description:
        "What the agent knows at session start: its identity (SOUL.md), the user's profile (USER.md), core memory " +
        "(MEMORY.md), recent daily logs and how to use the memory tools, followed by the base prompt if given. " +
        "Load it once per session, as or before the system prompt.",
      argsSchema: {
        base_prompt: z
          .string()
          .optional()
          .describe("The agent's own instructions, placed after the memory blocks."),
      },
    },
    async ({ base_prompt }) => {
      try {
        const text = await memory.buildContext({ basePrompt: base_prompt });
        return {
          description: `Session context from the memory home ${memory.home}`,
          messages: [{ role: "user", content: { type: "text", text } }],
        };
      } catch (error) {
        throw toMcpError(error);
      }
    },
  );
}
