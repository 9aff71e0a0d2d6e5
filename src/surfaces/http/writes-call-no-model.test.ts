import { createServer, type Server, type Socket } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import type { MemoryHome } from "../../index.js";
import { createMcpHttpHandler, type McpHttpHandler } from "../../mcp.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { startHttpServer } from "./start-http-server.js";

/**
 * "A writing tool never blocks on an LLM": the chat model and the embedding model are configured
 * at a black hole on loopback that accepts connections and never answers. Every write, through the
 * API and through MCP, must answer at once and the black hole must see no connection; a search,
 * which does embed, reaches it (so the setup would catch a write that did).
 */
const WRITE_DEADLINE_MS = 5000;
let blackHole: { server: Server; url: string; connections: number; sockets: Set<Socket> };
let memory: MemoryHome;
let home: string;
let mcp: McpHttpHandler;
let server: RunningHttpServer;

beforeEach(async () => {
  const sockets = new Set<Socket>();
  const hole = createServer((socket) => {
    blackHole.connections++;
    sockets.add(socket.on("close", () => sockets.delete(socket)));
  });
  await new Promise<void>((resolve) => hole.listen(0, "127.0.0.1", resolve));
  const { port } = hole.address() as { port: number };
  blackHole = { server: hole, url: `http://127.0.0.1:${port}/v1`, connections: 0, sockets };
  ({ memory, home } = await openTestMemory({
    config: {
      llm: { baseUrl: blackHole.url, model: "never-answers" },
      search: { embedder: "openai", openaiBaseUrl: blackHole.url },
    },
  }));
  mcp = createMcpHttpHandler(memory, { onError: () => undefined });
  server = await startHttpServer({ memory, port: 0, mcp, onError: () => undefined });
});
afterEach(async () => {
  await mcp.close();
  await server.close({ graceMs: 100 });
  for (const socket of blackHole.sockets) socket.destroy();
  await new Promise((resolve) => blackHole.server.close(resolve));
  await memory.close();
  await removeDir(home);
});

async function send(method: string, path: string, body?: unknown): Promise<number> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(WRITE_DEADLINE_MS),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("writes with a chat model and an embedder that never answer", () => {
  it("every API write answers at once and calls no model", async () => {
    const statuses = [
      await send("POST", "/v1/memories", {
        type: "user",
        name: "Cat",
        description: "Pet",
        content: "A cat.",
      }),
      await send("POST", "/v1/memories", {
        type: "user",
        name: "Cat",
        description: "Pet",
        content: "Two cats.",
      }),
      await send("POST", "/v1/profile/user/sections/Name", { text: "The user is Grace." }),
      await send("PATCH", "/v1/profile/user/sections/Name", { old_text: "Grace", new_text: "Ada" }),
      await send("DELETE", "/v1/profile/user/sections/Name"),
      await send("POST", "/v1/journal", { category: "user_pref", text: "Answers in French." }),
      await send("DELETE", "/v1/memories/Cat"),
      await send("POST", "/v1/conversations/s1/messages", {
        messages: [{ speaker: "user", text: "A cat." }],
      }),
    ];
    expect(statuses).toEqual([201, 200, 200, 200, 200, 201, 200, 201]);
    expect(blackHole.connections).toBe(0);
  });

  it("every MCP writing tool answers at once and calls no model", async () => {
    const client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args }, undefined, {
        timeout: WRITE_DEADLINE_MS,
      })) as CallToolResult;
    const writers = (await client.listTools()).tools.filter((tool) => !tool.annotations?.readOnlyHint);
    const results: Record<string, CallToolResult> = {
      memory_save: await call("memory_save", {
        type: "user",
        name: "Cat",
        description: "Pet",
        content: "A cat.",
      }),
      memory_add: await call("memory_add", {
        file: "memory",
        section: "Notes",
        content: "Deploys on Friday.",
      }),
      memory_replace: await call("memory_replace", {
        file: "memory",
        section: "Notes",
        old_text: "Friday",
        new_text: "Monday",
      }),
      memory_remove: await call("memory_remove", { file: "memory", section: "Notes" }),
      memory_delete: await call("memory_delete", { name: "Cat" }),
      memory_record_conversation: await call("memory_record_conversation", {
        session: "s1",
        messages: [{ speaker: "user", text: "A cat." }],
      }),
    };
    await client.close();
    expect(Object.keys(results).sort()).toEqual(writers.map((tool) => tool.name).sort());
    for (const [name, result] of Object.entries(results)) expect(result.isError, name).toBeFalsy();
    expect(blackHole.connections).toBe(0);
  });

  it("a search does reach the embedder, so the black hole would have caught a write that did", async () => {
    await send("POST", "/v1/memories", { type: "user", name: "Cat", description: "Pet", content: "A cat." });
    const abandoned = new AbortController();
    const search = fetch(`${server.url}/v1/search?query=cat`, { signal: abandoned.signal }).catch(
      () => undefined,
    );
    for (let waited = 0; blackHole.connections === 0 && waited < WRITE_DEADLINE_MS; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    abandoned.abort();
    await search;
    expect(blackHole.connections).toBeGreaterThan(0);
  });
});
