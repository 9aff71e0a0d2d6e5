import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../../testing/test-cli.js";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { folderBytes } from "../../../testing/test-folder-files.js";
import { makeTempDir, removeDir } from "../../../testing/test-home.js";
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
    expect(exported.text).toMatch(
      new RegExp(
        `^Exported 2 files \\([\\d,]+ bytes\\) from ${test.home} to ${join(scratch, "out")}\\nNot exported: config.json \\(config.json holds the settings`,
      ),
    );
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
        "  1 added, 1 replaced, 0 archive files appended to, 0 unchanged",
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
  it("moves a home to a new one through a folder; bad input exits 2 naming the file and writes nothing", async () => {
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
      `${join(tree, "USER.md")} is not part of a memory home's Markdown tree: it is a symbolic link`,
    );
    expect([...(await folderBytes(join(scratch, "third"))).keys()]).toEqual([]);

    const overwrite = runMnemo(["export", tree, "--home", from]);
    expect(overwrite.status).toBe(EXIT_CODES.usage);
    expect(overwrite.stderr).toContain(`${tree} is not empty`);
  });
});
