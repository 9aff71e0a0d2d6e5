import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { estimateTokens } from "./engine/context/context-budget.js";
import { MEMORY_INSTRUCTIONS_PROMPT } from "./engine/context/memory-instructions-prompt.js";
import type { ScopeStack } from "./engine/scopes/scope-stack.js";
import { findProjectHome, openScopes, openStackAt } from "./open-scopes.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";
import { seedTeamHome } from "./testing/test-team-home.js";

/**
 * A user home and a repository with `.mnemo/`, opened from a folder deep inside the repository, as
 * a coding agent's session would: one context, one recall, writes routed by kind (docs/scopes.md).
 */
describe("openScopes", () => {
  let scratch: string;
  let userHome: string;
  let repository: string;
  let cwd: string;
  let stack: ScopeStack | undefined;
  const env = { MNEMO_EMBEDDER: "none", HOME: "" };

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-scopes-");
    env.HOME = join(scratch, "person");
    userHome = join(env.HOME, ".mnemo");
    repository = join(scratch, "work", "shop");
    cwd = join(repository, "src", "cart");
    await mkdir(cwd, { recursive: true });
    await mkdir(join(repository, ".mnemo"));
  });
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
    await removeDir(scratch);
  });

  const open = async (options: Parameters<typeof openScopes>[0] = {}) => {
    stack = await openScopes({ cwd, env, ...options });
    return stack;
  };

  it("finds the repository's .mnemo/ above the working folder, and never the user's own home folder", async () => {
    const found = await open();
    expect(found.layers.map((layer) => [layer.scope, layer.memory.home])).toEqual([
      ["project", join(repository, ".mnemo")],
      ["user", userHome],
    ]);
    await mkdir(userHome, { recursive: true });
    const inHome = join(env.HOME, "notes");
    await mkdir(inHome);
    expect(findProjectHome(inHome, { userHome, osHome: env.HOME })).toBeUndefined();
    expect(
      await openScopes({ cwd: inHome, env, project: "auto" }).then(async (other) => {
        const scopes = other.scopes;
        await other.close();
        return scopes;
      }),
    ).toEqual(["user"]);
  });

  it("routes feedback and user memories to the user home, project and reference memories to the repository", async () => {
    const memory = await open();
    const feedback = await memory.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
    const project = await memory.save({
      type: "project",
      name: "Freeze",
      content: "Release freeze on Friday.",
    });
    const reference = await memory.save({
      type: "reference",
      name: "Board",
      content: "Bugs live in Linear SHOP.",
    });
    const overridden = await memory.save({
      type: "project",
      name: "Side project",
      content: "Learning Rust on weekends.",
      scope: "user",
    });
    expect([feedback.scope, project.scope, reference.scope, overridden.scope]).toEqual([
      "user",
      "project",
      "project",
      "user",
    ]);
    expect((await readdir(join(userHome, "memories"))).sort()).toEqual([
      "feedback_tabs.md",
      "project_side-project.md",
    ]);
    expect((await readdir(join(repository, ".mnemo", "memories"))).sort()).toEqual([
      "project_freeze.md",
      "reference_board.md",
    ]);
    const listed = await memory.list();
    expect(listed.total).toBe(4);
    expect(listed.memories.map((entry) => `${entry.scope}:${entry.name}`).sort()).toEqual([
      "project:Board",
      "project:Freeze",
      "user:Side project",
      "user:Tabs",
    ]);
    expect((await memory.get("Freeze")).scope).toBe("project");
  });

  it("sends a project memory to the user home when there is no project layer, and refuses a missing scope by name", async () => {
    const memory = await open({ project: false });
    expect((await memory.save({ type: "project", name: "Freeze", content: "Freeze on Friday." })).scope).toBe(
      "user",
    );
    await expect(memory.save({ type: "user", name: "x", content: "y", scope: "project" })).rejects.toThrow(
      /no project layer.*mnemo init --project/,
    );
  });

  it("composes one context within the user's budget: the project's memories first, then the user's preferences, each labelled", async () => {
    await mkdir(userHome, { recursive: true });
    await writeFile(join(userHome, "config.json"), JSON.stringify({ contextBudgetTokens: 600 }));
    const memory = await open();
    await memory.save({ type: "feedback", name: "Tabs", content: "Indent with tabs, never spaces." });
    await memory.save({ type: "project", name: "Freeze", content: "Release freeze on Friday." });
    const user = memory.layer("user");
    const project = memory.layer("project");
    await user?.profile.add("user", "Editor", "Uses Helix.");
    await user?.profile.add("user", "Language", "Writes English.");
    await project?.profile.add("user", "Editor", "In this repository: VS Code with the shop's settings.");
    // Enough notes in each layer to overflow the budget, so the split is what decides.
    for (let day = 0; day < 40; day++) {
      await user?.journal.add("general", `User note ${day}: ${"likes small diffs ".repeat(4)}`);
      await project?.journal.add("general", `Project note ${day}: ${"the cart uses cents ".repeat(4)}`);
    }
    const context = await memory.context();
    const blocks = context.slice(0, context.indexOf(MEMORY_INSTRUCTIONS_PROMPT.trim())).trim();
    expect(estimateTokens(blocks)).toBeLessThanOrEqual(600);
    expect(context.indexOf('<agent-notes scope="project">')).toBeGreaterThanOrEqual(0);
    expect(context.indexOf('<agent-notes scope="project">')).toBeLessThan(
      context.indexOf('<agent-notes scope="user">'),
    );
    expect(context).toContain("Freeze");
    expect(context).toContain("Tabs");
    // The nearest layer's section wins: the project's Editor, the user's Language.
    expect(context).toContain("VS Code");
    expect(context).not.toContain("Uses Helix");
    expect(context).toContain("Writes English");
    const snapshots = await memory.contextSnapshots();
    expect(snapshots.map((each) => each.scope)).toEqual(["project", "user"]);
    expect(snapshots.reduce((sum, each) => sum + each.grantedTokens, 0)).toBeLessThanOrEqual(600);
    // Only the user layer is given the default identity; the repository gets no SOUL.md.
    await expect(readFile(join(repository, ".mnemo", "SOUL.md"), "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("recalls across both layers in one ranking, each hit labelled with its scope", async () => {
    const memory = await open();
    await memory.save({
      type: "feedback",
      name: "Money in tests",
      content: "Write money amounts in tests as integer cents.",
    });
    await memory.save({
      type: "project",
      name: "Cart money",
      content: "The cart stores money as integer cents in Postgres.",
    });
    await memory.save({
      type: "project",
      name: "Deploy",
      content: "Deploys go through the staging cluster first.",
    });
    const result = await memory.recall("money integer cents", { limit: 5 });
    const labelled = result.hits
      .filter((hit) => hit.kind === "memory")
      .map((hit) => `${hit.scope}:${hit.locator}`);
    expect(labelled).toContain("user:Money in tests");
    expect(labelled).toContain("project:Cart money");
    expect(labelled).not.toContain("project:Deploy");
    const relevances = result.hits.map((hit) => hit.relevance);
    expect(relevances).toEqual([...relevances].sort((a, b) => b - a));
    expect(result.layers.map((layer) => layer.scope)).toEqual(["project", "user"]);
  });

  it("takes each layer's share of the budget from the user home's scopes.shares, and names the key when it is wrong", async () => {
    await mkdir(userHome, { recursive: true });
    await writeFile(join(userHome, "config.json"), JSON.stringify({ scopes: { shares: { project: 3 } } }));
    const memory = await open();
    expect(memory.layers.map((layer) => [layer.scope, layer.share])).toEqual([
      ["project", 3],
      ["user", 1],
    ]);
    await memory.close();
    stack = undefined;
    await writeFile(join(userHome, "config.json"), JSON.stringify({ scopes: { shares: { project: -1 } } }));
    await expect(open()).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: expect.stringMatching(/config\.json[\s\S]*scopes\.shares\.project/),
    });
    await writeFile(join(userHome, "config.json"), JSON.stringify({ scopes: { shares: { repo: 1 } } }));
    await expect(open()).rejects.toThrow(/scopes\.shares[\s\S]*repo/);
  });
  it("opens the team layer the user home's config names (scopes.team), under the others, or none with team: false", async () => {
    const teamHome = join(scratch, "shared", "team");
    await seedTeamHome(teamHome);
    await mkdir(userHome, { recursive: true });
    await writeFile(
      join(userHome, "config.json"),
      JSON.stringify({ scopes: { team: { home: "~/../shared/team" } } }),
    );
    const memory = await open();
    expect(memory.layers.map((layer) => [layer.scope, layer.memory.home])).toEqual([
      ["project", join(repository, ".mnemo")],
      ["user", userHome],
      ["team", teamHome],
    ]);
    const hits = (await memory.recall("on-call rota PagerDuty")).hits.map(
      (hit) => `${hit.scope}:${hit.locator}`,
    );
    expect(hits).toContain("team:On-call");
    await memory.close();
    stack = undefined;
    expect((await open({ team: false })).layers.map((layer) => layer.scope)).toEqual(["project", "user"]);
  });

  it("openStackAt: the stack of a session's folder, or undefined where it would be the user's home alone", async () => {
    stack = await openStackAt(cwd, { env });
    expect(stack?.layers.map((layer) => [layer.scope, layer.memory.home])).toEqual([
      ["project", join(repository, ".mnemo")],
      ["user", userHome],
    ]);
    await stack?.close();
    stack = undefined;
    const outside = join(scratch, "elsewhere");
    await mkdir(outside);
    expect(await openStackAt(outside, { env })).toBeUndefined();
    // Outside any repository, a team layer the user home configures still makes a stack.
    await seedTeamHome(join(scratch, "shared", "team"));
    await writeFile(
      join(userHome, "config.json"),
      JSON.stringify({ scopes: { team: { home: "~/../shared/team" } } }),
    );
    stack = await openStackAt(outside, { env });
    expect(stack?.layers.map((layer) => layer.scope)).toEqual(["user", "team"]);
  });

  it("refuses a team folder that does not exist, naming the config key and file, and creates nothing", async () => {
    await mkdir(userHome, { recursive: true });
    await writeFile(
      join(userHome, "config.json"),
      JSON.stringify({ scopes: { team: { home: "../team-typo" } } }),
    );
    const missing = join(env.HOME, "team-typo");
    await expect(open()).rejects.toThrow(
      `scopes.team.home in ${join(userHome, "config.json")} names ${missing}, which is not a folder`,
    );
    await expect(readdir(missing)).rejects.toThrow(/ENOENT/);
    await writeFile(
      join(userHome, "config.json"),
      JSON.stringify({ scopes: { team: { store: "mysql://x" } } }),
    );
    await expect(open()).rejects.toThrow(/scopes\.team/);
  });
});
