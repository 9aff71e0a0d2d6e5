/**
 * The derived files (the search index, the message store, and the -wal and -shm SQLite writes
 * beside them) stay inside the memory home as the Markdown files do: a symbolic link that leads
 * out is refused with OUTSIDE_HOME, naming the path and what to do, and nothing is written outside.
 * Real links to a real folder outside the home, through the built CLI and the stores.
 */
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MESSAGE_STORE_PATH, SqliteMessageStore } from "../../adapters/sqlite/sqlite-message-store.js";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

let root = "";
let home = "";
let outside = "";
beforeEach(async () => {
  root = await makeTempDir("mnemo-derived-inside-");
  home = join(root, "home");
  outside = join(root, "outside");
  await mkdir(join(home, "memories"), { recursive: true });
  await mkdir(outside);
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  await writeFile(
    join(home, "memories", "project_zebra.md"),
    "---\nname: Zebra\ndescription: zebra\ntype: project\n---\nA zebra.\n",
  );
});
afterEach(async () => {
  await removeDir(root);
});

const EXIT_USAGE = 2;
const links: Array<[string, () => Promise<void>]> = [
  [".index is a link to a folder outside", () => symlink(outside, join(home, ".index"))],
  [
    ".index/search.sqlite is a link to a file outside",
    async () => {
      await mkdir(join(home, ".index"));
      await symlink(join(outside, "search.sqlite"), join(home, ".index", "search.sqlite"));
    },
  ],
  [
    ".index/search.sqlite-wal is a link to a file outside",
    async () => {
      await mkdir(join(home, ".index"));
      await symlink(join(outside, "search.sqlite-wal"), join(home, ".index", "search.sqlite-wal"));
    },
  ],
];

describe("derived files stay inside the memory home", () => {
  test.each(links)("%s: recall and reindex are refused and write nothing outside", async (_case, link) => {
    await link();
    for (const command of [["recall", "zebra"], ["reindex"]]) {
      const run = runMnemo([...command, "--home", home]);
      expect(run.stderr).toContain(join(home, ".index"));
      expect(run.stderr).toMatch(/symbolic link/);
      expect(run.status).toBe(EXIT_USAGE);
    }
    expect(await readdir(outside)).toEqual([]);
  });

  test.each(links)("%s: doctor reports it and writes nothing outside", async (_case, link) => {
    await link();
    const run = runMnemo(["doctor", "--json", "--home", home]);
    const report = JSON.parse(run.stdout) as {
      problems: Array<{ kind: string }>;
      searchIndex: { state: string };
    };
    expect(report.searchIndex.state).toBe("outside-home");
    expect(report.problems.map((problem) => problem.kind)).toContain("search-index-outside-home");
    expect(await readdir(outside)).toEqual([]);
  });

  test("a link to an existing file outside is left untouched", async () => {
    await writeFile(join(outside, "precious.sqlite"), "someone else's data");
    await mkdir(join(home, ".index"));
    await symlink(join(outside, "precious.sqlite"), join(home, ".index", "search.sqlite"));
    expect(runMnemo(["recall", "zebra", "--home", home]).status).toBe(EXIT_USAGE);
    expect(await readdir(outside)).toEqual(["precious.sqlite"]);
    expect(await readFile(join(outside, "precious.sqlite"), "utf8")).toBe("someone else's data");
  });

  test("the message store, given its home, refuses a linked .index and writes nothing outside", async () => {
    await symlink(outside, join(home, ".index"));
    const store = new SqliteMessageStore({ home, path: join(home, MESSAGE_STORE_PATH) });
    await expect(store.open()).rejects.toMatchObject({
      code: "OUTSIDE_HOME",
      message: expect.stringContaining(join(home, MESSAGE_STORE_PATH)),
    });
    await store.close();
    expect(await readdir(outside)).toEqual([]);
  });

  test("a path given outside its home is refused before anything is opened", async () => {
    const store = new SqliteMessageStore({ home, path: join(outside, "messages.sqlite") });
    await expect(store.open()).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
    expect(await readdir(outside)).toEqual([]);
  });
});
