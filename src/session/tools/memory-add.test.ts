import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { MnemoConfigInput } from "../../engine/config/schema.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { runMemoryTool } from "./memory-tools.js";

let memory: MemoryHome;
let home: string;

async function open(config?: MnemoConfigInput) {
  ({ memory, home } = await openTestMemory({ config, now: () => new Date(2026, 2, 4, 10, 0) }));
}

const onDisk = (path: string) => readFile(join(home, path), "utf8");

afterEach(async () => {
  await removeDir(home);
});

describe("memory_add", () => {
  test("adds to a section, creating it, and reports the budget", async () => {
    await open();
    const result = await runMemoryTool(memory, "memory_add", {
      file: "user",
      section: "Preferences",
      content: "Likes short answers.",
    });
    expect(result.ok).toBe(true);
    expect(result.text).toMatch(
      /^Added to USER\.md ## Preferences\. USER\.md uses \d+ of 1400 characters\.$/,
    );
    expect(result.data).toMatchObject({ path: "USER.md", action: "added", archived: [] });
    expect(await onDisk("USER.md")).toContain("## Preferences\nLikes short answers.");

    await runMemoryTool(memory, "memory_add", {
      file: "user",
      section: "Preferences",
      content: "Writes Go.",
    });
    expect(await onDisk("USER.md")).toContain("Likes short answers.\nWrites Go.");
  });

  test("daily is today's log", async () => {
    await open();
    const result = await runMemoryTool(memory, "memory_add", {
      file: "daily",
      section: "Work",
      content: "Fixed the deploy.",
    });
    expect(result).toMatchObject({ ok: true, data: { path: "daily/2026-03-04.md" } });
    expect(await onDisk("daily/2026-03-04.md")).toContain("Fixed the deploy.");
  });

  test("over budget: the section's oldest text goes to the archive, the new text stays, and the result says so", async () => {
    await open({ budgets: { user: 200 } });
    const name = "Grace. ".repeat(15).trim();
    await runMemoryTool(memory, "memory_add", { file: "user", section: "Name", content: name });
    const hobbies = "Sails small boats on the lake every weekend in summer, and builds kites in winter.";
    const result = await runMemoryTool(memory, "memory_add", {
      file: "user",
      section: "Name",
      content: hobbies,
    });
    expect(result.ok).toBe(true);
    expect(result.text).toContain(
      `Moved to archive/USER.md (over budget (200 characters): the oldest line of ## Name): 1 piece, ${`## Name\n${name}`.length} characters.`,
    );
    expect(result.text).toContain("The new text is in USER.md");
    expect(result.data).toMatchObject({ editedSectionTrimmed: true, usage: { budget: 200 } });
    expect(await onDisk("archive/USER.md")).toContain(`## Name\n${name}\n`);
    expect(await onDisk("USER.md")).toBe(`# User\n\n## Name\n${hobbies}\n\n`);
  });

  test("over budget with nothing older to move: an error result, and the file is left alone", async () => {
    await open({ budgets: { user: 60 } });
    const result = await runMemoryTool(memory, "memory_add", {
      file: "user",
      section: "Hobbies",
      content: "Sails small boats on the lake every weekend in summer, and builds kites in winter.",
    });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "TOO_LARGE" } } });
    expect(result.text).toContain("does not fit in USER.md, whose budget is 60 characters");
    await expect(onDisk("USER.md")).rejects.toThrow();
  });

  test("text with a ## heading is refused, and the file is left alone", async () => {
    await open();
    const result = await runMemoryTool(memory, "memory_add", {
      file: "user",
      section: "Notes",
      content: "one\n## Two",
    });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain("## Two");
    await expect(onDisk("USER.md")).rejects.toThrow();
  });

  test("MEMORY.md's managed sections are refused", async () => {
    await open();
    const result = await runMemoryTool(memory, "memory_add", {
      file: "memory",
      section: "Memories",
      content: "x",
    });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain("memory_save");
  });
});
