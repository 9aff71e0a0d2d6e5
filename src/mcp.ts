/**
 * `mnemo/mcp`: mnemo as an MCP server (the memory tools, the home's files as `mnemo://` resources,
 * the session context as a prompt), over any transport or mounted on an HTTP server; over one home
 * or a stack of homes (mnemo/scopes). A subpath of
 * its own so that importing `mnemo` never loads the MCP SDK.
 */
export type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export type { McpServerOptions } from "./surfaces/mcp/create-mcp-server.js";
export { createMcpServer } from "./surfaces/mcp/create-mcp-server.js";
export type { McpHttpHandler, McpHttpHandlerOptions } from "./surfaces/mcp/mcp-http-handler.js";
export { createMcpHttpHandler } from "./surfaces/mcp/mcp-http-handler.js";
export { McpSessionLog } from "./surfaces/mcp/mcp-session-log.js";
export type { ResourceNotificationOptions } from "./surfaces/mcp/resource-notifications.js";
