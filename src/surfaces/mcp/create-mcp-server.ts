import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MemoryHome } from "../../index.js";
import type { McpSessionLog } from "./mcp-session-log.js";
import { serveMemoryTools } from "./memory-tools-handler.js";
import { registerMemoryResources } from "./register-memory-resources.js";
import { SERVER_INSTRUCTIONS_PROMPT } from "./server-instructions-prompt.js";
import { registerSessionContextPrompt } from "./session-context-prompt.js";

/**
 * An MCP server over one memory home: the memory tools, the home's files as `mnemo://` resources and
 * the session context as a prompt. Connect it to any transport; closing it leaves `memory` open.
 * With `session` (one client on stdio), the context it asks for and its writes go to a session log.
 *
 * @example
 * const memory = await openMemory({ home: "~/.mnemo" });
 * await createMcpServer(memory).connect(new StdioServerTransport());
 */
export function createMcpServer(memory: MemoryHome, options: { session?: McpSessionLog } = {}): McpServer {
  const server = new McpServer(
    { name: "mnemo", version: packageVersion() },
    { instructions: SERVER_INSTRUCTIONS_PROMPT },
  );
  const { session } = options;
  session?.identify(() => server.server.getClientVersion());
  serveMemoryTools(server, memory, session);
  registerMemoryResources(server, memory);
  registerSessionContextPrompt(server, memory, session);
  return server;
}

let version: string | undefined;

function packageVersion(): string {
  if (version === undefined) {
    const text = readFileSync(new URL("../../../package.json", import.meta.url), "utf8");
    const value: unknown = (JSON.parse(text) as { version?: unknown }).version;
    version = typeof value === "string" ? value : "unknown";
  }
  return version;
}
