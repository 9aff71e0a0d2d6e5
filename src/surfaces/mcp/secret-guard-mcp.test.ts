import { readdir } from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createMcpServer } from "../../mcp.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";

/** A model that tries to save a credential through the MCP tools is told not to, and nothing is written. */
describe("the memory tools over MCP", () => {
  it("refuse a credential with an isError result that tells the model to keep secrets out of memory", async () => {
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(memory).connect(serverSide);
    const client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const calls = [
        {
          name: "memory_save",
          arguments: {
            type: "reference",
            name: "Stripe",
            description: "live key",
            content: "sk_live_51HxQz8Lk2Jd9Pw0aBcDeFgHiJkLmNoPq",
          },
        },
        {
          name: "memory_add",
          arguments: { file: "user", section: "Accounts", content: "bank password: Kestrel#4821!" },
        },
      ];
      for (const call of calls) {
        const result = (await client.callTool(call)) as CallToolResult;
        expect(result.isError, call.name).toBe(true);
        const text = (result.content[0] as { text: string }).text;
        expect(text).toMatch(/^Error \(SECRET_DETECTED\): Nothing was stored/);
        expect(text).toContain("Never store passwords, API keys, tokens or private keys in memory");
        expect(text).not.toMatch(/sk_live_|Kestrel/);
      }
      expect((await readdir(home, { recursive: true })).filter((entry) => entry.endsWith(".md"))).toEqual([]);
    } finally {
      await client.close();
      await memory.close();
      await removeDir(home);
    }
  });
});

describe("names over MCP", () => {
  it("a session id or a memory name holding a key is refused as an isError result, nothing written", async () => {
    const token = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(memory).connect(serverSide);
    const client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const listed = (await client.listTools()).tools.map((tool) => tool.name);
      const calls = [
        {
          name: "memory_record_conversation",
          arguments: { session: token, messages: [{ speaker: "user", text: "hello" }] },
        },
        {
          name: "memory_save",
          arguments: { type: "reference", name: `CI ${token}`, description: "d", content: "The CI token." },
        },
      ];
      for (const call of calls) {
        expect(listed).toContain(call.name);
        const result = (await client.callTool(call)) as CallToolResult;
        expect(result.isError, call.name).toBe(true);
        const text = (result.content[0] as { text: string }).text;
        expect(text, call.name).toMatch(/^Error \(SECRET_DETECTED\): Nothing was stored/);
        expect(text, call.name).not.toContain(token);
      }
      expect((await readdir(home, { recursive: true })).filter((entry) => entry.endsWith(".md"))).toEqual([]);
    } finally {
      await client.close();
      await memory.close();
      await removeDir(home);
    }
  });
});
