import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { InMemoryDocumentStore } from "../../adapters/memory/in-memory-document-store.js";
import { InMemoryMessageStore } from "../../adapters/memory/in-memory-message-store.js";
import { MEMORY_PATH } from "../../rules/home-layout.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { configSchema } from "../config/schema.js";
import { indexLinesOf } from "../memdir/memory-index.js";
import { MemoryHome } from "../memory-home.js";

const NOW = new Date(2026, 10, 22, 14, 30);
let home = "";
let memory: MemoryHome;

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({ config, now: () => NOW }));
}

afterEach(async () => removeDir(home));

describe("doctor", () => {
  test("a healthy home has no problems", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Ada", content: "Ada" });
    await memory.profile.add("user", "Name", "Ada");
    expect(await memory.doctor()).toMatchObject({ problems: [], fixed: [] });
  });

  test("reports and fixes index lines without files and files without index lines", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Kept", content: "kept" });
    await memory.memories.save({ type: "user", name: "Gone", content: "gone" });
    await rm(join(home, "memories/user_gone.md"));
    await writeFile(
      join(home, "memories/project_orphan.md"),
      "---\nname: Orphan\ndescription: made by hand\ntype: project\n---\n\nbody\n",
    );
    const report = await memory.doctor();
    expect(report.problems.map((problem) => problem.kind).sort()).toEqual([
      "dangling-index-line",
      "unindexed-memory",
    ]);
    const fixed = await memory.doctor({ fix: true });
    expect(fixed.fixed).toHaveLength(2);
    const index = await readFile(join(home, "MEMORY.md"), "utf8");
    expect(index).not.toContain("user_gone.md");
    expect(await readFile(join(home, "archive/MEMORY.md"), "utf8")).toContain(
      "- [Gone](memories/user_gone.md) — gone\n",
    ); // what --fix removes is archived, as every removal is
    expect(index).toContain("- [Orphan](memories/project_orphan.md) — made by hand");
    expect((await memory.doctor()).problems).toEqual([]);
  });

  test("reports malformed files with file and line and leaves them untouched", async () => {
    await open();
    await mkdir(join(home, "memories"));
    const broken = "---\nname: [oops\n---\nbody\n";
    await writeFile(join(home, "memories/user_broken.md"), broken);
    await mkdir(join(home, "topics"));
    await writeFile(
      join(home, "topics/user_prefs.md"),
      "# user_prefs\n\n### [not a date] user_pref\n\nx\n\n---\n",
    );
    await writeFile(
      join(home, "MEMORY.md"),
      "# Memory\n\n## Journal\n\n### [2026-01-01 10:00] general\n\nno end\n",
    );
    const report = await memory.doctor({ fix: true });
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "malformed-memory",
          path: "memories/user_broken.md",
          line: expect.any(Number),
          fixable: false,
        }),
        expect.objectContaining({ kind: "malformed-journal-entry", path: "topics/user_prefs.md", line: 3 }),
        expect.objectContaining({ kind: "malformed-journal-entry", path: "MEMORY.md", line: 5 }),
      ]),
    );
    expect(await readFile(join(home, "memories/user_broken.md"), "utf8")).toBe(broken);
  });

  test("fixes over-budget files, over-capacity journals and old daily logs by archiving", async () => {
    await open({ budgets: { user: 40 }, capacity: { maxLines: 20, targetLines: 10 } });
    await writeFile(
      join(home, "USER.md"),
      "## Name\nAda\n\n## Long\nThis section is well over the budget.\n",
    );
    await mkdir(join(home, "topics"));
    const entries = Array.from(
      { length: 6 },
      (_, index) => `### [2026-01-01 10:0${index}] user_pref\n\nentry ${index}\n\n---\n`,
    ).join("\n");
    await writeFile(join(home, "topics/user_prefs.md"), entries);
    await mkdir(join(home, "daily"));
    await writeFile(join(home, "daily/2026-11-01.md"), "# 2026-11-01\n\nold\n");
    await writeFile(join(home, "daily/notes.md"), "misnamed\n");
    const report = await memory.doctor({ fix: true });
    expect(report.problems.map((problem) => problem.kind).sort()).toEqual([
      "misnamed-daily-log",
      "old-daily-log",
      "over-budget",
      "over-capacity",
    ]);
    expect(report.fixed).toHaveLength(3);
    expect(await readFile(join(home, "USER.md"), "utf8")).toBe("## Name\nAda\n\n");
    expect(await readFile(join(home, "archive/USER.md"), "utf8")).toContain(
      "This section is well over the budget.",
    );
    expect(await readFile(join(home, "archive/daily/2026-11-01.md"), "utf8")).toBe("# 2026-11-01\n\nold\n");
    expect(await readFile(join(home, "archive/topics/user_prefs.md"), "utf8")).toContain("entry 0");
    expect((await memory.doctor()).problems.map((problem) => problem.kind)).toEqual(["misnamed-daily-log"]);
  });

  test("reads each memory once, and --fix puts back every index line", async () => {
    const store = new CountingStore({ now: () => NOW });
    const inMemory = new MemoryHome(
      { store, config: configSchema.parse({}), now: () => NOW, warn: () => undefined },
      {
        home: "in-memory",
        openSearch: () => Promise.reject(new Error("no search in this test")),
        messageStore: async () => new InMemoryMessageStore(),
      },
    );
    const names = Array.from({ length: 40 }, (_, index) => `Memory ${index}`);
    await inMemory.memories.saveMany(names.map((name) => ({ type: "user", name, content: name })));
    const saved = (await store.read(MEMORY_PATH)) ?? "";
    await store.transaction((writer) => writer.write(MEMORY_PATH, "# Memory\n"));
    store.reads.length = 0;
    const report = await inMemory.doctor();
    expect(report.problems.filter((problem) => problem.kind === "unindexed-memory")).toHaveLength(40);
    const memoryReads = store.reads.filter((path) => path.startsWith("memories/"));
    expect(memoryReads).toHaveLength(40); // once for all the checks, not once per check
    expect(new Set(memoryReads).size).toBe(40);
    await inMemory.doctor({ fix: true });
    const byPath = (lines: Array<{ path: string }>) =>
      [...lines].sort((a, b) => a.path.localeCompare(b.path));
    const restored = indexLinesOf((await store.read(MEMORY_PATH)) ?? "");
    expect(byPath(restored)).toEqual(byPath(indexLinesOf(saved)));
    // Added one after the other in the order the files are listed, so the last listed comes first.
    expect(restored.map((line) => line.path)).toEqual(
      restored.map((line) => line.path).sort((a, b) => b.localeCompare(a)),
    );
  });
});

/** Counts the documents read one by one: a database store pays a query for each. */
class CountingStore extends InMemoryDocumentStore {
  reads: string[] = [];
  override async read(path: string): Promise<string | undefined> {
    this.reads.push(path);
    return super.read(path);
  }
}
