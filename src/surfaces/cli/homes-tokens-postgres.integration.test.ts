import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "../../testing/test-postgres.js";

/**
 * `mnemo homes` and `mnemo tokens` on a database of homes, through the built bin: `--store URL`, or
 * `$MNEMO_STORE` with neither flag. What one command writes, the next (another process) reads.
 */
describe.skipIf(!testPostgresHasServer())("mnemo homes and mnemo tokens with --store", () => {
  let database: TestPostgres;
  let settings: string;
  let url: string;
  beforeAll(async () => {
    database = await startTestPostgres();
    url = database.url as string;
    settings = await makeTempDir("mnemo-cli-store-");
  });
  afterAll(async () => {
    await database?.stop();
    if (settings) await removeDir(settings);
  });
  const run = (...args: string[]) => runMnemo([...args, "--store", url], { env: { MNEMO_HOME: settings } });
  const fromEnv = (...args: string[]) => runMnemo(args, { env: { MNEMO_HOME: settings, MNEMO_STORE: url } });

  it("creates and lists homes; a nesting or invalid id exits 2 naming the problem", () => {
    expect(run("homes", "create", "acme/user-42").stdout).toBe("Created the memory home acme/user-42\n");
    expect(fromEnv("homes", "create", "acme/user-42").stdout).toBe(
      "The memory home acme/user-42 exists already\n",
    );
    const nested = run("homes", "create", "acme");
    expect(nested.status).toBe(2);
    expect(nested.stderr).toContain('homeId "acme" holds the home "acme/user-42"');
    expect(run("homes", "create", "Acme/x").stderr).toContain('<home-id> "Acme/x" is not a valid home id');
    run("homes", "create", "bob");
    expect(JSON.parse(fromEnv("homes", "list", "--json").stdout)).toEqual({ homes: ["acme/user-42", "bob"] });
  });

  it("issues a token for existing homes only, lists it without the secret, revokes it", () => {
    const created = run("tokens", "create", "acme/user-42", "bob", "--label", "agent", "--json");
    expect(created.status).toBe(0);
    const issued = JSON.parse(created.stdout) as { token: string; id: string };
    expect(issued.token).toMatch(/^mnemo_/);
    const listed = fromEnv("tokens", "list");
    expect(listed.stdout).toBe(`${issued.id}  homes: acme/user-42, bob  label: agent\n`);
    expect(listed.stdout).not.toContain(issued.token);
    const ghost = run("tokens", "create", "ghost");
    expect(ghost.status).toBe(3);
    expect(ghost.stderr).toContain('There is no memory home "ghost"');
    expect(run("tokens", "revoke", issued.id).stdout).toBe(`Revoked ${issued.id}\n`);
    expect(fromEnv("tokens", "revoke", issued.id).status).toBe(3);
    expect(JSON.parse(run("tokens", "list", "--json").stdout)).toEqual({ tokens: [] });
  });

  it("a database that cannot be reached is an error naming it without its password", () => {
    const refused = runMnemo(["tokens", "list", "--store", "postgres://mnemo:hunter2@127.0.0.1:1/none"], {
      env: { MNEMO_HOME: settings },
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("127.0.0.1:1");
    expect(refused.stderr).not.toContain("hunter2");
  });
});
