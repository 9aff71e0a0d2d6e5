/**
 * The search index is derived from the Markdown files, so a damaged one must never stop a recall:
 * garbage, a truncated file, another program's database, or pages overwritten in the middle (which
 * only show when read) are moved aside and rebuilt, with a warning, through the built CLI as a user
 * runs it; `mnemo doctor` reports the damage before and the rebuilt index after.
 */
import { existsSync } from "node:fs";
import { mkdir, open, readFile, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

let home = "";
let index = "";
beforeEach(async () => {
  home = await makeTempDir("mnemo-damaged-index-");
  index = join(home, ".index", "search.sqlite");
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  await mkdir(join(home, "memories"));
  for (let fact = 1; fact <= 60; fact++) {
    const words = `zebra ${fact} grazes near the river with the herd of the savanna`.repeat(3);
    await writeFile(
      join(home, "memories", `project_fact-${fact}.md`),
      `---\nname: fact ${fact}\ndescription: fact ${fact}\ntype: project\n---\n${words}\n`,
    );
  }
  expect(runMnemo(["recall", "zebra", "--home", home]).status).toBe(0); // builds the index
});
afterEach(async () => {
  await removeDir(home);
});

const PAGE = 4096;
const damages: Array<[string, () => Promise<void>]> = [
  ["garbage", () => writeFile(index, Buffer.alloc(3 * PAGE, "not a database ").toString())],
  ["truncated", () => truncate(index, 3 * PAGE + 100)],
  ["another program's database", () => foreignDatabase()],
  ["overwritten after its first page", () => overwriteAfterFirstPage()],
];

async function foreignDatabase(): Promise<void> {
  await writeFile(index, "");
  const database = new Database(index);
  database.exec(
    "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('mine')",
  );
  database.close();
}

/** The schema on page 1 still reads, so the damage shows only when a table is read. */
async function overwriteAfterFirstPage(): Promise<void> {
  const size = (await readFile(index)).length;
  expect(size).toBeGreaterThan(4 * PAGE);
  const handle = await open(index, "r+");
  await handle.write(Buffer.alloc(size - PAGE, 0xa5), 0, size - PAGE, PAGE);
  await handle.close();
}

function recallJson() {
  const run = runMnemo(["recall", "zebra", "--limit", "3", "--json", "--home", home]);
  return { ...run, hits: run.status === 0 ? (JSON.parse(run.stdout) as { hits: unknown[] }).hits.length : 0 };
}

function doctorJson() {
  const run = runMnemo(["doctor", "--json", "--home", home]);
  return JSON.parse(run.stdout) as {
    problems: Array<{ kind: string }>;
    searchIndex: { state: string; documents?: number; behind?: number };
  };
}

describe("a damaged search index", () => {
  test.each(damages)(
    "%s: recall moves it aside, rebuilds it and answers, with a warning",
    async (_kind, damage) => {
      expect(existsSync(join(home, ".index", "search.sqlite-wal"))).toBe(false);
      await damage();
      const recall = recallJson();
      expect(recall.stderr).toContain("search.sqlite.damaged");
      expect(recall.stderr).toContain("rebuilt from the files");
      expect(recall.status).toBe(0);
      expect(recall.hits).toBe(3);
      expect(existsSync(`${index}.damaged`)).toBe(true);
      expect(doctorJson().searchIndex).toMatchObject({ state: "ready", documents: 60, behind: 0 });
    },
  );

  test.each(damages)("%s: reindex rebuilds it", async (_kind, damage) => {
    await damage();
    const reindex = runMnemo(["reindex", "--home", home]);
    expect(reindex.stderr).toContain("search.sqlite.damaged");
    expect(reindex.status).toBe(0);
    expect(recallJson().hits).toBe(3);
  });

  test.each(damages)("%s: doctor reports it and leaves it in place", async (_kind, damage) => {
    await damage();
    const before = await readFile(index);
    const report = doctorJson();
    const indexProblems = report.problems.filter((problem) => problem.kind.includes("search-index"));
    expect(indexProblems.map((problem) => problem.kind)).toEqual(["damaged-search-index"]);
    expect(["damaged", "foreign"]).toContain(report.searchIndex.state);
    expect((await readFile(index)).equals(before)).toBe(true);
  });
});
