import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/** The command line as issue 26 found it wanting, through the built `mnemo` bin. */
let root: string;
let home: string;
const env = { MNEMO_EMBEDDER: "none" };

beforeEach(async () => {
  root = await makeTempDir("mnemo-cli-edges-");
  home = join(root, "home");
  runMnemo(["init", "--yes", "--home", home], { env });
});
afterEach(async () => {
  await removeDir(root);
});

describe("options before the command", { timeout: 180_000 }, () => {
  it("takes --home and --json before the command word, as after it", () => {
    runMnemo(["remember", "Tabs.", "--type", "feedback", "--name", "Tabs", "--home", home], { env });
    const status = runMnemo(["--home", home, "status"], { env });
    expect(status.status).toBe(0);
    expect(status.stdout).toContain(`Home      ${home}`);
    const listed = runMnemo(["--home", home, "--json", "list"], { env });
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout).memories.map((each: { name: string }) => each.name)).toEqual(["Tabs"]);
    const journal = runMnemo(["--home", home, "journal", "topics"], { env });
    expect(journal.status).toBe(0);
    expect(journal.stdout).toContain("user_prefs");
  });

  it("takes --store and --home-id before the command (the README's example): the database is tried", () => {
    const result = runMnemo(
      ["--store", "postgres://nobody@127.0.0.1:1/none", "--home-id", "acme/user-42", "list"],
      { env },
    );
    expect(result.stderr).not.toContain("unknown option");
    expect(result.status).toBe(5); // the connection was refused: the options were read
  });

  it("refuses one the command does not take, naming it", () => {
    const result = runMnemo(["--home", home, "homes", "list", "--homes", root], { env });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--home does not apply to mnemo homes list");
  });
});

describe("a home that does not exist", { timeout: 180_000 }, () => {
  it("is created with a note on stderr that names it, once", () => {
    const typo = join(root, "hmoe");
    const first = runMnemo(["list", "--home", typo], { env });
    expect(first.status).toBe(0);
    expect(first.stderr).toContain(`mnemo: created a new memory home at ${typo}`);
    expect(existsSync(typo)).toBe(true);
    expect(runMnemo(["list", "--home", typo], { env }).stderr).not.toContain("created a new memory home");
  });
});

describe("journal read of a topic that is not there", { timeout: 180_000 }, () => {
  it("exits 3 and lists the topics", () => {
    runMnemo(["journal", "add", "user_pref", "Answers in French.", "--home", home], { env });
    const result = runMnemo(["journal", "read", "user_prefz", "--home", home], { env });
    expect(result.status).toBe(3);
    expect(result.stderr).toContain(
      'There is no journal topic "user_prefz"; the topics are file_patterns, user_prefs',
    );
    const configured = runMnemo(["journal", "read", "file_patterns", "--home", home], { env });
    expect(configured.status).toBe(0); // configured, no entries yet: not a typo
  });
});

describe("eval retrieval with an --input that does not exist", { timeout: 180_000 }, () => {
  it("exits 3 (not found), naming the file", () => {
    const missing = join(root, "cases.jsonl");
    const result = runMnemo(["eval", "retrieval", "--input", missing, "--embedder", "none", "--home", home], {
      env,
    });
    expect(result.status).toBe(3);
    expect(result.stderr).toContain(`Cannot read ${missing}: the file does not exist`);
  });
});

describe("init over an existing identity", { timeout: 180_000 }, () => {
  it("says on stderr that the answers given were not used, and how to use them, also with --json", async () => {
    await writeFile(join(home, "SOUL.md"), "# Soul\n\n## Identity\nI am Mnemo.\n");
    for (const json of [[], ["--json"]]) {
      const result = runMnemo(["init", "--yes", "--name", "Ada", ...json, "--home", home], { env });
      expect(result.status).toBe(0);
      expect(result.stderr).toContain(`--name "Ada" not used: ${join(home, "SOUL.md")} already holds`);
      expect(result.stderr).toContain('run mnemo init --force --name "Ada"');
    }
  });
});

describe("recall", { timeout: 180_000 }, () => {
  it("shows each hit's age, as list does", () => {
    runMnemo(["remember", "Indent with tabs.", "--type", "feedback", "--name", "Tabs", "--home", home], {
      env,
    });
    runMnemo(["journal", "add", "user_pref", "Indent with tabs in Go too.", "--home", home], { env });
    const result = runMnemo(["recall", "indent tabs", "--home", home], { env });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/memories\/feedback_tabs\.md:\d+ \(Tabs\) · today/);
    expect(result.stdout).toMatch(/topics\/user_prefs\.md:\d+ \([^)]*\) · today/);
  });
});

describe("doctor on a hand-edited journal", { timeout: 180_000 }, () => {
  it("reports an entry whose category config.json does not know, with file, line and what to do", async () => {
    await mkdir(join(home, "topics"), { recursive: true });
    await writeFile(
      join(home, "topics/user_prefs.md"),
      "# User preferences\n\n### [2026-05-01 10:00] user_pref\nAnswers in French.\n---\n\n### [2026-05-02 11:00] usr_pref\nShort answers.\n---\n",
    );
    const result = runMnemo(["doctor", "--home", home], { env });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("topics/user_prefs.md:7  unknown-journal-category");
    expect(result.stdout).toContain('entry category "usr_pref" is not a configured category');
    expect(result.stdout).toContain('add "usr_pref" to "categories" in config.json');
  });
});
