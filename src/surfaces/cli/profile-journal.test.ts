import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

const mnemo = runMnemo;

let home: string;
const inHome = (args: string[], input?: string) => mnemo([...args, "--home", home], { input });
const read = (path: string) => readFile(join(home, path), "utf8");

beforeEach(async () => {
  home = await makeTempDir("mnemo-cli-");
});
afterEach(async () => {
  await removeDir(home);
});

describe("mnemo profile", () => {
  it("add creates and extends a section of USER.md and reports the usage", async () => {
    const first = inHome(["profile", "add", "user", "Preferences", "Answers in French."]);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Added to section "Preferences" of ${join(home, "USER.md")}`);
    expect(first.stdout).toMatch(/USER\.md: \d+\/1400 characters/);
    inHome(["profile", "add", "user", "Preferences", "-"], "Short answers.\n");
    expect(await read("USER.md")).toContain("## Preferences\nAnswers in French.\nShort answers.\n");
  });

  it("add with --json returns the change", () => {
    const change = JSON.parse(inHome(["profile", "add", "user", "Work", "Writes Go.", "--json"]).stdout);
    expect(change).toMatchObject({
      file: "user",
      path: "USER.md",
      section: "Work",
      action: "added",
      archived: [],
    });
    expect(change.usage.budget).toBe(1400);
    expect(change.usage.characters).toBeGreaterThan(0);
  });

  it("read prints the file, or one section", () => {
    inHome(["profile", "add", "user", "Work", "Writes Go."]);
    inHome(["profile", "add", "user", "Hobbies", "Chess."]);
    const whole = inHome(["profile", "read", "user"]).stdout;
    expect(whole).toMatch(/^# User\n\n## Work\nWrites Go\.\n\n## Hobbies\nChess\.\n/);
    expect(inHome(["profile", "read", "user", "Hobbies"]).stdout).toBe("Chess.\n");
    const json = JSON.parse(inHome(["profile", "read", "user", "--json"]).stdout);
    expect(json.sections).toEqual(["Work", "Hobbies"]);
  });

  it("replace changes the text; a text not found exits 3 and shows the section", async () => {
    inHome(["profile", "add", "user", "Preferences", "Answers in French."]);
    const replaced = inHome(["profile", "replace", "user", "Preferences", "French", "German"]);
    expect(replaced.status).toBe(0);
    expect(replaced.stdout).toContain('Replaced text in section "Preferences"');
    expect(await read("USER.md")).toContain("## Preferences\nAnswers in German.");
    const failed = inHome(["profile", "replace", "user", "Preferences", "Dutch", "Danish"]);
    expect(failed.status).toBe(3);
    expect(failed.stderr).toContain("The section currently reads:\nAnswers in German.");
  });

  it("remove deletes the section and archives it", async () => {
    inHome(["profile", "add", "user", "Work", "Writes Go."]);
    inHome(["profile", "add", "user", "Hobbies", "Chess."]);
    const result = inHome(["profile", "remove", "user", "Work"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`to ${join(home, "archive", "USER.md")} (section removed)`);
    expect(await read("USER.md")).not.toContain("Work");
    expect(await read("archive/USER.md")).toContain("## Work\nWrites Go.");
  });

  it("prints what the budget pushed into the archive", async () => {
    await writeFile(join(home, "config.json"), JSON.stringify({ budgets: { user: 60 } }));
    inHome(["profile", "add", "user", "Facts", "An old fact that will not fit."]);
    const result = inHome(["profile", "add", "user", "Facts", "A new fact that pushes the old one out."]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\/60 characters/);
    expect(result.stdout).toContain("over budget (60 characters): the oldest line of ## Facts");
    expect(result.stdout).toContain(`to ${join(home, "archive", "USER.md")}`);
    expect(await read("archive/USER.md")).toContain("over budget (60 characters)");
  });

  it("refuses an unknown profile file with exit 2", () => {
    const result = inHome(["profile", "add", "diary", "Work", "Text"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown profile file "diary"; use one of soul, user, memory, daily.');
  });
});

describe("mnemo journal", () => {
  it("routes user_pref to topics/user_prefs.md and general to MEMORY.md", async () => {
    const pref = inHome(["journal", "add", "user_pref", "Wants short answers."]);
    expect(pref.status).toBe(0);
    expect(pref.stdout).toContain(join(home, "topics", "user_prefs.md"));
    expect(await read("topics/user_prefs.md")).toMatch(
      /### \[[\d-]+ [\d:]+\] user_pref\n\nWants short answers\.\n/,
    );
    const general = JSON.parse(inHome(["journal", "add", "general", "Moved to GitHub.", "--json"]).stdout);
    expect(general).toMatchObject({
      path: "MEMORY.md",
      entry: { category: "general", content: "Moved to GitHub." },
    });
    expect(await read("MEMORY.md")).toMatch(/## Journal\n\n### \[.+\] general\n\nMoved to GitHub\.\n/);
  });

  it("read prints a topic file by topic or category; --json gives the entries", () => {
    inHome(["journal", "add", "user_pref", "Wants short answers."]);
    const text = inHome(["journal", "read", "user_prefs"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain("Wants short answers.");
    const json = JSON.parse(inHome(["journal", "read", "user_pref", "--json"]).stdout);
    expect(json).toMatchObject({ topic: "user_prefs", path: "topics/user_prefs.md", warnings: [] });
    expect(json.entries).toEqual([
      expect.objectContaining({ category: "user_pref", content: "Wants short answers." }),
    ]);
  });

  it("topics lists the configured topics", () => {
    expect(inHome(["journal", "topics"]).stdout).toBe("file_patterns\nuser_prefs\n");
    expect(JSON.parse(inHome(["journal", "topics", "--json"]).stdout)).toEqual({
      topics: ["file_patterns", "user_prefs"],
    });
  });

  it("refuses an unknown category with exit 2", () => {
    const result = inHome(["journal", "add", "gossip", "Text", "--json"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown journal category "gossip"');
    expect(JSON.parse(result.stdout).error.code).toBe("INVALID_INPUT");
  });

  it("a file named topics where the folder belongs exits 5 with a message naming it (it was a raw ENOTDIR and exit 1)", async () => {
    await writeFile(join(home, "topics"), "not a folder");
    const result = inHome(["journal", "add", "user_pref", "Answers in French."]);
    expect(result.status).toBe(5);
    expect(result.stderr).toContain(join(home, "topics"));
    expect(result.stderr).toContain("a file where a folder is expected");
    expect(result.stderr).not.toContain("ENOTDIR");
    expect(await read("topics")).toBe("not a folder");
  });
});
