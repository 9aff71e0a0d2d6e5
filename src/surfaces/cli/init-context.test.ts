import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";

const mnemo = runMnemo;

let home: string;
beforeEach(async () => {
  home = await makeTempDir("mnemo-cli-");
});
afterEach(async () => {
  await removeDir(home);
});

describe("mnemo init", () => {
  it("--yes writes SOUL.md from the options and the defaults", async () => {
    const result = mnemo(["init", "--yes", "--name", "Ada", "--style", "Terse.", "--home", home]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(`Wrote ${join(home, "SOUL.md")}`);
    const soul = await readFile(join(home, "SOUL.md"), "utf8");
    expect(soul).toContain("I am Ada");
    expect(soul).toContain("## Speaking style\nTerse.");
    expect(soul).toContain("## Personality\nHelpful, patient");
  });

  it("without a terminal on stdin, uses the defaults without asking", async () => {
    const result = mnemo(["init", "--json", "--home", home], { input: "Ignored\n" });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ home, path: "SOUL.md", written: true });
    expect(await readFile(join(home, "SOUL.md"), "utf8")).toContain("I am Mnemo");
  });

  it("keeps an existing SOUL.md unless --force is given", async () => {
    await writeFile(join(home, "SOUL.md"), "# Soul\n\nHand-written.\n");
    const kept = mnemo(["init", "--yes", "--name", "Ada", "--home", home]);
    expect(kept.status).toBe(0);
    expect(kept.stdout).toContain("Kept the existing");
    expect(kept.stdout).toContain("--force");
    expect(await readFile(join(home, "SOUL.md"), "utf8")).toBe("# Soul\n\nHand-written.\n");
    const forced = mnemo(["init", "--yes", "--name", "Ada", "--force", "--json", "--home", home]);
    expect(JSON.parse(forced.stdout).written).toBe(true);
    expect(await readFile(join(home, "SOUL.md"), "utf8")).toContain("I am Ada");
  });

  it("refuses an empty name with exit 2", () => {
    const result = mnemo(["init", "--yes", "--name", " ", "--home", home]);
    expect(result.status).toBe(2);
    expect(existsSync(join(home, "SOUL.md"))).toBe(false);
  });
});

describe("mnemo context", () => {
  it("prints the memory blocks, then the base prompt", () => {
    mnemo(["init", "--yes", "--name", "Ada", "--home", home]);
    const result = mnemo(["context", "--base-prompt", "You are a helpful assistant.", "--home", home]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("I am Ada");
    expect(result.stdout.trimEnd().endsWith("You are a helpful assistant.")).toBe(true);
  });

  it("reads the base prompt from a file, or from stdin with -", async () => {
    const promptFile = join(home, "prompt.txt");
    await writeFile(promptFile, "From a file.");
    const fromFile = mnemo(["context", "--base-prompt-file", promptFile, "--json", "--home", home]);
    expect(JSON.parse(fromFile.stdout).context.trimEnd().endsWith("From a file.")).toBe(true);
    const fromStdin = mnemo(["context", "--base-prompt-file", "-", "--home", home], { input: "From stdin." });
    expect(fromStdin.stdout.trimEnd().endsWith("From stdin.")).toBe(true);
  });

  it("a missing base prompt file exits 3", () => {
    const result = mnemo(["context", "--base-prompt-file", join(home, "missing.txt"), "--home", home]);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain("missing.txt");
  });
});

/** util-linux `script` gives the command a terminal, so init asks its questions. */
const hasScript = process.platform === "linux" && spawnSync("script", ["--version"]).status === 0;

describe("mnemo init in a terminal", () => {
  it.skipIf(!hasScript)(
    "asks for the answers not given as options; an empty answer keeps the default",
    async () => {
      const command = `"${process.execPath}" "${CLI_PATH}" init --home "${home}"`;
      const result = spawnSync("script", ["-qec", command, "/dev/null"], {
        input: "Ada\n\nTerse.\n",
        encoding: "utf8",
        env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_"))),
      });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("Agent name [Mnemo]");
      const soul = await readFile(join(home, "SOUL.md"), "utf8");
      expect(soul).toContain("I am Ada");
      expect(soul).toContain("## Personality\nHelpful, patient");
      expect(soul).toContain("## Speaking style\nTerse.");
    },
  );
});
