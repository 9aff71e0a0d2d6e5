import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { estimateTokens } from "../../engine/context/context-budget.js";
import { MEMORY_INSTRUCTIONS_PROMPT } from "../../engine/context/memory-instructions-prompt.js";
import { openMemory } from "../../index.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";
import { MEMORY_TOOLS } from "../../tools.js";

/**
 * Issue 30's target: the built `mnemo mcp`, started by a coding agent inside a repository with a
 * `.mnemo/`, serves the user's home and the repository's as one stack (docs/scopes.md): one context
 * within contextBudgetTokens, writes routed by kind, one search labelled by scope.
 */
const BUDGET = 700;

describe("mnemo mcp in a repository with .mnemo/", () => {
  let scratch: string;
  let userHome: string;
  let repository: string;
  let client: Client | undefined;

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-mcp-scopes-");
    userHome = join(scratch, "person", ".mnemo");
    repository = join(scratch, "shop");
    await mkdir(join(repository, "src", "cart"), { recursive: true });
    await mkdir(join(repository, ".mnemo"));
    await mkdir(userHome, { recursive: true });
    await writeFile(join(userHome, "config.json"), JSON.stringify({ contextBudgetTokens: BUDGET }));
    const env = { MNEMO_EMBEDDER: "none" };
    const user = await openMemory({ home: userHome, env });
    await user.profile.add("user", "Editor", "Uses Helix, with tabs for indentation.");
    await user.close();
    const project = await openMemory({ home: join(repository, ".mnemo"), env });
    await project.memories.save({
      type: "project",
      name: "Cart money",
      content: "The cart keeps money as integer cents.",
    });
    await project.close();
  });
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await removeDir(scratch);
  });

  async function connect(): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_PATH, "mcp"],
      cwd: join(repository, "src", "cart"),
      env: { HOME: join(scratch, "person"), MNEMO_HOME: userHome, MNEMO_EMBEDDER: "none" },
      stderr: "ignore",
    });
    client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(transport);
    return client;
  }

  it("composes one context, routes saves to the user's home or the repository, and labels search hits by scope", async () => {
    const mcp = await connect();
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(MEMORY_TOOLS.map((tool) => tool.name));
    const save = tools.find((tool) => tool.name === "memory_save");
    expect(save?.inputSchema.properties?.scope).toMatchObject({ enum: ["project", "user"] });

    const prompt = await mcp.getPrompt({ name: "session_context" });
    const context = (prompt.messages[0]?.content as { text?: string } | undefined)?.text ?? "";
    expect(context).toContain('<user-profile scope="user">');
    expect(context).toContain("Uses Helix");
    expect(context).toContain('<agent-notes scope="project">');
    expect(context).toContain("Cart money");
    const blocks = context.slice(0, context.indexOf(MEMORY_INSTRUCTIONS_PROMPT.trim()));
    expect(estimateTokens(blocks.trim())).toBeLessThanOrEqual(BUDGET);

    const feedback = await mcp.callTool({
      name: "memory_save",
      arguments: { type: "feedback", name: "Small diffs", content: "Keep each change small and reviewed." },
    });
    expect(feedback.isError).toBeFalsy();
    expect(feedback.structuredContent).toMatchObject({
      scope: "user",
      path: "memories/feedback_small-diffs.md",
    });
    await access(join(userHome, "memories", "feedback_small-diffs.md"));
    const project = await mcp.callTool({
      name: "memory_save",
      arguments: {
        type: "project",
        name: "Release freeze",
        content: "Release freeze on Friday for the cart.",
      },
    });
    expect(project.structuredContent).toMatchObject({ scope: "project" });
    await access(join(repository, ".mnemo", "memories", "project_release-freeze.md"));
    const overridden = await mcp.callTool({
      name: "memory_save",
      arguments: {
        type: "project",
        name: "Side project",
        content: "Learning Rust at weekends.",
        scope: "user",
      },
    });
    expect(overridden.structuredContent).toMatchObject({ scope: "user" });
    await access(join(userHome, "memories", "project_side-project.md"));

    const search = await mcp.callTool({
      name: "memory_search",
      arguments: { query: "cart money cents small change", min_relevance: 0, limit: 10 },
    });
    expect(search.isError).toBeFalsy();
    const hits = (search.structuredContent as { hits: Array<{ scope: string; place: string }> }).hits;
    expect(hits.map((hit) => `${hit.scope}:${hit.place}`)).toEqual(
      expect.arrayContaining(["project:Cart money", "user:Small diffs"]),
    );
    expect((search.content as Array<{ text: string }>)[0]?.text).toMatch(
      /\[project\] memories\/project_cart-money\.md/,
    );

    const listed = await mcp.callTool({ name: "memory_list", arguments: {} });
    const memories = (listed.structuredContent as { memories: Array<{ scope: string; name: string }> })
      .memories;
    expect(memories.map((entry) => `${entry.scope}:${entry.name}`).sort()).toEqual([
      "project:Cart money",
      "project:Release freeze",
      "user:Side project",
      "user:Small diffs",
    ]);
    const got = await mcp.callTool({ name: "memory_get", arguments: { name: "Cart money" } });
    expect(got.structuredContent).toMatchObject({ scope: "project", name: "Cart money" });
  });

  it("records the client's name (clientInfo.name) as the agent of saves in either layer", async () => {
    const mcp = await connect();
    await mcp.listTools();
    for (const [type, name] of [
      ["feedback", "Small diffs"],
      ["project", "Release freeze"],
    ]) {
      const saved = await mcp.callTool({
        name: "memory_save",
        arguments: { type, name, content: `${name}: kept by the test client.` },
      });
      expect(saved.isError, JSON.stringify(saved.content)).toBeFalsy();
    }
    const feedback = await readFile(join(userHome, "memories", "feedback_small-diffs.md"), "utf8");
    const project = await readFile(
      join(repository, ".mnemo", "memories", "project_release-freeze.md"),
      "utf8",
    );
    expect(feedback).toMatch(/^agent: mnemo-test$/m);
    expect(project).toMatch(/^agent: mnemo-test$/m);
    const mine = await mcp.callTool({ name: "memory_list", arguments: { agent: "mnemo-test" } });
    const listed = (mine.structuredContent as { memories: Array<{ scope: string; name: string }> }).memories;
    expect(listed.map((entry) => `${entry.scope}:${entry.name}`).sort()).toEqual([
      "project:Release freeze",
      "user:Small diffs",
    ]);
  });

  it("lists and reads the project layer's files as mnemo://project/ resources, beside the user home's", async () => {
    const mcp = await connect();
    await mcp.listTools();
    const { resources } = await mcp.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(expect.arrayContaining(["mnemo://profile/user", "mnemo://project/profile/memory"]));
    const cart = resources.find((resource) => resource.uri === "mnemo://project/memories/project/cart-money");
    expect(cart).toMatchObject({ title: "Cart money", name: "memories/project_cart-money.md" });
    const read = await mcp.readResource({ uri: "mnemo://project/memories/project/cart-money" });
    expect((read.contents[0] as { text?: string }).text).toContain("The cart keeps money as integer cents.");
    // The user's home keeps its own URIs: the project's memory is not among them.
    expect(uris).not.toContain("mnemo://memories/project/cart-money");
    const { resourceTemplates } = await mcp.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining(["mnemo://memories/{type}/{name}", "mnemo://project/memories/{type}/{name}"]),
    );
    await expect(
      mcp.readResource({ uri: "mnemo://project/memories/project/..%2F..%2Fconfig" }),
    ).rejects.toThrow(/Refusing/);
    await expect(mcp.readResource({ uri: "mnemo://project/memories/project/nothing" })).rejects.toThrow(
      /There is no memories\/project_nothing\.md in the project layer/,
    );
  });

  it("refuses a scope the stack does not have, naming the layers", async () => {
    const mcp = await connect();
    const result = await mcp.callTool({
      name: "memory_save",
      arguments: { type: "user", name: "x", content: "y", scope: "team" },
    });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]?.text).toMatch(/scope.*project.*user/);
  });
});
