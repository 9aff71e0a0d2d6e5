import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMORY_TOOLS } from "../../index.js";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import {
  connectOverMnemoServe,
  connectOverStdio,
  type McpConnection,
} from "../../testing/test-mcp-connections.js";
import { writeFactMemories } from "../../testing/test-memory-files.js";
import {
  RERANK_FAILS,
  shapesReranker,
  USER_PREF_ENTRIES,
  writeToolShapesHome,
} from "../../testing/test-tool-shapes-home.js";

/**
 * Every memory tool driven into every shape of result it can return, through the MCP SDK's own
 * Client after `listTools`: the client then checks each result's structured content against the
 * tool's output schema and throws when it does not fit, as Claude Code or Cursor do. Afterwards,
 * every property an output schema declares must have been seen in some real result, so no shape
 * is left untried.
 */
interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** What shows that the call reached the shape it is here for. */
  shows: Record<string, unknown>;
}

const secret = "sk_live_51HxQz8Lk2Jd9Pw0aBcDeFgHiJkLmNoPq";
const some = expect.arrayContaining([expect.anything()]);
/** A search result with at least one hit that has these fields. */
const hitWith = (fields: Record<string, unknown>) => ({
  hits: expect.arrayContaining([expect.objectContaining(fields)]),
});
const call = (name: string, args: Record<string, unknown>, shows: Record<string, unknown>): ToolCall => ({
  name,
  arguments: args,
  shows,
});

/** Memories beside the shapes home's own: its first search then answers before the vectors are filled. */
const GROWN_BY = 80;

