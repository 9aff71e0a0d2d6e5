import { execFileSync } from "node:child_process";
import { chmod, mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * The built CLI on homes that used to break it: names whose slugs collide, a symbolic link or an
 * unreadable file among the memories, a forget that is refused, a topic name too long for a file.
 */
let root: string;
let home: string;
let user: { uid: number; gid: number } | undefined;
const inHome = (args: string[]) => runMnemo([...args, "--home", home], { user });
const read = (path: string) => readFile(join(home, path), "utf8");
const remember = (name: string, text: string) =>
  inHome(["remember", text, "--type", "feedback", "--name", name, "--json"]);

beforeEach(async () => {
  root = await makeTempDir("mnemo-cli-files-");
  home = join(root, "home");
  user = undefined;
  await mkdir(home);
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
});
afterEach(async () => {
  await removeDir(root);
});

describe("names whose slugs collide", () => {
  it('remember, show and forget keep "C++ style" and "C# style" apart', async () => {
    const cpp = JSON.parse(remember("C++ style", "Use RAII.").stdout);
    const csharp = JSON.parse(remember("C# style", "Use LINQ.").stdout);
    expect(csharp.created).toBe(true);
    expect(csharp.path).not.toBe(cpp.path);
    expect(JSON.parse(inHome(["show", "C++ style", "--json"]).stdout).content).toBe("Use RAII.");
    expect(JSON.parse(inHome(["show", "C# style", "--json"]).stdout).content).toBe("Use LINQ.");
    expect(inHome(["forget", "C# style"]).status).toBe(0);
    expect(await readdir(join(home, "memories"))).toEqual(["feedback_c-style.md"]);
    expect(inHome(["show", "C++ style"]).stdout).toContain("Use RAII.");
    const gone = inHome(["show", "C# style"]);
    expect(gone.status).toBe(3);
    expect(gone.stderr).toContain('memories/feedback_c-style.md is "C++ style"');
  });
});

describe("a symbolic link among the memories", () => {
  it("is skipped with one warning by list, doctor and recall, which all succeed", async () => {
    remember("Prefers tabs", "Indent with tabs.");
    await writeFile(join(root, "secret.md"), "---\nname: Secret\ntype: user\n---\n\nTOP-SECRET\n");
    await symlink(join(root, "secret.md"), join(home, "memories/user_secret.md"));
    for (const args of [["list"], ["doctor"], ["recall", "tabs secret"]]) {
      const result = inHome(args);
      expect(result.status, `${args[0]}: ${result.stderr}`).toBe(0);
      expect(result.stdout).not.toContain("TOP-SECRET");
      const warnings = result.stderr.split("\n").filter((line) => line.includes("user_secret.md"));
      expect(warnings, args[0]).toEqual([
        `mnemo: warning: ${join(home, "memories/user_secret.md")} is skipped: it is a symbolic link, and mnemo reads only regular files inside the home. Replace the link with the file itself.`,
      ]);
    }
    expect(inHome(["list"]).stdout).toContain("Prefers tabs");
  });
});

describe("an unreadable memory file", () => {
  it("is skipped with a warning naming it (as an unprivileged user when the tests run as root)", async () => {
    remember("Prefers tabs", "Indent with tabs.");
    await writeFile(join(home, "memories/user_locked.md"), "---\nname: Locked\ntype: user\n---\n\nx\n");
    if (process.getuid?.() === 0) {
      execFileSync("chown", ["-R", "65534:65534", root]);
      user = { uid: 65534, gid: 65534 };
    }
    await chmod(join(home, "memories/user_locked.md"), 0o000);
    const result = inHome(["list"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("Prefers tabs");
    expect(result.stderr).toContain(`${join(home, "memories/user_locked.md")} is skipped: it cannot be read`);
  });
});

describe("a refused forget changes nothing", () => {
  it("when the memory file has become a symbolic link", async () => {
    remember("Prefers tabs", "Indent with tabs.");
    const index = await read("MEMORY.md");
    await rm(join(home, "memories/feedback_prefers-tabs.md"));
    await writeFile(join(root, "elsewhere.md"), "---\nname: Prefers tabs\ntype: feedback\n---\n\nx\n");
    await symlink(join(root, "elsewhere.md"), join(home, "memories/feedback_prefers-tabs.md"));
    const result = inHome(["forget", "Prefers tabs"]);
    expect(result.status).not.toBe(0);
    expect(await read("MEMORY.md")).toBe(index);
    expect(await read("memories/feedback_prefers-tabs.md")).toContain("name: Prefers tabs");
  });

  it("when the archive cannot be written", async () => {
    remember("Prefers tabs", "Indent with tabs.");
    const index = await read("MEMORY.md");
    await mkdir(join(home, "archive"));
    await writeFile(join(home, "archive/memories"), "a file where the archive's folder should be");
    const result = inHome(["forget", "Prefers tabs"]);
    expect(result.status).toBe(5); // IO
    expect(result.stderr).toContain(`${join(home, "archive/memories")}`);
    expect(result.stderr).toContain("move that file aside");
    expect(await read("MEMORY.md")).toBe(index);
    expect(await read("memories/feedback_prefers-tabs.md")).toContain("Indent with tabs.");
  });
});

describe("names too long for a file", () => {
  it("a topic name of 5,000 characters is refused with a clear message", () => {
    const result = inHome(["journal", "read", "a".repeat(5000)]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("it is 5000 characters long; use at most 100");
    expect(result.stderr.length).toBeLessThan(400);
  });
});
