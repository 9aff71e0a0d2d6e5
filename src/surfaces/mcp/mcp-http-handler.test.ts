import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MemoryHome } from "../../index.js";
import { createMcpHttpHandler, type McpHttpHandler } from "../../mcp.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";

/** What the HTTP surface adds to the MCP server: mounting, stateless requests, methods, shutdown. */
let memory: MemoryHome;
let home: string;
let handler: McpHttpHandler;
let server: Server;
let endpoint: URL;

/** Mounts the handler at /mcp; with `parseBody`, the way a framework that reads JSON bodies itself would. */
async function serve(parseBody: boolean): Promise<void> {
  handler = createMcpHttpHandler(memory, { onError: (error) => console.error(error) });
  server = createServer(async (req, res) => {
    if (req.url !== "/mcp") return void res.writeHead(404).end();
    const body = parseBody && req.method === "POST" ? JSON.parse(await readBody(req)) : undefined;
    await handler.handle(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function connectClient(): Promise<Client> {
  const client = new Client({ name: "mnemo-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(endpoint));
  return client;
}

beforeEach(async () => {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
});
afterEach(async () => {
  await handler.close();
  await new Promise((resolve) => server.close(resolve));
  await memory.close();
  await removeDir(home);
});

describe("createMcpHttpHandler", () => {
  it("serves a body the framework already parsed", async () => {
    await serve(true);
    const client = await connectClient();
    const result = (await client.callTool({
      name: "memory_add",
      arguments: { file: "memory", section: "Notes", content: "Parsed by the framework." },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect((await memory.profile.read("memory", "Notes")).text).toContain("Parsed by the framework.");
    await client.close();
  });

  it("keeps no session: clients and parallel calls share nothing but the home", async () => {
    await serve(false);
    const [first, second] = await Promise.all([connectClient(), connectClient()]);
    const saves = ["One", "Two", "Three", "Four"].map((name, index) =>
      (index % 2 === 0 ? first : second)?.callTool({
        name: "memory_save",
        arguments: { type: "project", name, description: name, content: `Fact ${name}.` },
      }),
    );
    for (const result of (await Promise.all(saves)) as CallToolResult[]) expect(result.isError).toBeFalsy();
    const { memories } = await memory.memories.list();
    expect(memories.map((each) => each.name).sort()).toEqual(["Four", "One", "Three", "Two"]);
    await Promise.all([first?.close(), second?.close()]);
  });

  it("answers GET and DELETE with 405, and refuses requests after close()", async () => {
    await serve(false);
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(endpoint, { method, headers: { accept: "text/event-stream" } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    }
    await handler.close();
    const late = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(late.status).toBe(503);
    expect((await memory.profile.read("user")).path).toBe("USER.md"); // the home stays open
  });
});
