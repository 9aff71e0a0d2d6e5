import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import { type MemoryHomes, openHomes } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { serveHomesWithMcp } from "../../testing/test-http-server.js";

/**
 * MCP at /mcp with limited tokens, through a real server on loopback and the SDK's client (after
 * listTools, so every result is checked against its tool's output schema): a read-only token is
 * served the tools that read; a token of agents writes as its agent whatever the client is called,
 * and never over another agent's memory; a token that reads only its own agents is refused.
 */
let root: string;
let homes: MemoryHomes;
let server: RunningHttpServer;
const tokens: Record<"full" | "alice" | "readOnly" | "ownReader" | "aliceOrCarol", string> = {
  full: "",
  alice: "",
  readOnly: "",
  ownReader: "",
  aliceOrCarol: "",
};

beforeAll(async () => {
  root = await makeTempDir("mnemo-rights-mcp-");
  homes = await openHomes({ root, env: { MNEMO_EMBEDDER: "none" }, onWarning: () => undefined });
  await homes.createHome("team");
  const issue = async (rights?: Parameters<MemoryHomes["issueToken"]>[0]["rights"]) =>
    (await homes.issueToken({ homes: ["team"], rights })).token;
  tokens.full = await issue();
  tokens.alice = await issue({ write: true, agents: ["alice"], read: "all" });
  tokens.readOnly = await issue({ write: false, read: "all" });
  tokens.ownReader = await issue({ write: true, agents: ["bob"], read: "own" });
  tokens.aliceOrCarol = await issue({ write: true, agents: ["alice", "carol"], read: "all" });
  server = await serveHomesWithMcp(homes);
  // Carol's memory, saved through /v1 by a token without limits.
  const saved = await fetch(`${server.url}/v1/memories`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${tokens.full}`,
      "content-type": "application/json",
      "mnemo-agent": "carol",
    },
    body: JSON.stringify({ type: "project", name: "Release day", content: "Releases go out on Thursdays." }),
  });
  expect(saved.status).toBe(201);
});

afterAll(async () => {
  await server.close();
  await homes.close();
  await removeDir(root);
});

async function connect(token: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "some-editor", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
  });
  await client.connect(transport);
  await client.listTools();
  return client;
}

async function writerOf(name: string): Promise<string | undefined> {
  const answer = await fetch(`${server.url}/v1/memories/${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${tokens.full}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { agent?: string }).agent;
}

const text = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as Array<{ text: string }>).map((part) => part.text).join("\n");

const note = (name: string) => ({
  type: "project",
  name,
  content: `${name}: the garden app ships on Fridays.`,
});

describe("MCP at /mcp with a limited token (real server, SDK client)", () => {
  it("a token of one agent writes as that agent, whatever the client calls itself", async () => {
    const client = await connect(tokens.alice);
    try {
      const saved = await client.callTool({ name: "memory_save", arguments: note("Ship day") });
      expect(saved.isError, text(saved)).not.toBe(true);
      expect(await writerOf("Ship day")).toBe("alice");
    } finally {
      await client.close();
    }
  });

  it("a token of agents never writes over another agent's memory", async () => {
    const client = await connect(tokens.alice);
    try {
      const forged = await client.callTool({
        name: "memory_save",
        arguments: { type: "project", name: "Release day", content: "Releases go out on Mondays." },
      });
      expect(forged.isError).toBe(true);
      expect(text(forged)).toMatch(/only its own agent's memories/);
      const deleted = await client.callTool({ name: "memory_delete", arguments: { name: "Release day" } });
      expect(deleted.isError).toBe(true);
      expect(await writerOf("Release day")).toBe("carol");
    } finally {
      await client.close();
    }
  });

  it("a token of several agents names one in Mnemo-Agent, or is refused at the door", async () => {
    await expect(connect(tokens.aliceOrCarol)).rejects.toThrow(/Missing right: agent/);
    const client = await connect(tokens.aliceOrCarol, { "Mnemo-Agent": "carol" });
    try {
      const saved = await client.callTool({ name: "memory_save", arguments: note("Carol's note") });
      expect(saved.isError, text(saved)).not.toBe(true);
      expect(await writerOf("Carol's note")).toBe("carol");
    } finally {
      await client.close();
    }
  });

  it("a read-only token is served the tools that read, and a call of one that writes is refused", async () => {
    const client = await connect(tokens.readOnly);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain("memory_search");
      expect(names).toContain("memory_get");
      expect(names).not.toContain("memory_save");
      expect(names).not.toContain("memory_delete");
      const found = await client.callTool({
        name: "memory_search",
        arguments: { query: "Thursdays releases" },
      });
      expect(found.isError, text(found)).not.toBe(true);
      expect(text(found)).toContain("Thursdays");
      const refused = await client.callTool({ name: "memory_save", arguments: note("Read-only note") });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/^Missing right: write \(memory_save changes memory/);
      const missing = await fetch(`${server.url}/v1/memories/Read-only%20note`, {
        headers: { authorization: `Bearer ${tokens.full}` },
      });
      expect(missing.status).toBe(404);
    } finally {
      await client.close();
    }
  });

  it("a token that reads only its own agents is refused, saying which right MCP needs", async () => {
    await expect(connect(tokens.ownReader)).rejects.toThrow(/Missing right: read all \(\/mcp serves/);
  });
});
