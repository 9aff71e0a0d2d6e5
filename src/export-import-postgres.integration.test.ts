import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportHome, importHome } from "./export-import.js";
import { openMemory } from "./open-memory.js";
import { fillEveryFolder } from "./testing/every-folder-home.js";
import { runMnemo } from "./testing/test-cli.js";
import { treeBytes } from "./testing/test-folder-files.js";
import { makeTempDir, openTestMemory, removeDir } from "./testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "./testing/test-postgres.js";

/**
 * Issues 15 and 26: moving a home from the embedded default to PostgreSQL is `mnemo export` and
 * `mnemo import`, and the home comes back out of the database byte for byte, its conversations,
 * queued conversations and session logs included. Through the built bin on the throwaway cluster
 * (the bin is another process, so PGlite cannot serve it), and through the library.
 */
let database: TestPostgres;
let folder = "";
const env = { MNEMO_EMBEDDER: "none" };

/** A file home with something in every folder a home can hold; its tree less config.json. */
async function everyFolderHome() {
  let now = new Date("2026-04-01T10:00:00");
  const opened = await openTestMemory({ now: () => now, config: { search: { embedder: "none" } } });
  const { sessionId } = await fillEveryFolder(opened.memory, opened.home, (days) => {
    now = new Date(now.getTime() + days * 86_400_000);
  });
  await opened.memory.close();
  const expected = await treeBytes(opened.home);
  expected.delete("config.json");
  return { home: opened.home, sessionId, expected };
}

describe.skipIf(!testPostgresHasServer())("a file home moved into PostgreSQL and out again", () => {
  beforeAll(async () => {
    database = await startTestPostgres();
    folder = await makeTempDir("mnemo-move-postgres-");
  });
  afterAll(async () => {
    await database?.stop();
    await removeDir(folder);
  });

  test("export, import into a database home, export again: every byte equal, transcripts and records too; another home id gets nothing", async () => {
    const { home: fileHome, sessionId } = await everyFolderHome();
    const inFolder = (args: string[]) => runMnemo([...args, "--home", fileHome], { env });
    const inDatabase = (args: string[], homeId = "moved/home") =>
      runMnemo([...args, "--store", database.url as string, "--home-id", homeId], { env });
    for (const args of [
      ["remember", "Drinks green tea.", "--type", "user", "--name", "Tea"],
      ["remember", "Drinks black tea now.", "--type", "user", "--name", "Tea"],
      ["conversation", "add", "talk-2", "Met Ada at the climbing gym."],
    ])
      expect(inFolder(args).status, args.join(" ")).toBe(0);

    const expected = await treeBytes(fileHome);
    expected.delete("config.json");
    const first = join(folder, "first");
    expect(inFolder(["export", first]).status).toBe(0);
    const dry = inDatabase(["import", first, "--dry-run", "--json"]);
    expect(dry.status, dry.stderr).toBe(0);
    const planned = JSON.parse(dry.stdout) as { added: string[] };
    expect(planned.added).toEqual(
      expect.arrayContaining([
        "archive/memories/user_tea.md",
        "conversations/talk-2.md",
        `.pending/${sessionId}.json`,
        `.sessions/${sessionId}.json`,
        "archive/conversations/talk-0.md",
      ]),
    );
    expect(JSON.parse(inDatabase(["export", join(folder, "after-dry-run"), "--json"]).stdout)).toMatchObject({
      files: 0,
    });

    const imported = inDatabase(["import", first, "--json"]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ added: planned.added, refused: [] });
    const second = join(folder, "second");
    expect(inDatabase(["export", second]).status).toBe(0);
    const [before, after] = [await treeBytes(first), await treeBytes(second)];
    expect(before).toEqual(expected);
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect(after).toEqual(before);

    const recalled = inDatabase(["recall", "black tea", "--json"]);
    expect(JSON.parse(recalled.stdout).hits[0]).toMatchObject({ path: "memories/user_tea.md" });
    const climbing = inDatabase(["recall", "climbing gym", "--json"]);
    expect(JSON.parse(climbing.stdout).hits[0]).toMatchObject({ path: "conversations/talk-2.md" });
    expect(JSON.parse(inDatabase(["list", "--json"], "another/home").stdout).memories).toEqual([]);
    await removeDir(fileHome);
  }, 240_000);

  test("the library moves a home from one database home to another through a folder, and refuses there what a save refuses", async () => {
    const { home: fileHome, expected } = await everyFolderHome();
    const open = (homeId: string) =>
      openMemory({
        home: folder,
        env: {},
        store: database.url,
        homeId,
        config: { search: { embedder: "none" } },
      });
    const fromFiles = await openMemory({ home: fileHome, env: {}, config: { search: { embedder: "none" } } });
    const first = join(folder, "library-first");
    await exportHome(fromFiles, first);
    await fromFiles.close();

    const one = await open("library/one");
    expect((await importHome(one, first)).refused).toEqual([]);
    const second = join(folder, "library-second");
    await exportHome(one, second);
    await one.close();
    expect(await treeBytes(second)).toEqual(expected);

    await writeFile(
      join(second, "memories", "user_big.md"),
      `---\nname: Big\ntype: user\n---\n\n${"x".repeat(20_001)}\n`,
    );
    const two = await open("library/two");
    const report = await importHome(two, second);
    expect(report.refused).toEqual([
      {
        path: "memories/user_big.md",
        code: "TOO_LARGE",
        reason: expect.stringMatching(/^Memory "Big" is 20001 characters/),
      },
    ]);
    const third = join(folder, "library-third");
    await exportHome(two, third);
    await two.close();
    expect(await treeBytes(third)).toEqual(expected);
    await removeDir(fileHome);
  });
});
