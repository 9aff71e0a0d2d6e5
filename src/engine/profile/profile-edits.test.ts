import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { parseProfileFile } from "./profile.js";

/** The details of profile edits a user or an agent sees: results, refusals, which file, what stays. */
const NOW = new Date(2026, 10, 22, 14, 30);
const AWS_KEY = "AKIAQWERTYUIOPASDFGH";
let home = "";
let memory: MemoryHome;

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({ config, now: () => NOW }));
}

const read = (path: string) => readFile(join(home, path), "utf8").catch(() => "");

afterEach(async () => removeDir(home));

describe("profile edits in detail", () => {
  test("profile file names are read in any case; an unknown one is refused with the list", () => {
    expect(parseProfileFile("SOUL")).toBe("soul");
    expect(parseProfileFile("daily")).toBe("daily");
    expect(() => parseProfileFile("diary")).toThrow(
      expect.objectContaining({
        code: "INVALID_INPUT",
        message: 'Unknown profile file "diary"; use one of soul, user, memory, daily.',
      }),
    );
  });

  test("reading a whole file gives its text, its sections and its usage", async () => {
    await open();
    await memory.profile.add("memory", "Notes", "Check staging first.");
    const whole = await memory.profile.read("memory");
    expect(whole).toMatchObject({ file: "memory", path: "MEMORY.md", sections: ["Notes"] });
    expect(whole.text).toBe(await read("MEMORY.md"));
    expect(whole.usage).toEqual({ characters: whole.text.length, budget: 2200 });
  });

  test("each edit says what it did; a plain one redacted nothing", async () => {
    await open();
    const added = await memory.profile.add("user", "Work", "Backend.\nGo.");
    expect(added).toMatchObject({ action: "added", section: "Work", redactedSecrets: [], archived: [] });
    const replaced = await memory.profile.replace("user", {
      section: "work",
      oldText: "Go.",
      newText: "Rust\r\nand Go\rtoo.",
    });
    expect(replaced).toMatchObject({ action: "replaced", section: "Work" });
    expect(await read("USER.md")).toBe("# User\n\n## Work\nBackend.\nRust\nand Go\ntoo.\n\n");
    await memory.profile.replace("user", { section: "Work", oldText: "\nRust\nand Go\ntoo.", newText: "" });
    expect(await read("USER.md")).toBe("# User\n\n## Work\nBackend.\n\n");
    await expect(
      memory.profile.replace("user", { section: "Work", oldText: "Backend.", newText: "x\n## Other" }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining("replacement text") });
    expect(await memory.profile.remove("user", "Work")).toMatchObject({ action: "removed", section: "Work" });
  });

  test("a missing file reads as empty; blank replacement text removes; a removal redacts nothing", async () => {
    await open();
    expect(await memory.profile.read("soul")).toMatchObject({ text: "", sections: [] });
    await memory.profile.add("soul", "Rules", "Cite sources.\nBe brief.");
    await memory.profile.replace("soul", { section: "Rules", oldText: "\nBe brief.", newText: "   " });
    expect((await memory.profile.read("soul", "Rules")).text).toBe("Cite sources.");
    await expect(memory.profile.add("soul", "Rules", "x\n## B")).rejects.toMatchObject({
      message: expect.stringContaining("text to add"),
    });
    expect(await memory.profile.remove("soul", "Rules")).toMatchObject({ redactedSecrets: [] });
  });

  test("a missing section or text is refused saying what the file and the section hold", async () => {
    await open();
    await expect(memory.profile.remove("soul", "Rules")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'SOUL.md has no section "Rules". It has no sections yet.',
    });
    await memory.profile.add("soul", "Identity", "I am Mo.");
    await memory.profile.add("soul", "Tone", "Brief.");
    await expect(memory.profile.remove("soul", "Rules")).rejects.toMatchObject({
      message: 'SOUL.md has no section "Rules". Its sections are "Identity", "Tone".',
    });
    await expect(
      memory.profile.replace("soul", { section: "Identity", oldText: "", newText: "x" }),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: "The text to replace is empty; give the exact text to find.",
    });
    await expect(
      memory.profile.replace("soul", { section: "identity", oldText: "Bob", newText: "x" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message:
        'The text to replace was not found in section "Identity" of SOUL.md. The section currently reads:\nI am Mo.',
    });
  });

  test("a section with no text yet (written by hand): a miss shows it as (empty), an addition is its first line", async () => {
    await open();
    await writeFile(join(home, "SOUL.md"), "# Soul\n\n## Rules\n\n## Tone\nBrief.\n");
    await expect(
      memory.profile.replace("soul", { section: "Rules", oldText: "Cite", newText: "x" }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/The section currently reads:\n\(empty\)$/) });
    await memory.profile.add("soul", "Rules", "Cite sources.");
    expect(await read("SOUL.md")).toBe("# Soul\n\n## Rules\nCite sources.\n\n## Tone\nBrief.\n");
  });

  test("a credential is refused naming the part and the file it was bound for", async () => {
    await open();
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => "",
        (error: Error) => error.message,
      );
    expect(await refusal(memory.profile.add("user", "Keys", `key ${AWS_KEY}`))).toContain(
      "Not stored: the text for ## Keys in USER.md holds",
    );
    expect(await refusal(memory.profile.add("user", AWS_KEY, "x"))).toContain(
      "Not stored: the section name in USER.md holds",
    );
    expect(await refusal(memory.profile.add("daily", "09:00", AWS_KEY))).toContain(
      "Not stored: the text for ## 09:00 in today's daily log holds",
    );
    await memory.profile.add("soul", "Rules", "Cite sources.");
    expect(
      await refusal(memory.profile.replace("soul", { section: "Rules", oldText: "Cite", newText: AWS_KEY })),
    ).toContain("Not stored: the replacement text for ## Rules in SOUL.md holds");
  });

  test("what a budget pushes out is archived with the budget as its reason, under the section's own name", async () => {
    await open({ budgets: { soul: 80 } });
    await memory.profile.add("soul", "Identity", "I am Mo.");
    await memory.profile.add("soul", "Rules", "Cite.");
    // Added to "rules": the section is named as the file has it, "Rules", in the result and the archive.
    const change = await memory.profile.add("soul", "rules", "Always cite sources and never guess.");
    expect(change).toMatchObject({ section: "Rules", editedSectionTrimmed: true });
    expect(await read("archive/SOUL.md")).toMatch(
      /: over budget \(80 characters\): the oldest line of ## Rules -->\n## Rules\nCite\.\n$/,
    );
    expect(await read("SOUL.md")).toContain("## Rules\nAlways cite sources and never guess.\n");
  });

  test("only a daily write archives old daily logs", async () => {
    await open();
    await mkdir(join(home, "daily"));
    await writeFile(join(home, "daily/2026-11-01.md"), "# 2026-11-01\n\nold\n");
    await memory.profile.add("soul", "Identity", "I am Mo.");
    expect(await read("daily/2026-11-01.md")).toBe("# 2026-11-01\n\nold\n");
    await memory.profile.add("daily", "09:00", "standup");
    expect(await read("daily/2026-11-01.md")).toBe("");
    expect(await read("archive/daily/2026-11-01.md")).toContain("old");
  });

  test("only MEMORY.md manages its Memories and Journal sections; elsewhere they are ordinary", async () => {
    await open({ budgets: { user: 60 } });
    await memory.profile.add("user", "Journal", "A diary habit.");
    await memory.profile.add("user", "Work", "Backend.");
    // Not kept before a "## Journal" as in MEMORY.md: a new section goes at the end.
    expect((await memory.profile.read("user")).sections).toEqual(["Journal", "Work"]);
    // Counted like any other section: it does not fit in USER.md's 60 characters, so it is refused.
    await expect(
      memory.profile.add("user", "Memories", "Childhood by the sea, and a long story."),
    ).rejects.toMatchObject({ code: "TOO_LARGE" });
    await expect(memory.profile.add("memory", "journal", "x")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining('Section "journal" of MEMORY.md is managed by mnemo'),
    });
  });
});
