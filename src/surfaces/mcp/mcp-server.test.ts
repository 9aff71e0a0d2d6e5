import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { MEMORY_TOOLS, openMemory } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import {
  connectOverHttpHandler,
  connectOverMnemoServe,
  connectOverStdio,
  type McpConnection,
} from "../../testing/test-mcp-connections.js";

/**
 * The same behaviour over every transport, driven by the SDK's own Client: the built `mnemo mcp`
 * over stdio, the built `mnemo serve` at /mcp (streamable HTTP), and the HTTP handler mounted on a
 * bare node:http server.
 */
/** A home with search by BM25 only (no model to load), a journal entry and a file beside it that must stay unreadable. */
async function makeHome(root: string): Promise<string> {
  const home = join(root, "home");
  const memory = await openMemory({ home, env: {}, onWarning: () => undefined });
  await memory.journal.add("user_pref", "Answers in French.");
  await memory.close();
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  await writeFile(join(root, "secret.md"), "TOP-SECRET");
  return home;
}

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

async function readError(client: Client, uri: string): Promise<{ code: unknown; message: string }> {
  try {
    await client.readResource({ uri });
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  throw new Error(`${uri} was read`);
}

describe.each([
  ["stdio (the built mnemo mcp)", connectOverStdio],
  ["streamable HTTP (the built mnemo serve, at /mcp)", connectOverMnemoServe],
  ["streamable HTTP (createMcpHttpHandler on node:http)", connectOverHttpHandler],
])("MCP server over %s", (_transport, connect) => {
  let root: string;
  let connection: McpConnection;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    root = await makeTempDir("mnemo-mcp-");
    connection = await connect(await makeHome(root));
    client = connection.client;
  });
  afterAll(async () => {
    await connection?.close();
    await removeDir(root);
  });

  it("lists every memory tool with its input and output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(MEMORY_TOOLS.map((tool) => tool.name));
    for (const tool of tools) {
      const own = MEMORY_TOOLS.find((each) => each.name === tool.name);
      expect(tool.inputSchema).toEqual(own?.inputSchema);
      expect(tool.outputSchema).toEqual(own?.outputSchema);
      expect(tool.annotations?.readOnlyHint).toBe(own?.readOnly);
    }
  });

  it("runs every tool: text for the model, structured content that fits the output schema", async () => {
    await client.listTools(); // the client checks structured content against the schemas it listed
    const results: Record<string, CallToolResult> = {
      memory_add: await call("memory_add", {
        file: "user",
        section: "Pets",
        content: "Has a cat named Tom.",
      }),
      memory_replace: await call("memory_replace", {
        file: "user",
        section: "Pets",
        old_text: "Tom",
        new_text: "Tim",
      }),
      memory_read: await call("memory_read", { file: "user", section: "Pets" }),
      memory_save: await call("memory_save", {
        type: "feedback",
        name: "Prefers tabs",
        description: "Tabs in every project",
        content: "Indent with tabs.",
      }),
      memory_get: await call("memory_get", { name: "Prefers tabs" }),
      memory_list: await call("memory_list", { type: "feedback" }),
      memory_search: await call("memory_search", { query: "cat" }),
      memory_read_topic: await call("memory_read_topic", { topic: "user_prefs" }),
      memory_remove: await call("memory_remove", { file: "user", section: "Pets" }),
      memory_delete: await call("memory_delete", { name: "Prefers tabs" }),
      memory_record_conversation: await call("memory_record_conversation", {
        session: "mcp-1",
        messages: [{ speaker: "user", text: "We met on Tuesday." }],
      }),
    };
    expect(Object.keys(results).sort()).toEqual(MEMORY_TOOLS.map((tool) => tool.name).sort());
    for (const [name, result] of Object.entries(results)) {
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy();
      expect(text(result)).not.toBe("");
      expect(result.structuredContent).toBeDefined();
    }
    expect(results.memory_read?.structuredContent).toMatchObject({ text: expect.stringContaining("Tim") });
    expect(results.memory_save?.structuredContent).toMatchObject({ created: true, type: "feedback" });
    expect(results.memory_search?.structuredContent).toMatchObject({
      mode: "bm25",
      hits: [expect.objectContaining({ path: "USER.md" })],
    });
    expect(results.memory_get?.structuredContent).toMatchObject({
      name: "Prefers tabs",
      content: "Indent with tabs.",
    });
    expect(results.memory_list?.structuredContent).toMatchObject({
      total: 1,
      memories: [expect.objectContaining({ name: "Prefers tabs", type: "feedback" })],
    });
    expect(results.memory_read_topic?.structuredContent).toMatchObject({
      entries: [expect.objectContaining({ content: "Answers in French." })],
    });
  });

  it("memory_get reads a 2,500-character memory whole given only its name; memory_list pages", async () => {
    const long = `${"One more sentence of the long design note. ".repeat(60)}THE-LAST-SENTENCE-MARKER.`;
    expect(long.length).toBeGreaterThan(2_500);
    await call("memory_save", {
      type: "reference",
      name: "Long design note",
      description: "A long note",
      content: long,
    });
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === "memory_get")?.inputSchema.required).toEqual(["name"]);
    const read = await call("memory_get", { name: "Long design note" });
    expect(text(read)).toContain(long);
    expect(read.structuredContent).toMatchObject({ content: long, type: "reference", ageDays: 0 });
    const listed = await call("memory_list", { type: "reference", limit: 1 });
    expect(text(listed)).toContain("1. reference · Long design note — A long note · updated today");
    await call("memory_delete", { name: "Long design note" });
  });

  it("answers domain errors as isError results with a message and no structured content", async () => {
    const failures = [
      await call("memory_add", { file: "diary", section: "A", content: "x" }),
      await call("memory_read", { file: "user", colour: "blue" }),
      await call("memory_search", {}),
      await call("memory_delete", { name: "No such memory" }),
      await call("memory_replace", { file: "user", section: "Nowhere", old_text: "a", new_text: "b" }),
      await call("memory_save", {
        type: "user",
        name: "Huge",
        description: "d",
        content: "x".repeat(30_000),
      }),
      await call("memory_save", { type: "user", name: "../escape", description: "d", content: "x" }),
      await call("memory_forget_everything", {}),
    ];
    for (const result of failures) {
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(text(result)).toMatch(/^Error \([A-Z_]+\): /);
    }
    expect(text(failures[0] as CallToolResult)).toContain('"file"');
    expect(text(failures[1] as CallToolResult)).toContain('unknown argument "colour"');
    expect(text(failures[5] as CallToolResult)).toContain("TOO_LARGE");
    expect((await client.listTools()).tools).toHaveLength(MEMORY_TOOLS.length); // still serving
  });

  it("lists the home's files as mnemo:// resources and reads them", async () => {
    await call("memory_save", { type: "user", name: "Owns a cat", description: "Pet", content: "A cat." });
    const daily = await call("memory_add", { file: "daily", section: "Work", content: "Tested MCP." });
    const dailyPath = (daily.structuredContent as { path: string }).path;
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        "mnemo://profile/soul",
        "mnemo://profile/user",
        "mnemo://profile/memory",
        "mnemo://memories/user/owns-a-cat",
        "mnemo://topics/user_prefs",
        `mnemo://daily/${dailyPath.slice("daily/".length, -".md".length)}`,
      ]),
    );
    expect(resources.find((resource) => resource.uri === "mnemo://memories/user/owns-a-cat")).toMatchObject({
      title: "Owns a cat",
      description: "Pet",
      mimeType: "text/markdown",
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      "mnemo://profile/{file}",
      "mnemo://memories/{type}/{name}",
      "mnemo://topics/{topic}",
      "mnemo://daily/{date}",
    ]);
    const read = async (uri: string) => {
      const [content] = (await client.readResource({ uri })).contents;
      return content && "text" in content ? content.text : undefined;
    };
    expect(await read("mnemo://memories/user/owns-a-cat")).toMatch(
      /^---\nname: Owns a cat\n[\s\S]*A cat\.\n$/,
    );
    expect(await read("mnemo://profile/memory")).toContain("[Owns a cat](memories/user_owns-a-cat.md)");
    expect(await read("mnemo://topics/user_prefs")).toContain("Answers in French.");
    expect(await read(`mnemo://daily/${dailyPath.slice(6, -3)}`)).toContain("Tested MCP.");
    expect(await read("mnemo://profile/soul")).toBe(""); // never written: empty, as in the context
  });

  it("refuses traversal and unknown URIs with a clear error, reading nothing outside the home", async () => {
    for (const uri of [
      "mnemo://profile/../../secret",
      "mnemo://memories/user/..%2F..%2F..%2Fsecret",
      "mnemo://topics/%2e%2e",
      "mnemo://topics/..%5Csecret",
    ]) {
      const error = await readError(client, uri);
      expect(error.code).toBe(-32602);
      expect(error.message).toContain("Refusing");
      expect(error.message).not.toContain("TOP-SECRET");
    }
    expect(await readError(client, "mnemo://memories/user/no-such-memory")).toMatchObject({
      code: -32002,
      message: expect.stringContaining("There is no memories/user_no-such-memory.md"),
    });
    expect((await readError(client, "mnemo://secrets/all")).message).toContain("mnemo://profile/{file}");
    expect((await readError(client, "mnemo://profile/diary")).message).toContain("use soul, user, memory");
  });

  it("lists and reads two memories whose names share a slug, each as its own resource", async () => {
    await call("memory_save", {
      type: "feedback",
      name: "C++ style",
      description: "C++",
      content: "Use RAII.",
    });
    await call("memory_save", {
      type: "feedback",
      name: "C# style",
      description: "C#",
      content: "Use LINQ.",
    });
    const { resources } = await client.listResources();
    const styles = resources.filter((resource) =>
      resource.uri.startsWith("mnemo://memories/feedback/c-style"),
    );
    expect(styles.map((resource) => resource.title).sort()).toEqual(["C# style", "C++ style"]);
    for (const resource of styles) {
      const [content] = (await client.readResource({ uri: resource.uri })).contents;
      const text = content && "text" in content ? content.text : "";
      expect(text).toContain(resource.title === "C++ style" ? "Use RAII." : "Use LINQ.");
    }
  });

  it("refuses requests of the wrong shape with -32602 and a message naming the field", async () => {
    const refusal = async (method: string, params: unknown) => {
      try {
        await client.request({ method, params } as never, z.unknown());
      } catch (error) {
        return { code: (error as { code?: unknown }).code, message: (error as Error).message };
      }
      throw new Error(`${method} was answered`);
    };
    expect(await refusal("tools/call", { name: "memory_read", arguments: "file=user" })).toEqual({
      code: -32602,
      message: 'MCP error -32602: Invalid params of tools/call: "arguments" must be an object, not a string.',
    });
    expect(await refusal("tools/call", { arguments: {} })).toMatchObject({
      code: -32602,
      message: expect.stringContaining('"name" must be a string and is missing'),
    });
    expect(await refusal("resources/read", { uri: 42 })).toMatchObject({
      code: -32602,
      message: expect.stringContaining('"uri" must be a string, not a number'),
    });
    expect(
      await refusal("prompts/get", { name: "session_context", arguments: { base_prompt: 1 } }),
    ).toMatchObject({
      code: -32602,
      message: expect.stringContaining('"arguments.base_prompt" must be a string, not a number'),
    });
    expect(await refusal("prompts/get", { name: "nope" })).toMatchObject({
      code: -32602,
      message: expect.stringContaining("mnemo's prompt is session_context"),
    });
    expect(await refusal("resources/read", { uri: `mnemo://topics/${"a".repeat(5000)}` })).toMatchObject({
      code: -32602,
      message: expect.stringContaining("longer than 250 bytes"),
    });
  });

  it("gives the session context as the prompt session_context", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({
        name: "session_context",
        arguments: [expect.objectContaining({ name: "base_prompt", required: false })],
      }),
    ]);
    const withBase = await client.getPrompt({
      name: "session_context",
      arguments: { base_prompt: "You are a helpful assistant." },
    });
    const [message] = withBase.messages;
    expect(message?.role).toBe("user");
    const context = message?.content.type === "text" ? message.content.text : "";
    expect(context).toContain("<user-profile>");
    expect(context).toContain("<agent-notes>");
    expect(context.trimEnd().endsWith("You are a helpful assistant.")).toBe(true);
    const without = await client.getPrompt({ name: "session_context" });
    expect(without.messages[0]?.content).toMatchObject({
      type: "text",
      text: expect.stringContaining("<agent-notes>"),
    });
  });
});
