import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

const NOW = new Date(2026, 10, 22, 14, 30);
let home = "";
let memory: MemoryHome;

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({ config, now: () => NOW }));
}

afterEach(async () => removeDir(home));

describe("profile files (seed 002)", () => {
  test("add creates the file and the section, then appends to it", async () => {
    await open();
    const first = await memory.profile.add("user", "Preferences", "Likes tea.");
    expect(first).toMatchObject({
      path: "USER.md",
      action: "added",
      usage: { budget: 1400 },
      editedSectionTrimmed: false,
    });
    await memory.profile.add("user", "preferences", "Dislikes meetings before 10.");
    await memory.profile.add("user", "Work", "Backend developer.");
    expect(await readFile(join(home, "USER.md"), "utf8")).toBe(
      "# User\n\n## Preferences\nLikes tea.\nDislikes meetings before 10.\n\n## Work\nBackend developer.\n\n",
    );
    expect((await memory.profile.read("user", "Preferences")).text).toBe(
      "Likes tea.\nDislikes meetings before 10.",
    );
  });

  test("replace needs exactly one match; a miss shows the section so an agent does not loop", async () => {
    await open();
    await memory.profile.add("soul", "Identity", "I am Mo.\nI like maps.");
    await memory.profile.replace("soul", { section: "Identity", oldText: "Mo", newText: "Mnemo" });
    expect((await memory.profile.read("soul", "Identity")).text).toBe("I am Mnemo.\nI like maps.");
    const miss = memory.profile.replace("soul", { section: "Identity", oldText: "I am Bob", newText: "x" });
    await expect(miss).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("I am Mnemo.\nI like maps."),
    });
    await memory.profile.add("soul", "Identity", "I like maps.");
    const twice = memory.profile.replace("soul", { section: "Identity", oldText: "maps", newText: "x" });
    await expect(twice).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("2 times"),
    });
  });

  test("remove takes the section out and archives it", async () => {
    await open();
    await memory.profile.add("user", "A", "a");
    await memory.profile.add("user", "B", "b");
    const change = await memory.profile.remove("user", "a");
    expect(change.archived[0]?.path).toBe("archive/USER.md");
    expect(await readFile(join(home, "USER.md"), "utf8")).toBe("# User\n\n## B\nb\n\n");
    expect(await readFile(join(home, "archive/USER.md"), "utf8")).toMatch(
      /^<!-- mnemo archived from USER.md at 2026-11-22 14:30: section removed -->\n## A\na\n$/,
    );
    await expect(memory.profile.remove("user", "missing")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining('"B"'),
    });
  });

  test("over budget: the section's oldest text goes to the archive, the new text and other sections stay", async () => {
    await open({ budgets: { soul: 90 } });
    await memory.profile.add("soul", "Identity", "I am Mo.");
    await memory.profile.add("soul", "Rules", "Guess less.");
    await memory.profile.add("soul", "Rules", "Check dates.");
    const change = await memory.profile.add("soul", "Rules", "Always cite sources and never guess at all.");
    expect(change.usage.characters).toBeLessThanOrEqual(90);
    expect(change.editedSectionTrimmed).toBe(true);
    expect(change.archived).toEqual([
      {
        path: "archive/SOUL.md",
        reason: "over budget (90 characters): the oldest 2 lines of ## Rules",
        characters: 33,
      },
    ]);
    expect(await readFile(join(home, "SOUL.md"), "utf8")).toBe(
      "# Soul\n\n## Identity\nI am Mo.\n\n## Rules\nAlways cite sources and never guess at all.\n\n",
    );
    expect(await readFile(join(home, "archive/SOUL.md"), "utf8")).toContain(
      "## Rules\nGuess less.\nCheck dates.\n",
    );
  });

  test("over budget with no older text of the section to move: refused, and nothing changes", async () => {
    await open({ budgets: { soul: 60 } });
    await memory.profile.add("soul", "Identity", "I am Mo.");
    await expect(
      memory.profile.add("soul", "Rules", "Always cite sources and never guess about facts."),
    ).rejects.toMatchObject({
      code: "TOO_LARGE",
      message: expect.stringContaining(
        "the change to ## Rules does not fit in SOUL.md, whose budget is 60 characters",
      ),
    });
    expect(await readFile(join(home, "SOUL.md"), "utf8")).toBe("# Soul\n\n## Identity\nI am Mo.\n\n");
    await expect(readFile(join(home, "archive/SOUL.md"), "utf8")).rejects.toThrow(/ENOENT/);
  });

  test("MEMORY.md notes are budgeted apart from the managed index and journal", async () => {
    await open({ budgets: { memory: 80 } });
    await memory.memories.save({
      type: "user",
      name: "Go expert",
      description: "x".repeat(120),
      content: "Ten years of Go.",
    });
    const change = await memory.profile.add("memory", "Notes", "Check the staging server first.");
    expect(change.archived).toEqual([]);
    const text = await readFile(join(home, "MEMORY.md"), "utf8");
    expect(text.indexOf("## Notes")).toBeLessThan(text.indexOf("## Memories"));
    await expect(memory.profile.add("memory", "Memories", "x")).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  test("daily: today's log, trimmed from its oldest part; older logs archived on write", async () => {
    await open({ budgets: { daily: 60 } });
    await memory.store.transaction(async (writer) =>
      writer.write("daily/2026-11-18.md", "# 2026-11-18\n\nold\n"),
    );
    await memory.profile.add("daily", "09:00", "first thing in the morning");
    const change = await memory.profile.add("daily", "14:30", "after lunch");
    expect(change.path).toBe("daily/2026-11-22.md");
    expect(await readFile(join(home, "daily/2026-11-22.md"), "utf8")).toBe(
      "# 2026-11-22\n\n## 14:30\nafter lunch\n\n",
    );
    expect(await readFile(join(home, "archive/daily/2026-11-22.md"), "utf8")).toContain(
      "first thing in the morning",
    );
    expect(await readFile(join(home, "archive/daily/2026-11-18.md"), "utf8")).toBe("# 2026-11-18\n\nold\n");
  });

  test("bad input gets a clear error and changes nothing", async () => {
    await open();
    await expect(memory.profile.add("user", "", "x")).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.profile.add("user", "A", "  ")).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(memory.profile.add("user", "A", "x\n## B")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("## B"),
    });
    await expect(readFile(join(home, "USER.md"), "utf8")).rejects.toThrow(/ENOENT/);
  });

  test("a hand-edited file keeps what mnemo does not understand", async () => {
    await open();
    const handWritten =
      "Intro written by a person.\n<!-- keep me -->\n## Custom\n* weird   spacing *\n## Preferences\nTea\n";
    await writeFile(join(home, "USER.md"), handWritten);
    await memory.profile.add("user", "Preferences", "Coffee too");
    expect(await readFile(join(home, "USER.md"), "utf8")).toBe(
      "Intro written by a person.\n<!-- keep me -->\n## Custom\n* weird   spacing *\n## Preferences\nTea\nCoffee too\n\n",
    );
  });
});
