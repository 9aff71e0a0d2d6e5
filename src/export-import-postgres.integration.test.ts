import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runMnemo } from "./testing/test-cli.js";
import { folderBytes } from "./testing/test-folder-files.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "./testing/test-postgres.js";

/**
 * Issue 15: moving a home from the embedded default to PostgreSQL is `mnemo export` and
 * `mnemo import`, and the home comes back out of the database byte for byte. Through the built
 * bin on the throwaway cluster (the bin is another process, so PGlite cannot serve it).
 */
let database: TestPostgres;
let folder = "";
const env = { MNEMO_EMBEDDER: "none" };

describe.skipIf(!testPostgresHasServer())("a file home moved into PostgreSQL and out again", () => {
  beforeAll(async () => {
    database = await startTestPostgres();
    folder = await makeTempDir("mnemo-move-postgres-");
  });
  afterAll(async () => {
    await database?.stop();
    await removeDir(folder);
  });

  test("export, import into a database home, export again: every byte equal; another home id gets nothing", async () => {
    const fileHome = join(folder, "files");
    const inFolder = (args: string[]) => runMnemo([...args, "--home", fileHome], { env });
    const inDatabase = (args: string[], homeId = "moved/home") =>
      runMnemo([...args, "--store", database.url as string, "--home-id", homeId], { env });
    for (const args of [
      ["init", "--yes", "--name", "Ada"],
      ["profile", "add", "user", "Name", "Grace Hopper, 日本語 🦉"],
      ["remember", "Drinks green tea.", "--type", "user", "--name", "Tea"],
      ["remember", "Drinks black tea now.", "--type", "user", "--name", "Tea"],
      ["journal", "add", "user_pref", "Answers in French."],
      ["journal", "add", "general", "CI runs on Debian."],
    ])
      expect(inFolder(args).status, args.join(" ")).toBe(0);

    const first = join(folder, "first");
    expect(inFolder(["export", first]).status).toBe(0);
    const dry = inDatabase(["import", first, "--dry-run", "--json"]);
    expect(dry.status, dry.stderr).toBe(0);
    const planned = JSON.parse(dry.stdout) as { added: string[] };
    expect(planned.added).toContain("archive/memories/user_tea.md");
    expect(JSON.parse(inDatabase(["export", join(folder, "after-dry-run"), "--json"]).stdout)).toMatchObject({
      files: 0,
    });

    const imported = inDatabase(["import", first, "--json"]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout).added).toEqual(planned.added);
    const second = join(folder, "second");
    expect(inDatabase(["export", second]).status).toBe(0);
    const [before, after] = [await folderBytes(first), await folderBytes(second)];
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect(after).toEqual(before);

    const recalled = inDatabase(["recall", "black tea", "--json"]);
    expect(JSON.parse(recalled.stdout).hits[0]).toMatchObject({ path: "memories/user_tea.md" });
    expect(JSON.parse(inDatabase(["list", "--json"], "another/home").stdout).memories).toEqual([]);
  });
});
