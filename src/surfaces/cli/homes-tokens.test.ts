import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/** `mnemo homes` and `mnemo tokens` through the built bin, as an operator runs them. */
describe("mnemo homes and mnemo tokens", () => {
  let folder: string;
  let root: string;
  beforeAll(async () => {
    folder = await makeTempDir("mnemo-cli-homes-");
    root = join(folder, "homes");
  });
  afterAll(() => removeDir(folder));
  const run = (...args: string[]) => runMnemo([...args, "--homes", root]);

  it("creates and lists homes; a nesting or invalid id exits 2 naming the problem", () => {
    expect(run("homes", "create", "acme/user-42").stdout).toBe("Created the memory home acme/user-42\n");
    expect(run("homes", "create", "acme/user-42").stdout).toBe(
      "The memory home acme/user-42 exists already\n",
    );
    const nested = run("homes", "create", "acme");
    expect(nested.status).toBe(2);
    expect(nested.stderr).toContain('homeId "acme" holds the home "acme/user-42"');
    const invalid = run("homes", "create", "Acme/../x");
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain('<home-id> "Acme/../x" is not a valid home id');
    run("homes", "create", "bob");
    expect(JSON.parse(run("homes", "list", "--json").stdout)).toEqual({ homes: ["acme/user-42", "bob"] });
  });

  it("issues a token shown once and stored hashed, lists it without the secret, revokes it", async () => {
    const created = run("tokens", "create", "acme/user-42", "bob", "--label", "agent", "--json");
    expect(created.status).toBe(0);
    const issued = JSON.parse(created.stdout) as { token: string; id: string; homes: string[] };
    expect(issued.homes).toEqual(["acme/user-42", "bob"]);
    expect(await readFile(join(root, ".mnemo", "tokens.json"), "utf8")).not.toContain(issued.token);
    const listed = run("tokens", "list");
    expect(listed.stdout).toBe(`${issued.id}  homes: acme/user-42, bob  label: agent\n`);
    expect(run("tokens", "create", "ghost").status).toBe(3);
    expect(run("tokens", "create").stderr).toContain("could do nothing");
    expect(run("tokens", "revoke", issued.id).stdout).toBe(`Revoked ${issued.id}\n`);
    expect(run("tokens", "revoke", issued.id).status).toBe(3);
    expect(JSON.parse(run("tokens", "list", "--json").stdout)).toEqual({ tokens: [] });
  });

  it("issues a token limited to an agent, read-only, reading its own; list shows the rights", () => {
    const created = run(
      "tokens",
      "create",
      "bob",
      "--agent",
      "reviewer",
      "--read-only",
      "--read",
      "own",
      "--json",
    );
    expect(created.status).toBe(0);
    const issued = JSON.parse(created.stdout) as { id: string; rights: unknown };
    expect(issued.rights).toEqual({ write: false, agents: ["reviewer"], read: "own" });
    expect(run("tokens", "list").stdout).toContain(
      `${issued.id}  homes: bob  rights: read-only as reviewer, read own`,
    );
    const own = run("tokens", "create", "bob", "--read", "own");
    expect(own.status).toBe(2);
    expect(own.stderr).toContain('rights.read "own" needs rights.agents');
    run("tokens", "revoke", issued.id);
  });

  it("needs --homes or --store, and creates no home in ~/.mnemo", async () => {
    const missing = runMnemo(["tokens", "list"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(
      "Say where the homes are: --homes ROOT (a folder) or --store postgres://",
    );
    const both = runMnemo(["homes", "list", "--homes", root, "--store", "postgres://db/memory"]);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain("--homes and --store: give one");
    const user = join(folder, "user");
    await mkdir(user);
    expect(runMnemo(["homes", "list", "--homes", root], { env: { HOME: user } }).status).toBe(0);
    expect(await readdir(user)).toEqual([]);
  });
});
