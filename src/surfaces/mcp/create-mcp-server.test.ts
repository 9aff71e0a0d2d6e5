import { existsSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createMcpServer } from "../../mcp.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";

describe("createMcpServer with memory disabled", () => {
  it("reads and writes nothing: tools fail as DISABLED, no resources, the prompt is the base prompt", async () => {
    const { memory, home } = await openTestMemory({ config: { enabled: false } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(memory).connect(serverSide);
    const client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const result = (await client.callTool({
        name: "memory_add",
        arguments: { file: "user", section: "Name", content: "Grace" },
      })) as CallToolResult;
      expect(result).toMatchObject({
        isError: true,
        content: [{ text: expect.stringContaining("DISABLED") }],
      });
      expect((await client.listResources()).resources).toEqual([]);
      await expect(client.readResource({ uri: "mnemo://profile/user" })).rejects.toThrow(/disabled/);
      const prompt = await client.getPrompt({ name: "session_context", arguments: { base_prompt: "Hi." } });
      expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "Hi." });
      expect(existsSync(`${home}/USER.md`)).toBe(false);
    } finally {
      await client.close();
      await removeDir(home);
    }
  });
});
