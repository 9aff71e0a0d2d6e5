import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { MemoryHome } from "../../index.js";
import type { ScopeStack } from "../../scopes.js";
import type { McpSessionLog } from "./mcp-session-log.js";
import { serveMemoryTools } from "./memory-tools-handler.js";
import { registerMemoryResources } from "./register-memory-resources.js";
import { notifyResourceChanges, type ResourceNotificationOptions } from "./resource-notifications.js";
import { servedMemory } from "./served-memory.js";
import { SERVER_INSTRUCTIONS_PROMPT } from "./server-instructions-prompt.js";
import { registerSessionContextPrompt } from "./session-context-prompt.js";

export interface McpServerOptions {
  /**
   * Resource subscriptions and change notifications, for a transport that can carry messages from
   * the server (stdio). Off by default: stateless HTTP has no stream to send them on.
   */
  notifyChanges?: boolean | ResourceNotificationOptions;
  /** One client on stdio: the session context it asks for and its writes go to a session log (.sessions/). */
  session?: McpSessionLog;
  /** Only the tools that read (a read-only token of `mnemo serve`); a call of a tool that writes is refused. */
  readOnly?: boolean;
}

/**
 * An MCP server over one memory home: the memory tools, the home's files as `mnemo://` resources and
 * the session context as a prompt. Connect it to any transport; closing it leaves `memory` open.
 * Given a stack of homes (mnemo/scopes), the tools and the context are the stack's (each result
 * labelled with its scope, writes routed by kind) and the resources are its user home's files, and
 * each other layer's under `mnemo://<scope>/` (`mnemo://project/memories/{type}/{name}`).
 * With `session` (one client on stdio), the context it asks for and its writes go to a session log.
 *
 * @example
 * const memory = await openMemory({ home: "~/.mnemo" });
 * await createMcpServer(memory, { notifyChanges: true }).connect(new StdioServerTransport());
 */
export function createMcpServer(
  memoryOrStack: MemoryHome | ScopeStack,
  options: McpServerOptions = {},
): McpServer {
  const served = servedMemory(memoryOrStack);
  const memory = served.home;
  const server = new McpServer(
    { name: "mnemo", version: packageVersion() },
    { instructions: SERVER_INSTRUCTIONS_PROMPT },
  );
  const { session } = options;
  session?.identify(() => server.server.getClientVersion());
  registerMemoryResources(server, memory, served.resourceLayers);
  registerSessionContextPrompt(server, served, session);
  const notifications = options.notifyChanges
    ? notifyResourceChanges(
        server,
        memory,
        served.resourceLayers,
        options.notifyChanges === true ? {} : options.notifyChanges,
      )
    : undefined;
  // The SDK announces list changes for any server with resources; without notifications this one sends none.
  if (!notifications) server.server.registerCapabilities({ resources: { listChanged: false } });
  serveMemoryTools(server, memory, {
    tools: served.tools,
    toolsWritingAs: served.toolsWritingAs,
    readOnly: options.readOnly,
    afterWrite: (call) => {
      notifications?.checkNow();
      session?.wrote(call.name, call.arguments, call.text);
    },
  });
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