const SUCCESSFUL_CALLS: ToolCall[] = [
  call(
    "memory_search",
    { query: "coffee" },
    {
      mode: "lexical",
      modeReason: expect.any(String),
      indexing: { done: expect.any(Number), total: expect.any(Number) },
    },
  ),
  call(
    "memory_read_topic",
    { topic: "user_prefs" },
    { entries: [expect.objectContaining({ source: "session 4f2a" }), expect.anything(), expect.anything()] },
  ),
  call("memory_read_topic", {}, { topics: ["file_patterns", "user_prefs"] }),
  call(
    "memory_read_topic",
    { topic: "MEMORY" },
    { entries: [expect.objectContaining({ category: "general" })] },
  ),
  call("memory_read_topic", { topic: "file_patterns" }, { entries: [], total: 0 }),
  call(
    "memory_read_topic",
    { topic: "user_prefs", limit: 2 },
    {
      entries: [expect.objectContaining({ content: USER_PREF_ENTRIES[2] }), expect.anything()],
      total: 3,
      nextOffset: 2,
    },
  ),
  call(
    "memory_read_topic",
    { topic: "user_prefs", offset: 2, limit: 2 },
    {
      entries: [expect.objectContaining({ content: USER_PREF_ENTRIES[0] })],
      offset: 2,
    },
  ),
  call(
    "memory_search",
    { query: "coffee wiki", kind: "memory" },
    hitWith({ type: "reference", staleness: expect.any(String) }),
  ),
  call("memory_search", { query: "coffee", kind: "section" }, hitWith({ kind: "section" })),
  call("memory_search", { query: "coffee", kind: "journal" }, hitWith({ kind: "journal" })),
  call("memory_search", { query: "coffee grinder", kind: "daily" }, hitWith({ kind: "daily" })),
  call(
    "memory_search",
    { query: "coffee beans kettle", kind: "message" },
    hitWith({ conversation: expect.objectContaining({ before: some, after: some }) }),
  ),
  call(
    "memory_search",
    { query: "coffee", rerank: true, min_relevance: 0 },
    { rerank: expect.objectContaining({ applied: true, model: "openai:fake-model" }) },
  ),
  call(
    "memory_search",
    { query: `coffee ${RERANK_FAILS}`, rerank: true, min_relevance: 0 },
    { rerank: expect.objectContaining({ applied: false, warning: expect.any(String) }) },
  ),
  call(
    "memory_search",
    { query: "where does the user live", kind: "memory", as_of: "2022-06-01", min_relevance: 0 },
    hitWith({
      snippet: expect.stringContaining("Porto"),
      validity: {
        validFrom: "2020-01-01",
        validTo: expect.any(String),
        supersededBy: "memories/user_home-city.md",
        archived: true,
      },
    }),
  ),
  call(
    "memory_search",
    { query: "zebra" },
    { hits: [], relevanceFloor: expect.objectContaining({ below: expect.any(Number) }) },
  ),
  call("memory_read", { file: "user" }, { text: expect.stringContaining("oat milk"), sections: ["Drinks"] }),
  call("memory_read", { file: "user", section: "Drinks" }, { section: "Drinks" }),
  call("memory_read", { file: "soul" }, { text: "" }),
  call(
    "memory_replace",
    { file: "user", section: "Drinks", old_text: "oat", new_text: "soy" },
    { action: "replaced" },
  ),
  call("memory_add", { file: "user", section: "Drinks", content: "Green tea at four." }, { action: "added" }),
  // Over the budget only with the section's older lines: they move to archive/, the edit stays.
  call(
    "memory_replace",
    {
      file: "user",
      section: "Drinks",
      old_text: "Green tea at four.",
      new_text: "Green tea at four, ".repeat(14),
    },
    { editedSectionTrimmed: true, archived: some },
  ),
  call(
    "memory_replace",
    {
      file: "user",
      section: "Drinks",
      old_text: "Green tea at four, ".repeat(14).trim(),
      new_text: "Green tea.",
    },
    { action: "replaced" },
  ),
  call("memory_add", { file: "user", section: "Pets", content: "Has a cat named Tom." }, { action: "added" }),
  call(
    "memory_add",
    { file: "user", section: "Accounts", content: `The key is ${secret}.` },
    { redactedSecrets: some },
  ),
  call("memory_remove", { file: "user", section: "Pets" }, { action: "removed", archived: some }),
  call("memory_add", { file: "user", section: "Essay", content: "Draft one." }, { action: "added" }),
  call(
    "memory_add",
    { file: "user", section: "Essay", content: "A long line. ".repeat(16) },
    {
      editedSectionTrimmed: true,
      archived: some,
    },
  ),
  call(
    "memory_save",
    { type: "project", name: "Ships Friday", description: "Release day", content: "We ship on Friday." },
    { created: true },
  ),
  call(
    "memory_save",
    { type: "project", name: "Ships Friday", description: "Release day", content: "We ship on Monday." },
    { created: false, archived: some },
  ),
  call(
    "memory_save",
    { type: "user", name: "Night owl", content: "Works best after ten at night.\nSleeps late." },
    { created: true, indexLine: expect.stringContaining("Works best after ten at night.") },
  ),
  call(
    "memory_save",
    { type: "reference", name: "Payments", description: "Stripe", content: `Key ${secret}` },
    { redactedSecrets: some },
  ),
  call(
    "memory_save",
    { type: "feedback", name: "Coffee before noon", content: "Coffee only before noon!" },
    { action: "unchanged", name: "Coffee rule", decidedBy: "rules", reason: expect.any(String) },
  ),
  call(
    "memory_save",
    { type: "project", name: "Release weekday", content: "We ship on Tuesday." },
    { action: "updated", name: "Ships Friday", reason: expect.stringContaining("Ships Friday") },
  ),
  call(
    "memory_save",
    { type: "user", name: "Editor", content: "Uses Neovim with the Lazy plugin manager." },
    { action: "added", possibleConflicts: [] },
  ),
  call(
    "memory_save",
    { type: "user", name: "Editor at work", content: "Uses VS Code at work." },
    { action: "added", possibleConflicts: [expect.objectContaining({ name: "Editor" })] },
  ),
  call("memory_get", { name: "Coffee rule" }, { created: expect.any(String), updated: expect.any(String) }),
  call("memory_get", { name: "Old coffee wiki" }, { staleness: expect.any(String) }),
  call("memory_list", { limit: 1 }, { nextOffset: 1 }),
  call("memory_list", {}, { problems: [expect.objectContaining({ path: "memories/user_broken.md" })] }),
  call("memory_list", { type: "reference" }, { memories: some }),
  call("memory_delete", { name: "Ships Friday" }, { archived: some }),
  call(
    "memory_record_conversation",
    {
      session: "mcp-1",
      messages: [
        { speaker: "user", text: "Hi." },
        { speaker: "assistant", text: "Hello." },
      ],
    },
    { turns: [expect.anything(), expect.anything()] },
  ),
];

