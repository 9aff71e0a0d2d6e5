import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

const mnemo = runMnemo;

let root: string;
let home: string;
const inHome = (args: string[], input?: string) => mnemo([...args, "--home", home], { input });
const read = (path: string) => readFile(join(home, path), "utf8");

beforeEach(async () => {
  root = await makeTempDir("mnemo-cli-");
  home = join(root, "home");
});
afterEach(async () => {
  await removeDir(root);
});

const TABS = ["remember", "Indent with tabs.", "--type", "feedback", "--name", "Prefers tabs"];

describe("mnemo remember", () => {
  it("writes memories/<type>_<slug>.md and a line in MEMORY.md", async () => {
    const result = inHome(TABS);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Created ${join(home, "memories", "feedback_prefers-tabs.md")}`);
    expect(result.stdout).toContain("- [Prefers tabs](memories/feedback_prefers-tabs.md)");
    const file = await read("memories/feedback_prefers-tabs.md");
    expect(file).toMatch(/^---\nname: Prefers tabs\n/);
    expect(file).toContain("type: feedback");
    expect(file.trimEnd().endsWith("Indent with tabs.")).toBe(true);
    expect(await read("MEMORY.md")).toContain("- [Prefers tabs](memories/feedback_prefers-tabs.md)");
  });

  it("with --json reports created, then updated with the previous version archived", () => {
    const first = JSON.parse(inHome([...TABS, "--json"]).stdout);
    expect(first).toMatchObject({ path: "memories/feedback_prefers-tabs.md", created: true, archived: [] });
    const second = JSON.parse(inHome([...TABS.with(1, "Tabs, width 4."), "--json"]).stdout);
    expect(second.created).toBe(false);
    expect(second.archived[0].path).toBe("archive/memories/feedback_prefers-tabs.md");
  });

  it('reads the text from stdin when it is "-"', async () => {
    const result = inHome(
      ["remember", "-", "--type", "user", "--name", "Go", "--description", "Go dev"],
      "Writes Go.\n",
    );
    expect(result.status).toBe(0);
    expect(await read("memories/user_go.md")).toContain("description: Go dev");
    expect(await read("memories/user_go.md")).toContain("Writes Go.");
  });

  it("refuses a name that reaches outside the home, and writes nothing", async () => {
    const result = inHome(["remember", "x", "--type", "user", "--name", "../evil"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Invalid memory name "../evil"');
    expect(await readdir(root)).toEqual(["home"]);
    expect(existsSync(join(home, "memories"))).toBe(false);
  });

  it("refuses an unknown type and lists the known ones", () => {
    const result = inHome(["remember", "x", "--type", "opinion", "--name", "A", "--json"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("user, feedback, project, reference");
    expect(JSON.parse(result.stdout).error.code).toBe("INVALID_INPUT");
  });
});

describe("mnemo forget", () => {
  it("removes the file and its index line, and archives the file", async () => {
    inHome(TABS);
    const result = inHome(["forget", "Prefers tabs"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Removed");
    expect(existsSync(join(home, "memories", "feedback_prefers-tabs.md"))).toBe(false);
    expect(await read("MEMORY.md")).not.toContain("Prefers tabs");
    expect(await read("archive/memories/feedback_prefers-tabs.md")).toContain("Indent with tabs.");
  });

  it("exits 3 for an unknown memory", () => {
    inHome(TABS);
    const result = inHome(["forget", "Nothing", "--json"]);
    expect(result.status).toBe(3);
    expect(JSON.parse(result.stdout).error.code).toBe("NOT_FOUND");
  });
});

describe("mnemo list and show", () => {
  it("lists one memory per line, filtered by --type", () => {
    inHome(TABS);
    inHome(["remember", "Writes Go.", "--type", "user", "--name", "Go"]);
    const all = inHome(["list"]);
    expect(all.stdout.trim().split("\n")).toHaveLength(2);
    expect(all.stdout).toMatch(/^feedback +Prefers tabs - Indent with tabs\. \(today\)$/m);
    const users = inHome(["list", "--type", "user"]);
    expect(users.stdout.trim()).toMatch(/^user +Go - Writes Go\. \(today\)$/);
  });

  it("with --json prints the manifest, dates as ISO strings", () => {
    inHome(TABS);
    const manifest = JSON.parse(inHome(["list", "--json"]).stdout);
    expect(manifest).toMatchObject({ problems: [], truncated: false });
    expect(manifest.memories[0]).toMatchObject({ name: "Prefers tabs", type: "feedback", staleness: null });
    expect(manifest.memories[0].modifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it("mentions a malformed memory file on stderr and lists the others", async () => {
    inHome(TABS);
    await writeFile(join(home, "memories", "user_broken.md"), "---\ntype: [\n---\nbody\n");
    const result = inHome(["list"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Prefers tabs");
    expect(result.stderr).toContain("user_broken.md");
    expect(result.stderr).toContain("mnemo doctor");
  });

  it("shows the fields, the text and the staleness note of an old memory", async () => {
    await mkdir(join(home, "memories"), { recursive: true });
    const old =
      "---\nname: Old fact\ndescription: From 2020\ntype: project\nupdated: 2020-01-01T00:00:00Z\n---\n\nFrozen.\n";
    await writeFile(join(home, "memories", "project_old-fact.md"), old);
    const result = inHome(["show", "Old fact"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^name: +Old fact$/m);
    expect(result.stdout).toMatch(/^type: +project$/m);
    expect(result.stdout).toContain("\nFrozen.\n");
    expect(result.stdout).toContain("Note: This memory was saved");
    const json = JSON.parse(inHome(["show", "Old fact", "--json"]).stdout);
    expect(json).toMatchObject({ name: "Old fact", content: "Frozen.", updated: "2020-01-01T00:00:00.000Z" });
    expect(json.staleness).toContain("Verify before acting on it");
  });
});

describe("mnemo doctor", () => {
  it("exits 0 when there is nothing to report", () => {
    inHome(TABS);
    const result = inHome(["doctor", "--json"]);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ problems: [], fixed: [] });
  });

  it("reports a malformed memory file with its line and exits 1, even with --fix", async () => {
    inHome(TABS);
    await writeFile(
      join(home, "memories", "user_broken.md"),
      "---\nname: Broken\ntype: opinion\n---\nbody\n",
    );
    const result = inHome(["doctor"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^memories\/user_broken\.md:\d+ {2}malformed-memory {2}/m);
    expect(inHome(["doctor", "--fix"]).status).toBe(1);
  });

  it("--fix rebuilds index lines and exits 0 when every problem was fixable", async () => {
    inHome(TABS);
    inHome(["remember", "Writes Go.", "--type", "user", "--name", "Go"]);
    await rm(join(home, "memories", "user_go.md"));
    const hand = "---\nname: Hand made\ndescription: Written by hand\ntype: project\n---\n\nText.\n";
    await writeFile(join(home, "memories", "project_hand-made.md"), hand);
    const check = inHome(["doctor"]);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain("dangling-index-line");
    expect(check.stdout).toContain("unindexed-memory");
    const fix = inHome(["doctor", "--fix"]);
    expect(fix.status).toBe(0);
    expect(fix.stdout).toContain(
      "fixed: MEMORY.md: moved the index line of missing memories/user_go.md to archive/MEMORY.md",
    );
    const index = await read("MEMORY.md");
    expect(index).not.toContain("user_go.md");
    expect(await read("archive/MEMORY.md")).toMatch(
      /\(mnemo doctor --fix\) -->\n- \[Go\]\(memories\/user_go\.md\)/,
    );
    expect(index).toContain("- [Hand made](memories/project_hand-made.md)");
    expect(inHome(["doctor"]).status).toBe(0);
  });
});
