import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { makeTestRepository, type TestRepository } from "../../testing/test-repository.js";

/**
 * The built `mnemo doctor` inside a repository with a project layer (docs/scopes.md) checks the
 * project's home as it checks the user's, names the layer of each finding, and `--fix` repairs
 * each layer in its own home; `--no-scopes` keeps to the user's home.
 */
describe("mnemo doctor in a repository with .mnemo/", () => {
  let scratch: string;
  let repository: TestRepository;

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-doctor-scopes-");
    repository = await makeTestRepository(scratch);
    const memories = join(repository.projectHome, "memories");
    await mkdir(memories);
    // Malformed (no such type): reported, never rewritten.
    await writeFile(join(memories, "project_broken.md"), "---\nname: Broken\ntype: opinion\n---\n\nText.\n");
    // Well formed, but no line of MEMORY.md points to it: --fix adds the line.
    await writeFile(
      join(memories, "project_cache.md"),
      "---\nname: Cache\ndescription: Where the cart caches prices\ntype: project\n---\n\nPrices are cached for an hour.\n",
    );
  });
  afterEach(() => removeDir(scratch));

  const mnemo = (...args: string[]) => runMnemo(args, { cwd: repository.cwd, env: repository.env });

  it("reports the project layer's problems named by their layer, beside the user home's", () => {
    const checked = mnemo("doctor");
    expect(checked.status, checked.stderr).toBe(1);
    const lines = checked.stdout.trim().split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^project: memories\/project_broken\.md(:\d+)? {2}malformed-memory {2}/),
        expect.stringMatching(/^project: memories\/project_cache\.md {2}unindexed-memory {2}/),
        expect.stringMatching(/^project: \.index\/search\.sqlite {2}not built yet/),
        expect.stringMatching(/^user: \.index\/search\.sqlite {2}not built yet/),
      ]),
    );
    expect(lines.filter((line) => line.startsWith("user: "))).toHaveLength(1);
    expect(checked.stderr).toContain("run mnemo doctor --fix to repair 1 of them");

    const json = JSON.parse(mnemo("doctor", "--json").stdout) as {
      layers: Array<{ scope: string; home: string; problems: Array<{ kind: string; path: string }> }>;
      fixed: string[];
    };
    expect(json.layers.map((layer) => [layer.scope, layer.home])).toEqual([
      ["project", repository.projectHome],
      ["user", repository.userHome],
    ]);
    expect(json.layers[0]?.problems.map((problem) => problem.kind).sort()).toEqual([
      "malformed-memory",
      "unindexed-memory",
    ]);
    expect(json.layers[1]?.problems).toEqual([]);
  });

  it("--fix repairs the project layer in its own home, and --no-scopes checks the user's home alone", async () => {
    const fixed = mnemo("doctor", "--fix");
    expect(fixed.status, fixed.stderr).toBe(1); // the malformed memory remains
    expect(fixed.stdout).toMatch(/^fixed: project: .*project_cache\.md/m);
    expect(await readFile(join(repository.projectHome, "MEMORY.md"), "utf8")).toContain("project_cache.md");
    expect(await readFile(join(repository.projectHome, "memories", "project_broken.md"), "utf8")).toContain(
      "type: opinion",
    );

    const alone = mnemo("doctor", "--no-scopes");
    expect(alone.status, alone.stderr).toBe(0);
    expect(alone.stdout).not.toContain("project");
    expect(alone.stderr).toContain(`no problems found in ${repository.userHome}`);
  });
});