const FAILED_CALLS: Array<{ name: string; arguments: Record<string, unknown> }> = [
  { name: "memory_read_topic", arguments: { topic: "no_such_topic" } },
  { name: "memory_get", arguments: { name: "No such memory" } },
  { name: "memory_read", arguments: { file: "diary" } },
  { name: "memory_forget_everything", arguments: {} },
];

/** Every property path a JSON Schema declares: "entries[].source", "rerank.warning". */
function declaredPaths(schema: Record<string, unknown>, prefix = ""): string[] {
  if (schema.type === "array") return declaredPaths(schema.items as Record<string, unknown>, `${prefix}[]`);
  return Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>).flatMap(
    ([key, property]) => {
      const path = prefix === "" ? key : `${prefix}.${key}`;
      return [path, ...declaredPaths(property, path)];
    },
  );
}

/** Every property path a value holds. */
function presentPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => presentPaths(item, `${prefix}[]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    return [path, ...presentPaths(item, path)];
  });
}

/** Searches until the result no longer says vectors are being filled (240 searches at most). */
async function untilVectorsFilled(client: Client): Promise<void> {
  for (let tries = 0; tries < 240; tries++) {
    const result = (await client.callTool({
      name: "memory_search",
      arguments: { query: "coffee" },
    })) as CallToolResult;
    if ((result.structuredContent as { indexing?: unknown } | undefined)?.indexing === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the vectors were still being filled after 240 searches");
}

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

describe.each([
  ["stdio (the built mnemo mcp)", connectOverStdio],
  ["streamable HTTP (the built mnemo serve, at /mcp)", connectOverMnemoServe],
])("every memory tool result over %s", (_transport, connect) => {
  let root: string;
  let model: FakeOpenAiServer;
  let connection: McpConnection;
  let client: Client;
  let tools: Tool[];

  beforeAll(async () => {
    root = await makeTempDir("mnemo-shapes-");
    model = await startFakeOpenAiServer({ reply: shapesReranker });
    await writeToolShapesHome(root, model.baseURL);
    await writeFactMemories(root, GROWN_BY, new Date());
    connection = await connect(root);
    client = connection.client;
    ({ tools } = await client.listTools());
  });
  afterAll(async () => {
    await connection?.close();
    await model?.close();
    await removeDir(root);
  });

  it("fits each tool's output schema in every shape, and every declared property occurs", {
    timeout: 180_000,
  }, async () => {
    const seen = new Map<string, Set<string>>();
    for (const each of SUCCESSFUL_CALLS) {
      const label = `${each.name} ${JSON.stringify(each.arguments)}`;
      const result = (await client
        .callTool({ name: each.name, arguments: each.arguments })
        .catch((error: unknown) => {
          throw new Error(`${label}: ${(error as Error).message}`);
        })) as CallToolResult;
      expect(result.isError, `${label}: ${text(result)}`).toBeFalsy();
      expect(text(result), label).not.toBe("");
      expect(result.structuredContent, label).toMatchObject(each.shows);
      // The other shapes need the hybrid index: the vectors the first search left to fill, filled.
      if (each === SUCCESSFUL_CALLS[0]) await untilVectorsFilled(client);
      const paths = seen.get(each.name) ?? new Set<string>();
      for (const path of presentPaths(result.structuredContent)) paths.add(path);
      seen.set(each.name, paths);
    }
    expect([...seen.keys()].sort()).toEqual(MEMORY_TOOLS.map((tool) => tool.name).sort());
    const neverSeen = tools.flatMap((tool) =>
      declaredPaths(tool.outputSchema as Record<string, unknown>)
        .filter((path) => !seen.get(tool.name)?.has(path))
        .map((path) => `${tool.name}: ${path}`),
    );
    expect(neverSeen, "declared in an output schema but in no result").toEqual([]);
  });

  it("answers each kind of failure as an isError result without structured content", async () => {
    for (const each of FAILED_CALLS) {
      const result = (await client.callTool(each)) as CallToolResult;
      expect(result.isError, each.name).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(text(result)).toMatch(/^Error \([A-Z_]+\): /);
    }
  });
});
