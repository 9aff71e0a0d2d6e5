import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import { openScopes } from "../../open-scopes.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { MEMORY_TOOLS, runMemoryTool } from "./memory-tools.js";
import { scopedMemoryTools } from "./scoped-memory-tools.js";

/** The memory tools on a stack of two homes, run as a surface runs them (runMemoryTool with `tools`). */
describe("scopedMemoryTools", () => {
  let scratch: string;
  let stack: ScopeStack;
  const run = (name: string, args: Record<string, unknown>) =>
    runMemoryTool(stack.sessionHome, name, args, { tools: scopedMemoryTools(stack) });

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-scoped-tools-");
    await mkdir(join(scratch, "shop", ".mnemo"), { recursive: true });
    stack = await openScopes({
      cwd: join(scratch, "shop"),
      env: { HOME: join(scratch, "person"), MNEMO_EMBEDDER: "none" },
    });
  });
  afterEach(async () => {
    await stack.close();
    await removeDir(scratch);
  });

  it("keeps the tools' names and adds an optional scope argument and a scope in each result's schema", () => {
    const tools = scopedMemoryTools(stack);
    expect(tools.map((tool) => tool.name)).toEqual(MEMORY_TOOLS.map((tool) => tool.name));
    for (const tool of tools) {
      const properties = tool.inputSchema.properties as Record<string, { enum?: string[] }>;
      expect(properties.scope?.enum, tool.name).toEqual(["project", "user"]);
      expect(tool.inputSchema.required ?? [], tool.name).not.toContain("scope");
    }
    const search = tools.find((tool) => tool.name === "memory_search")?.outputSchema as {
      properties: { hits: { items: { required: string[] } } };
    };
    expect(search.properties.hits.items.required).toContain("scope");
  });

  it("routes saves by type or by scope, finds a memory nearest first, and labels search and list", async () => {
    const feedback = await run("memory_save", {
      type: "feedback",
      name: "Tabs",
      content: "Indent with tabs.",
    });
    const project = await run("memory_save", { type: "project", name: "Cents", content: "Money in cents." });
    const chosen = await run("memory_save", {
      type: "user",
      name: "Team",
      content: "Works on the cart team.",
      scope: "project",
    });
    expect([feedback.data.scope, project.data.scope, chosen.data.scope]).toEqual([
      "user",
      "project",
      "project",
    ]);
    expect(feedback.text).toMatch(/^\[user\] Created feedback memory/);
    expect(await readdir(join(scratch, "shop", ".mnemo", "memories"))).toEqual([
      "project_cents.md",
      "user_team.md",
    ]);
    expect(await readdir(join(scratch, "person", ".mnemo", "memories"))).toEqual(["feedback_tabs.md"]);

    expect((await run("memory_get", { name: "Tabs" })).data).toMatchObject({ scope: "user", name: "Tabs" });
    const missing = await run("memory_get", { name: "Nothing" });
    expect(missing.ok).toBe(false);
    expect(missing.text).toContain("looked in the project and user layers");
    expect((await run("memory_get", { name: "Tabs", scope: "project" })).ok).toBe(false);

    const search = await run("memory_search", { query: "money cents tabs", min_relevance: 0 });
    const hits = search.data.hits as Array<{ scope: string; place: string }>;
    expect(hits.map((hit) => `${hit.scope}:${hit.place}`)).toEqual(
      expect.arrayContaining(["project:Cents", "user:Tabs"]),
    );
    const onlyUser = await run("memory_search", {
      query: "money cents tabs",
      min_relevance: 0,
      scope: "user",
    });
    expect((onlyUser.data.hits as Array<{ scope: string }>).every((hit) => hit.scope === "user")).toBe(true);
    const listed = await run("memory_list", {});
    expect(listed.data.total).toBe(3);
    expect(
      (listed.data.memories as Array<{ scope: string; name: string }>)
        .map((each) => `${each.scope}:${each.name}`)
        .sort(),
    ).toEqual(["project:Cents", "project:Team", "user:Tabs"]);
    expect(listed.text).toContain("[user] feedback · Tabs");
    const deleted = await run("memory_delete", { name: "Cents" });
    expect(deleted.data.scope).toBe("project");
    const added = await run("memory_add", { file: "user", section: "Editor", content: "Uses Helix." });
    expect(added.data.scope).toBe("user");
    const refused = await run("memory_save", { type: "user", name: "x", content: "y", scope: "team" });
    expect(refused.ok).toBe(false);
  });

  it("narrows list and search to one layer on request, labels each hit in the text, and reports a broken file", async () => {
    await run("memory_save", { type: "feedback", name: "Tabs", content: "Indent with tabs in money code." });
    await run("memory_save", { type: "project", name: "Cents", content: "Money in cents." });
    const broken = join(scratch, "shop", ".mnemo", "memories", "project_broken.md");
    await writeFile(broken, "---\nname: [unclosed\n---\nbody\n");

    const projectOnly = await run("memory_list", { scope: "project" });
    expect(projectOnly.ok).toBe(true);
    expect(
      (projectOnly.data.memories as Array<{ scope: string; name: string }>).map((each) => each.name),
    ).toEqual(["Cents"]);
    expect(projectOnly.text).toContain("[project] project · Cents");
    expect(projectOnly.text).not.toContain("[user]");
    const problems = projectOnly.data.problems as Array<Record<string, unknown>>;
    expect(problems).toHaveLength(1);
    expect(Object.keys(problems[0] ?? {}).sort()).toEqual(["line", "path", "problem"]);
    expect(problems[0]).toMatchObject({ path: "memories/project_broken.md", problem: expect.any(String) });
    const everything = (await run("memory_list", {})).data.memories as Array<{ scope: string; name: string }>;
    expect(everything.map((each) => `${each.scope}:${each.name}`).sort()).toEqual([
      "project:Cents",
      "user:Tabs",
    ]);

    const search = await run("memory_search", { query: "money", min_relevance: 0 });
    expect(search.ok).toBe(true);
    expect(search.text).toContain("[project] ");
    expect(search.text).toContain("[user] ");
  });
});
