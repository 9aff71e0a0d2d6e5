import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

const NOW = new Date(2026, 10, 22, 14, 30);
let home = "";
let memory: MemoryHome;
let warnings: string[] = [];

async function open(config = {}) {
  ({ memory, home, warnings } = await openTestMemory({ config, now: () => NOW }));
}

afterEach(async () => removeDir(home));

describe("categorised journal (seed 000)", () => {
  test("routes categories to topic files and to MEMORY.md's journal, after the index", async () => {
    await open();
    await memory.journal.add("user_pref", "Answers in French.");
    await memory.journal.add("general", "The CI runs on Debian.");
    await memory.memories.save({ type: "user", name: "Ada", content: "The user is Ada." });
    expect(await readFile(join(home, "topics/user_prefs.md"), "utf8")).toBe(
      "# user_prefs\n\n### [2026-11-22 14:30] user_pref\n\nAnswers in French.\n\n---\n",
    );
    expect(await readFile(join(home, "MEMORY.md"), "utf8")).toBe(
      "# Memory\n\n## Memories\n- [Ada](memories/user_ada.md) — The user is Ada.\n\n## Journal\n\n### [2026-11-22 14:30] general\n\nThe CI runs on Debian.\n\n---\n",
    );
  });

  test("topics are read on demand by topic or by category", async () => {
    await open();
    await memory.journal.add("file_pattern", "Sales files: date, product, amount.");
    const byTopic = await memory.journal.readTopic("file_patterns");
    const byCategory = await memory.journal.readTopic("file_pattern");
    expect(byTopic.entries).toEqual([
      {
        timestamp: "2026-11-22 14:30",
        category: "file_pattern",
        content: "Sales files: date, product, amount.",
      },
    ]);
    expect(byCategory).toEqual(byTopic);
    expect((await memory.journal.readTopic("never_written")).text).toBe("");
    expect(await memory.journal.topics()).toEqual(["file_patterns", "user_prefs"]);
  });

  test("unknown categories and unsafe topic names are refused clearly", async () => {
    await open();
    await expect(memory.journal.add("gossip", "x")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("file_pattern, user_pref"),
    });
    await expect(memory.journal.readTopic("../SOUL")).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.journal.add("general", " \n ")).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.journal.add("general", "x".repeat(10_001))).rejects.toMatchObject({
      code: "TOO_LARGE",
    });
  });

  test("categories are configurable", async () => {
    await open({ categories: { decision: "decisions", general: "MEMORY" } });
    const added = await memory.journal.add("decision", "Use PostgreSQL at scale.");
    expect(added.path).toBe("topics/decisions.md");
    await expect(memory.journal.add("user_pref", "x")).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  test("a malformed entry written by hand is skipped with a warning naming file and line, and survives a rewrite", async () => {
    await open();
    const handWritten = "# user_prefs\n\n### [yesterday] user_pref\n\nlikes tea\n\n---\n";
    await mkdir(join(home, "topics"));
    await writeFile(join(home, "topics/user_prefs.md"), handWritten);
    const read = await memory.journal.readTopic("user_prefs");
    expect(read.entries).toEqual([]);
    expect(warnings.join("\n")).toMatch(/topics\/user_prefs\.md: malformed entry header .* \(line 3\)/);
    await memory.journal.add("user_pref", "likes coffee");
    const after = await readFile(join(home, "topics/user_prefs.md"), "utf8");
    expect(after.startsWith(handWritten)).toBe(true);
    expect(after).toContain("likes coffee");
  });

  test("capacity applies on write, with the oldest entries archived", async () => {
    await open({ capacity: { maxLines: 30, targetLines: 20 } });
    for (let index = 0; index < 8; index++) await memory.journal.add("user_pref", `preference ${index}`);
    const kept = await memory.journal.readTopic("user_prefs");
    expect(kept.text.split("\n").length - 1).toBeLessThanOrEqual(30);
    expect(kept.entries.at(-1)?.content).toBe("preference 7");
    const archive = await readFile(join(home, "archive/topics/user_prefs.md"), "utf8");
    expect(archive).toContain("preference 0");
    const all = [...archive.matchAll(/preference (\d)/g), ...kept.text.matchAll(/preference (\d)/g)].map(
      (match) => match[1],
    );
    expect(all.sort()).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
  });

  test("a topic file that passes maxLines is brought down to targetLines, not just under maxLines", async () => {
    await open({ capacity: { maxLines: 30, targetLines: 12 } });
    const lines = async () =>
      (await readFile(join(home, "topics/user_prefs.md"), "utf8")).split("\n").length - 1;
    let serial = 0;
    // Each entry takes 5 lines: the file grows until a write takes it past 30.
    while ((await lines().catch(() => 0)) <= 30) {
      const result = await memory.journal.add("user_pref", `preference ${serial++}`);
      if (result.archived.length > 0) break;
    }
    expect(await lines()).toBeLessThanOrEqual(12);
    const kept = await memory.journal.readTopic("user_prefs");
    expect(kept.entries.at(-1)?.content).toBe(`preference ${serial - 1}`);
    const archived = await readFile(join(home, "archive/topics/user_prefs.md"), "utf8");
    expect(archived.match(/preference \d+/g)?.length).toBe(serial - kept.entries.length);
  });

  test("in a home whose index alone passes the capacity, a new MEMORY.md entry stays (it was archived on arrival)", async () => {
    await open({ capacity: { maxLines: 30, targetLines: 20 }, search: { embedder: "none" } });
    for (let index = 0; index < 40; index++)
      await memory.memories.save({
        type: "project",
        name: `Fact ${index}`,
        content: `Fact number ${index}.`,
      });
    await memory.journal.add("general", "The CI runs on Debian.");
    await memory.journal.add("error_solution", "EACCES on deploy: chmod 600 the key.");
    const journal = await memory.journal.readTopic("MEMORY");
    expect(journal.entries.map((entry) => entry.content)).toEqual([
      "The CI runs on Debian.",
      "EACCES on deploy: chmod 600 the key.",
    ]);
    expect(await readFile(join(home, "archive/MEMORY.md"), "utf8").catch(() => "")).not.toContain("Debian");
    expect((await memory.doctor()).problems.filter((problem) => problem.kind === "over-capacity")).toEqual(
      [],
    );
  });

  test("an entry longer than the capacity target is refused, not recorded and archived at once", async () => {
    await open({ capacity: { maxLines: 30, targetLines: 20 } });
    await memory.journal.add("user_pref", "A short preference.");
    const long = Array.from({ length: 25 }, (_, line) => `line ${line}`).join("\n");
    await expect(memory.journal.add("user_pref", long)).rejects.toMatchObject({ code: "TOO_LARGE" });
    const kept = await memory.journal.readTopic("user_prefs");
    expect(kept.entries.map((entry) => entry.content)).toEqual(["A short preference."]);
    expect(await readFile(join(home, "archive/topics/user_prefs.md"), "utf8").catch(() => "")).toBe("");
  });

  test("an entry may say where it came from (seed 000's source), in its header, read back", async () => {
    await open();
    await memory.journal.add("user_pref", "Answers in French.", { source: "session 4f2a" });
    expect(await readFile(join(home, "topics/user_prefs.md"), "utf8")).toContain(
      "### [2026-11-22 14:30] user_pref (source: session 4f2a)\n\nAnswers in French.\n",
    );
    expect((await memory.journal.readTopic("user_prefs")).entries).toEqual([
      {
        timestamp: "2026-11-22 14:30",
        category: "user_pref",
        content: "Answers in French.",
        source: "session 4f2a",
      },
    ]);
  });
});
