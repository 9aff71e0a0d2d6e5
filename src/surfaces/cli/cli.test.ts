import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";

const mnemo = runMnemo;

let home: string;
beforeEach(async () => {
  home = await makeTempDir("mnemo-cli-");
});
afterEach(async () => {
  await removeDir(home);
});

describe("usage errors", () => {
  it.each([
    ["a missing argument", ["forget"]],
    ["a missing required option", ["remember", "text", "--name", "A"]],
    ["an unknown option", ["list", "--bogus"]],
    ["an unknown command", ["frobnicate"]],
    ["an extra argument", ["show", "a", "b"]],
  ])("%s exits 2 with a message on stderr", (_case, args) => {
    const result = mnemo([...args, "--home", home]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^mnemo: /);
    expect(result.stdout).toBe("");
  });

  it("with --json, also prints the error as JSON on stdout", () => {
    const result = mnemo(["forget", "--json", "--home", home]);
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      error: { code: "USAGE", message: expect.stringContaining("missing required argument") },
    });
  });

  it("an engine error with --json gives its code and message", () => {
    const result = mnemo(["show", "Nothing here", "--json", "--home", home]);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain('mnemo: No memory named "Nothing here"');
    expect(JSON.parse(result.stdout).error.code).toBe("NOT_FOUND");
  });

  it("a config file that is not JSON exits 4", async () => {
    await writeFile(join(home, "config.json"), "{ not json");
    const result = mnemo(["list", "--home", home]);
    expect(result.status).toBe(4);
    expect(result.stderr).toContain("config.json");
  });

  it("--help shows the description and an example, and exits 0", () => {
    const result = mnemo(["remember", "--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Examples:");
    expect(result.stdout).toContain("$ mnemo remember");
  });
});

describe("the memory home", () => {
  it("is MNEMO_HOME when --home is not given", async () => {
    const result = mnemo(["remember", "Uses Go", "--type", "user", "--name", "Go"], {
      env: { MNEMO_HOME: home },
    });
    expect(result.status).toBe(0);
    expect(existsSync(join(home, "memories", "user_go.md"))).toBe(true);
  });

  it("with MNEMO_ENABLED=0, context prints only the base prompt and touches no file", () => {
    const missingHome = join(home, "not-created");
    const env = { MNEMO_ENABLED: "0" };
    const result = mnemo(["context", "--base-prompt", "Be brief.", "--home", missingHome], { env });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("Be brief.");
    const json = mnemo(["context", "--base-prompt", "Be brief.", "--json", "--home", missingHome], { env });
    expect(JSON.parse(json.stdout)).toEqual({ context: "Be brief." });
    expect(existsSync(missingHome)).toBe(false);
  });

  it.each([
    ["remember", ["remember", "x", "--type", "user", "--name", "A"]],
    ["init", ["init", "--yes"]],
    ["profile add", ["profile", "add", "user", "Work", "Go"]],
    ["journal add", ["journal", "add", "general", "Hello"]],
    ["list", ["list"]],
    ["doctor", ["doctor", "--fix"]],
  ])("with MNEMO_ENABLED=0, %s exits 6 and the home is not created", (_name, args) => {
    const missingHome = join(home, "not-created");
    const result = mnemo([...args, "--home", missingHome], { env: { MNEMO_ENABLED: "0" } });
    expect(result.status).toBe(6);
    expect(result.stderr).toContain("disabled");
    expect(existsSync(missingHome)).toBe(false);
  });
});

describe("npm run demo", () => {
  it("walks through the quick start and exits 0", async () => {
    const result = spawnSync(process.execPath, [join(REPOSITORY_ROOT, "scripts", "demo.mjs")], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("$ mnemo doctor");
    const demoHome = /MNEMO_HOME=(\S+)/.exec(result.stdout)?.[1];
    expect(demoHome).toBeDefined();
    if (demoHome) await removeDir(demoHome);
  }, 60_000);
});
