import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemory } from "../../index.js";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { seedTeamHome } from "../../testing/test-team-home.js";

/**
 * The built `mnemo` run inside a repository: init --project, scopes, remember by type, list and
 * recall labelled. Each test runs a few cold CLI starts only: as one test of eleven starts it took
 * 55 s at load 13 on two cores, against the 60 s timeout, and failed under heavier load.
 */
describe("mnemo in a repository with .mnemo/ (docs/scopes.md)", () => {
  let scratch: string;
  let repository: string;
  let userHome: string;
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-scopes-cli-");
    repository = join(scratch, "shop");
    userHome = join(scratch, "person", ".mnemo");
    cwd = join(repository, "src", "cart");
    await mkdir(cwd, { recursive: true });
    await mkdir(join(repository, ".git"));
    env = { HOME: join(scratch, "person"), MNEMO_EMBEDDER: "none" };
  });
  afterEach(() => removeDir(scratch));

  const mnemo = (...args: string[]) => runMnemo(args, { cwd, env });

  /** The two layers written through the library: what the reading commands are shown. */
  async function seed(): Promise<void> {
    const user = await openMemory({ home: userHome, env: { MNEMO_EMBEDDER: "none" } });
    await user.memories.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
    await user.close();
    const project = await openMemory({ home: join(repository, ".mnemo"), env: { MNEMO_EMBEDDER: "none" } });
    await project.memories.save({
      type: "project",
      name: "Cents",
      content: "The cart keeps money in cents.",
    });
    await project.close();
  }

  it("creates the project layer at the git root and shows the stack", () => {
    const init = mnemo("init", "--project");
    expect(init.stderr).toBe("");
    expect(init.stdout).toContain(join(repository, ".mnemo"));
    const stack = JSON.parse(mnemo("scopes", "--json").stdout) as {
      layers: Array<{ scope: string; home: string }>;
    };
    expect(stack.layers.map((layer) => [layer.scope, layer.home])).toEqual([
      ["project", join(repository, ".mnemo")],
      ["user", userHome],
    ]);
  });

  it("routes saves by type", async () => {
    await mkdir(join(repository, ".mnemo"));
    expect(mnemo("remember", "Indent with tabs.", "--type", "feedback", "--name", "Tabs").stdout).toContain(
      "(user)",
    );
    expect(
      mnemo("remember", "The cart keeps money in cents.", "--type", "project", "--name", "Cents").stdout,
    ).toContain("(project)");
    expect(await readdir(join(repository, ".mnemo", "memories"))).toEqual(["project_cents.md"]);
    expect(await readdir(join(userHome, "memories"))).toEqual(["feedback_tabs.md"]);
  });

  it("labels list, recall and context by scope; --no-scopes and --home keep the one home", async () => {
    await seed();
    const listed = mnemo("list").stdout;
    expect(listed).toMatch(/^project\s+project\s+Cents/m);
    expect(listed).toMatch(/^user\s+feedback\s+Tabs/m);
    const recalled = JSON.parse(
      mnemo("recall", "cart money cents tabs", "--json", "--min-relevance", "0").stdout,
    ) as {
      hits: Array<{ scope: string; locator: string }>;
    };
    expect(recalled.hits.map((hit) => `${hit.scope}:${hit.locator}`)).toEqual(
      expect.arrayContaining(["project:Cents", "user:Tabs"]),
    );
    const context = mnemo("context").stdout;
    expect(context).toContain('<agent-notes scope="project">');
    expect(context).toContain('<agent-notes scope="user">');
    expect(mnemo("list", "--no-scopes").stdout).not.toContain("Cents");
    expect(mnemo("list", "--home", join(repository, ".mnemo")).stdout).not.toContain("Tabs");
  });
  it("outside any repository, a team layer in the user home's config makes the stack: scopes and recall show it", async () => {
    const teamHome = join(scratch, "team");
    await seedTeamHome(teamHome);
    await mkdir(userHome, { recursive: true });
    await writeFile(join(userHome, "config.json"), JSON.stringify({ scopes: { team: { home: teamHome } } }));
    const outside = join(scratch, "person");
    const run = (...args: string[]) => runMnemo(args, { cwd: outside, env });
    const stack = JSON.parse(run("scopes", "--json").stdout) as {
      layers: Array<{ scope: string; home: string }>;
    };
    expect(stack.layers.map((layer) => [layer.scope, layer.home])).toEqual([
      ["user", userHome],
      ["team", teamHome],
    ]);
    const recalled = JSON.parse(run("recall", "on-call rota", "--json", "--min-relevance", "0").stdout) as {
      hits: Array<{ scope: string; locator: string }>;
    };
    expect(recalled.hits.map((hit) => `${hit.scope}:${hit.locator}`)).toContain("team:On-call");
    expect(run("list", "--no-scopes").stdout).not.toContain("On-call");
  });
});
