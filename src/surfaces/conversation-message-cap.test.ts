import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { MAX_CONVERSATION_MESSAGES_PER_ADD } from "../home.js";
import { MnemoError } from "../index.js";
import { makeTempDir, openTestMemory, removeDir } from "../testing/test-home.js";
import { serveTestHome } from "../testing/test-http-server.js";
import { connectOverStdio } from "../testing/test-mcp-connections.js";

/**
 * One cap on the messages a single add records, defined once and the same through the library,
 * the MCP tool and the HTTP API: the cap itself goes through, one more is refused with a message
 * that names the cap. (The CLI records one message per `mnemo conversation add`.)
 */
const cap = MAX_CONVERSATION_MESSAGES_PER_ADD;
const messages = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ speaker: "user", text: `Message ${index + 1}.` }));

describe(`at most ${cap} conversation messages in one add`, () => {
  it("is a round thousand", () => {
    expect(cap).toBe(1000);
  });

  it("through the library", async () => {
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    try {
      expect((await memory.conversations.add("library", messages(cap))).added).toHaveLength(cap);
      const refused = await memory.conversations.add("library", messages(cap + 1)).catch((error) => error);
      expect(MnemoError.isInstance(refused) && refused.code).toBe("TOO_LARGE");
      expect((refused as Error).message).toContain(`record at most ${cap} at a time`);
    } finally {
      await memory.close();
      await removeDir(home);
    }
  });

  it("through MCP (the built mnemo mcp and the SDK's client)", async () => {
    const home = await makeTempDir("mnemo-cap-");
    const connection = await connectOverStdio(home);
    try {
      const { tools } = await connection.client.listTools();
      const tool = tools.find((each) => each.name === "memory_record_conversation") as Tool;
      expect(tool.inputSchema.properties?.messages).toMatchObject({ maxItems: cap });
      const record = async (count: number) =>
        (await connection.client.callTool({
          name: "memory_record_conversation",
          arguments: { session: "mcp", messages: messages(count) },
        })) as CallToolResult;
      const recorded = await record(cap);
      expect(recorded.isError).toBeFalsy();
      expect(recorded.structuredContent).toMatchObject({ turns: expect.any(Array) });
      expect((recorded.structuredContent as { turns: unknown[] }).turns).toHaveLength(cap);
      const refused = await record(cap + 1);
      expect(refused.isError).toBe(true);
      expect(refused.content[0]).toMatchObject({ text: expect.stringContaining(`"messages"`) });
      expect(refused.content[0]).toMatchObject({ text: expect.stringContaining(String(cap)) });
    } finally {
      await connection.close();
      await removeDir(home);
    }
  });

  it("through the HTTP API (a real server on loopback)", async () => {
    const { url } = await serveTestHome();
    const post = (count: number) =>
      fetch(`${url}/v1/conversations/http/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: messages(count) }),
      });
    const recorded = await post(cap);
    expect(recorded.status).toBe(201);
    expect(((await recorded.json()) as { added: unknown[] }).added).toHaveLength(cap);
    const refused = await post(cap + 1);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(String(cap));
    const openapi = (await (await fetch(`${url}/openapi.json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    const body = openapi.paths["/v1/conversations/{session}/messages"]?.post.requestBody;
    expect(body?.content["application/json"]?.schema).toMatchObject({
      properties: { messages: { maxItems: cap } },
    });
  });
});
