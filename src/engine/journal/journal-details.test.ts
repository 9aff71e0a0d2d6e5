import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/** The journal's refusals, topic names and capacity outside a plain add, as a user sees them. */
const NOW = new Date(2026, 10, 22, 14, 30);
let home = "";
let memory: MemoryHome;

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({ config, now: () => NOW }));
}

const read = (path: string) => readFile(join(home, path), "utf8").catch(() => "");
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error) => error,
  );

afterEach(async () => removeDir(home));

describe("journal details", () => {
  test("an empty, an oversized or a secret entry is refused with a message that says what to do", async () => {
    await open();
    expect(await refusal(memory.journal.add("general", " \n "))).toMatchObject({
      code: "INVALID_INPUT",
      message: "The journal entry is empty; give the text to record.",
    });
    expect(await refusal(memory.journal.add("general", "x".repeat(10_001)))).toMatchObject({
      code: "TOO_LARGE",
      message: "The journal entry is 10001 characters; the limit is 10000. Record the essentials.",
    });
    await memory.journal.add("general", "y".repeat(10_000));
    expect(await refusal(memory.journal.add("general", "key AKIAQWERTYUIOPASDFGH"))).toMatchObject({
      code: "SECRET_DETECTED",
      message: expect.stringContaining("Not stored: the general journal entry holds"),
    });
  });

  test("an entry that cannot fit says which file and what its capacity is", async () => {
    await open({ capacity: { maxLines: 30, targetLines: 20 } });
    const long = Array.from({ length: 25 }, (_, line) => `line ${line}`).join("\n");
    expect(await refusal(memory.journal.add("user_pref", long))).toMatchObject({
      code: "TOO_LARGE",
      message: expect.stringMatching(
        /^The journal entry does not fit in topics\/user_prefs\.md: capacity brings the file to 20 lines when it passes 30, /,
      ),
    });
  });

  test("topic names: routed categories, MEMORY in any case, a .md suffix and spaces are accepted", async () => {
    await open();
    await memory.journal.add("general", "In MEMORY.md.");
    await memory.journal.add("user_pref", "In the topic.");
    for (const name of ["memory", "Memory.md", " MEMORY "])
      expect((await memory.journal.readTopic(name)).entries.map((entry) => entry.content)).toEqual([
        "In MEMORY.md.",
      ]);
    expect((await memory.journal.readTopic(" user_prefs.md ")).path).toBe("topics/user_prefs.md");
    expect((await memory.journal.readTopic("user_pref")).path).toBe("topics/user_prefs.md");
  });

  test("bad topic names are refused, the reason and the name shown (cut when long)", async () => {
    await open();
    const long = "a".repeat(101);
    expect(await refusal(memory.journal.readTopic(long))).toMatchObject({
      code: "INVALID_INPUT",
      message: `Invalid topic name "${"a".repeat(60)}…": it is 101 characters long; use at most 100.`,
    });
    expect((await memory.journal.readTopic("a".repeat(100))).entries).toEqual([]);
    expect(await refusal(memory.journal.readTopic("notes.md.bak"))).toMatchObject({
      message: 'Invalid topic name "notes.md.bak": use letters, digits, _ and - (for example user_prefs).',
    });
    // Only a final ".md" is taken off: "notes.mdx" is not the topic "notesx".
    expect(await refusal(memory.journal.readTopic("notes.mdx"))).toMatchObject({ code: "INVALID_INPUT" });
    expect(await refusal(memory.journal.readTopic("ok/../x"))).toMatchObject({ code: "INVALID_INPUT" });
    const eighty = "b".repeat(79).concat("!");
    expect((await refusal(memory.journal.readTopic(eighty)))?.message).toContain(`"${eighty}"`);
  });

  test("topics are listed sorted: the configured ones and those on disk", async () => {
    await open();
    await mkdir(join(home, "topics"), { recursive: true });
    await writeFile(join(home, "topics/alpha.md"), "# alpha\n\n");
    await writeFile(join(home, "topics/zeta.md"), "# zeta\n\n");
    expect(await memory.journal.topics()).toEqual(["alpha", "file_patterns", "user_prefs", "zeta"]);
  });

  test("doctor --fix brings a hand-grown topic file within capacity, archiving with the reason", async () => {
    await open({ capacity: { maxLines: 30, targetLines: 20 } });
    const entries = Array.from(
      { length: 10 },
      (_, index) => `### [2026-01-01 10:00] user_pref\n\nold ${index}\n\n---\n`,
    ).join("\n");
    await mkdir(join(home, "topics"), { recursive: true });
    await writeFile(join(home, "topics/user_prefs.md"), `# user_prefs\n\n${entries}`);
    await memory.doctor({ fix: true });
    const kept = await read("topics/user_prefs.md");
    expect(kept.split("\n").length - 1).toBeLessThanOrEqual(20);
    expect(kept).toContain("old 9");
    const archive = await read("archive/topics/user_prefs.md");
    expect(archive).toContain(": over capacity (30 lines, brought to 20) -->");
    expect(archive).toContain("old 0");
  });
  test("an entry's source is one short line: white space collapsed, blank means none, over 200 refused", async () => {
    await open();
    await memory.journal.add("user_pref", "Tea.", { source: "  session\n\t4f2a  " });
    await memory.journal.add("user_pref", "Coffee.", { source: " \n " });
    await memory.journal.add("user_pref", "Water.", { source: "s".repeat(200) });
    const topic = await read("topics/user_prefs.md");
    expect(topic).toContain("] user_pref (source: session 4f2a)\n\nTea.\n");
    expect(topic).toContain("] user_pref\n\nCoffee.\n");
    expect(topic).toContain(`] user_pref (source: ${"s".repeat(200)})\n\nWater.\n`);
    expect(
      await refusal(memory.journal.add("user_pref", "Milk.", { source: ` ${"s".repeat(201)} ` })),
    ).toMatchObject({
      code: "TOO_LARGE",
      message: "The entry's source is 201 characters; keep it to a short label under 200.",
    });
  });

  test("writing MEMORY.md's journal again leaves its other sections as they were", async () => {
    await open();
    await memory.profile.add("memory", "Notes", "Check staging first.");
    await memory.journal.add("general", "First.");
    const before = await read("MEMORY.md");
    await memory.journal.add("general", "Second.");
    const after = await read("MEMORY.md");
    expect(after.slice(0, after.indexOf("## Journal"))).toBe(before.slice(0, before.indexOf("## Journal")));
    expect(after).toContain("Check staging first.");
    expect((await memory.journal.readTopic("MEMORY")).entries.map((entry) => entry.content)).toEqual([
      "First.",
      "Second.",
    ]);
  });

  test("MEMORY.md's entries are those of its Journal section, not entry-like text in another section", async () => {
    await open();
    const lookalike = "### [2026-01-01 10:00] general\n\nIn the notes, not the journal.\n\n---\n";
    await writeFile(join(home, "MEMORY.md"), `# Memory\n\n## Notes\n${lookalike}\n## Journal\n\n`);
    await memory.journal.add("general", "In the journal.");
    const read = await memory.journal.readTopic("MEMORY");
    expect(read.entries.map((entry) => entry.content)).toEqual(["In the journal."]);
    expect(read.text).toContain("In the notes, not the journal.");
  });
});
