import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import type { MemoryHome } from "../../index.js";
import { createMcpHttpHandler, type McpHttpHandler } from "../../mcp.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { startHttpServer } from "./start-http-server.js";

/** MCP's Streamable HTTP mounted at /mcp of the API server: the same home, behind the same token. */
const token = "mcp-test-token-0123456789";
let memory: MemoryHome;
let home: string;
let mcp: McpHttpHandler;
let server: RunningHttpServer;

beforeEach(async () => {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  mcp = createMcpHttpHandler(memory, { onError: (error) => console.error(error) });
  server = await startHttpServer({ memory, port: 0, token, mcp, maxBodyBytes: 10_000 });
});
afterEach(async () => {
  await mcp.close();
  await server.close();
  await memory.close();
  await removeDir(home);
});

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
};

function postMcp(body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
}

describe("MCP at /mcp", () => {
  it("serves an MCP client that sends the token; what it saves is in the HTTP API", async () => {
    const client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const result = (await client.callTool({
      name: "memory_save",
      arguments: {
        type: "project",
        name: "Ships Friday",
        description: "Release",
        content: "We ship on Friday.",
      },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    await client.close();
    const listed = await fetch(`${server.url}/v1/memories`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await listed.json()) as { memories: Array<{ name: string }> }).memories[0]?.name).toBe(
      "Ships Friday",
    );
  });

  it("answers 401 without the token, and 413 to a body over the limit", async () => {
    expect((await postMcp(JSON.stringify(initialize))).status).toBe(401);
    const authorization = `Bearer ${token}`;
    expect((await postMcp(JSON.stringify(initialize), { authorization })).status).toBe(200);
    const padded = { ...initialize, params: { ...initialize.params, padding: "x".repeat(20_000) } };
    expect((await postMcp(JSON.stringify(padded), { authorization })).status).toBe(413);
    expect((await postMcp("{not json", { authorization })).status).toBe(400);
  });
});
