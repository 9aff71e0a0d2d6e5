import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MemoryHome } from "../../index.js";
import { serveMemoryTools } from "./memory-tools-handler.js";
import { registerMemoryResources } from "./register-memory-resources.js";
import { SERVER_INSTRUCTIONS_PROMPT } from "./server-instructions-prompt.js";
import { registerSessionContextPrompt } from "./session-context-prompt.js";

/**
 * An MCP server over one memory home: the memory tools, the home's files as `mnemo://` resources and
 * the session context as a prompt. Connect it to any transport; closing it leaves `memory` open.
 *
 * @example
 * const memory = await openMemory({ home: "~/.mnemo" });
 * await createMcpServer(memory).connect(new StdioServerTransport());
 */
export function createMcpServer(memory: MemoryHome): McpServer {
  const server = new McpServer(
    { name: "mnemo", version: packageVersion() },
    { instructions: SERVER_INSTRUCTIONS_PROMPT },
  );
  serveMemoryTools(server, memory);
  registerMemoryResources(server, memory);
  registerSessionContextPrompt(server, memory);
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
