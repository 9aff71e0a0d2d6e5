import { mkdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { fillEveryFolder } from "../../../testing/every-folder-home.js";
import { runMnemo } from "../../../testing/test-cli.js";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { folderBytes, treeBytes } from "../../../testing/test-folder-files.js";
import { makeTempDir, openTestMemory, removeDir } from "../../../testing/test-home.js";
import { EXIT_CODES } from "../output.js";
import { exportCommand } from "./export.js";
import { importCommand } from "./import.js";

/** export and import in process on a real home, then once through the built binary as a user runs them. */
const test = useTestHome();
let scratch: string;
beforeEach(async () => {
  scratch = await makeTempDir("mnemo-cli-transfer-");
});
afterEach(async () => {
  await removeDir(scratch);
});

const pet = (body: string) => `---\nname: Pet\ndescription: Pet\ntype: user\n---\n\n${body}\n`;

describe("export and import in process", () => {
  it("export says how many files went where and what it left out", async () => {
    await test.memory.memories.save({ type: "user", name: "Pet", content: "A cat." });
    await writeFile(join(test.home, "config.json"), "{}\n");
    const exported = await runUnit(exportCommand, test.memory, [join(scratch, "out")], {});
    expect(exported.data).toMatchObject({ directory: join(scratch, "out"), files: 2 });
    expect(exported.text.split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(`^Exported 2 files \\([\\d,]+ bytes\\) from ${test.home} to ${join(scratch, "out")}$`),
      ),
      expect.stringMatching(
        /^Not exported: \.index\/ \(derived state: the search index and vectors are rebuilt/,
      ),
      expect.stringMatching(/^Not exported: config.json \(config.json holds the settings/),
    ]);
  });

  it("a dry run lists what would change and writes nothing; the import then does it", async () => {
    await test.memory.memories.save({ type: "user", name: "Pet", content: "A dog." });
    await mkdir(join(scratch, "tree", "memories"), { recursive: true });
    await writeFile(join(scratch, "tree", "memories", "user_pet.md"), pet("A cat."));
    await writeFile(join(scratch, "tree", "USER.md"), "# User\n");
    const before = await folderBytes(test.home);

    const dry = await runUnit(importCommand, test.memory, [join(scratch, "tree")], { dryRun: true });
    expect(dry.text).toBe(
      [
        `Would import ${join(scratch, "tree")} into ${test.home}:`,
        "  1 added, 1 replaced, 0 archive files appended to, 0 unchanged, 0 refused",
        "replaced: memories/user_pet.md (the home's version goes to archive/memories/user_pet.md)",
        "added: USER.md",
      ].join("\n"),
    );
    expect(importCommand.notes?.(dry.data, dry.input, { ...dry.rendered, json: false })).toEqual([
      "dry run: nothing was written; run again without --dry-run to import",
    ]);
    expect(await folderBytes(test.home)).toEqual(before);

    const done = await runUnit(importCommand, test.memory, [join(scratch, "tree")], {});
    expect(done.text.split("\n")[0]).toBe(`Imported ${join(scratch, "tree")} into ${test.home}:`);
    expect(await readFile(join(test.home, "memories", "user_pet.md"), "utf8")).toBe(pet("A cat."));
    expect(await readFile(join(test.home, "archive", "memories", "user_pet.md"), "utf8")).toContain("A dog.");
  });

  it("a long list of added files is cut after 20 in text; the data lists them all", async () => {
    await mkdir(join(scratch, "tree", "topics"), { recursive: true });
    for (let index = 0; index < 25; index++)
      await writeFile(join(scratch, "tree", "topics", `topic-${String(index).padStart(2, "0")}.md`), "# t\n");
    const dry = await runUnit(importCommand, test.memory, [join(scratch, "tree")], { dryRun: true });
    expect(dry.data.added).toHaveLength(25);
    expect(dry.text).toContain("added: topics/topic-19.md\n… and 5 more added (--json lists every file)");
    expect(dry.text).not.toContain("topic-20");
  });
});

describe("mnemo export and mnemo import, the built binary", () => {
  it("moves a home to a new one through a folder; a bad file exits 2, named on stderr, and the rest is imported", async () => {
    const from = join(scratch, "from");
    const to = join(scratch, "to");
    const tree = join(scratch, "tree");
    expect(
      runMnemo(["remember", "The user has a cat.", "--type", "user", "--name", "Pet", "--home", from]).status,
    ).toBe(0);
    const exported = runMnemo(["export", tree, "--home", from, "--json"]);
    expect(exported.status, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ directory: tree, files: 2 });

    const dry = runMnemo(["import", tree, "--home", to, "--dry-run", "--json"]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dryRun: true,
      added: ["MEMORY.md", "memories/user_pet.md"],
      refused: [],
    });
    expect([...(await folderBytes(to)).keys()]).toEqual([]);

    const imported = runMnemo(["import", tree, "--home", to]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(await folderBytes(to)).toEqual(await folderBytes(from));
    const recalled = runMnemo(["recall", "cat", "--home", to, "--json"], { env: { MNEMO_EMBEDDER: "none" } });
    expect(JSON.parse(recalled.stdout).hits[0]).toMatchObject({ path: "memories/user_pet.md" });

    await symlink(join(tree, "MEMORY.md"), join(tree, "USER.md"));
    const refused = runMnemo(["import", tree, "--home", join(scratch, "third")]);
    expect(refused.status).toBe(EXIT_CODES.usage);
    expect(refused.stderr).toContain(
      `mnemo: not imported: ${join(tree, "USER.md")}: not part of a memory home's tree: it is a symbolic link`,
    );
    expect([...(await folderBytes(join(scratch, "third"))).keys()]).toEqual([
      "MEMORY.md",
      "memories/user_pet.md",
    ]);

    const overwrite = runMnemo(["export", tree, "--home", from]);
    expect(overwrite.status).toBe(EXIT_CODES.usage);
    expect(overwrite.stderr).toContain(`${tree} is not empty`);
  });

  it("round-trips conversations, queued conversations and session logs, which an export used to leave out", async () => {
    let now = new Date("2026-04-01T10:00:00");
    const opened = await openTestMemory({
      now: () => now,
      config: { search: { embedder: "none" } },
    });
    const from = opened.home;
    onTestFinished(() => removeDir(from));
    const { sessionId } = await fillEveryFolder(opened.memory, from, (days) => {
      now = new Date(now.getTime() + days * 86_400_000);
    });
    await opened.memory.close();
    expect(
      runMnemo(["conversation", "add", "talk-2", "--speaker", "user", "Met Ada at the gym.", "--home", from])
        .status,
    ).toBe(0);

    const exported = runMnemo(["export", join(scratch, "tree"), "--home", from, "--json"]);
    expect(exported.status, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout).skipped).toEqual([
      { path: ".index/", reason: expect.stringMatching(/^derived state/) },
      { path: "config.json", reason: expect.stringContaining("settings") },
    ]);
    const imported = runMnemo(["import", join(scratch, "tree"), "--home", join(scratch, "to"), "--json"]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout).refused).toEqual([]);

    const expected = await treeBytes(from);
    expected.delete("config.json");
    expect([...expected.keys()]).toEqual(
      expect.arrayContaining([
        "conversations/talk-1.md",
        "conversations/talk-2.md",
        `.pending/${sessionId}.json`,
        `.sessions/${sessionId}.json`,
        "archive/conversations/talk-0.md",
      ]),
    );
    expect(await treeBytes(join(scratch, "tree"))).toEqual(expected);
    expect(await treeBytes(join(scratch, "to"))).toEqual(expected);
    const recalled = runMnemo(["recall", "climbing", "--home", join(scratch, "to"), "--json"], {
      env: { MNEMO_EMBEDDER: "none" },
    });
    expect(JSON.parse(recalled.stdout).hits[0]).toMatchObject({ path: "conversations/talk-1.md" });
  });

  it("refuses what a save refuses, each file on stderr and in --json, exits 2, and changes nothing with --dry-run", async () => {
    const tree = join(scratch, "tree");
    const to = join(scratch, "to");
    await mkdir(join(tree, "memories"), { recursive: true });
    await mkdir(join(tree, "topics"), { recursive: true });
    const memory = (name: string, body: string) => `---\nname: ${name}\ntype: user\n---\n\n${body}\n`;
    await writeFile(join(tree, "memories", "user_pet.md"), memory("Pet", "A cat."));
    await writeFile(join(tree, "memories", "user_big.md"), memory("Big", "x".repeat(200_000)));
    await writeFile(join(tree, "memories", "user_a.md"), memory("A", "First."));
    await writeFile(join(tree, "memories", "user_a--12345678.md"), memory("A", "Second."));
    await writeFile(join(tree, "memories", "user_etc-passwd.md"), memory("../../etc/passwd", "root"));
    await writeFile(join(tree, "memories", ".user_hidden.md"), memory("Hidden", "x"));
    const entry = "### [2026-04-30 10:00] user_pref\n\nA fact worth keeping about the user.\n\n---\n\n";
    await writeFile(
      join(tree, "topics", "user_prefs.md"),
      `# user_prefs\n\n${entry.repeat((30 * 2 ** 20) / entry.length)}`,
    );
    expect((await stat(join(tree, "topics", "user_prefs.md"))).size).toBeGreaterThan(30_000_000);

    const dry = runMnemo(["import", tree, "--home", to, "--dry-run", "--json"]);
    expect(dry.status, dry.stderr).toBe(EXIT_CODES.usage);
    expect([...(await folderBytes(to)).keys()]).toEqual([]);
    const run = runMnemo(["import", tree, "--home", to, "--json"]);
    expect(run.status, run.stderr).toBe(EXIT_CODES.usage);
    const report = JSON.parse(run.stdout);
    expect({ ...JSON.parse(dry.stdout), dryRun: false }).toEqual(report);
    const refused = [
      [
        "memories/user_a.md",
        "INVALID_INPUT",
        /^memory "A" is also in memories\/user_a--12345678\.md, which is imported/,
      ],
      ["memories/user_big.md", "TOO_LARGE", /^Memory "Big" is 200000 characters; the limit is 20000/],
      ["memories/user_etc-passwd.md", "INVALID_INPUT", /^Invalid memory name "\.\.\/\.\.\/etc\/passwd"/],
      ["topics/user_prefs.md", "TOO_LARGE", /^\d+ lines, past the capacity of 500/],
    ] as const;
    expect(report.refused).toEqual(
      refused.map(([path, code, reason]) => ({ path, code, reason: expect.stringMatching(reason) })),
    );
    for (const [path] of refused) expect(run.stderr).toContain(`mnemo: not imported: ${join(tree, path)}: `);
    expect(run.stderr).toContain("mnemo: 4 files not imported (above), the rest imported");
    expect(report.skipped).toEqual([
      {
        path: "memories/.user_hidden.md",
        reason: expect.stringMatching(/^hidden files and folders are not memory/),
      },
    ]);

    const listed = JSON.parse(runMnemo(["list", "--home", to, "--json"]).stdout);
    expect(listed.memories.map((each: { name: string }) => each.name).sort()).toEqual(["A", "Pet"]);
    expect(runMnemo(["show", "A", "--home", to]).stdout).toContain("Second.");
    expect([...(await folderBytes(to)).keys()]).toEqual([
      "memories/user_a--12345678.md",
      "memories/user_pet.md",
    ]);
  }, 240_000);
});
