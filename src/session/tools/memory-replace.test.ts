import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { runMemoryTool } from "./memory-tools.js";

let memory: MemoryHome;
let home: string;

const onDisk = (path: string) => readFile(join(home, path), "utf8");

beforeEach(async () => {
  ({ memory, home } = await openTestMemory());
  await memory.profile.add("user", "Preferences", "Likes short answers.\nWrites Go.");
});

afterEach(async () => {
  await removeDir(home);
});

describe("memory_replace", () => {
  test("replaces the exact text in the section", async () => {
    const result = await runMemoryTool(memory, "memory_replace", {
      file: "user",
      section: "Preferences",
      old_text: "short",
      new_text: "very short",
    });
    expect(result.ok).toBe(true);
    expect(result.text).toMatch(/^Replaced text in USER\.md ## Preferences\. USER\.md uses \d+ of 1400/);
    expect(result.data).toMatchObject({ action: "replaced", section: "Preferences" });
    expect(await onDisk("USER.md")).toContain("Likes very short answers.\nWrites Go.");
  });

  test("an empty new_text deletes the old text", async () => {
    const result = await runMemoryTool(memory, "memory_replace", {
      file: "user",
      section: "Preferences",
      old_text: "\nWrites Go.",
      new_text: "",
    });
    expect(result.ok).toBe(true);
    expect(await onDisk("USER.md")).not.toContain("Writes Go.");
  });

  test("text that is not there: NOT_FOUND, showing the section as it reads", async () => {
    const before = await onDisk("USER.md");
    const result = await runMemoryTool(memory, "memory_replace", {
      file: "user",
      section: "Preferences",
      old_text: "long answers",
      new_text: "brief answers",
    });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "NOT_FOUND" } } });
    expect(result.text).toContain("currently reads");
    expect(result.text).toContain("Likes short answers.\nWrites Go.");
    expect(await onDisk("USER.md")).toBe(before);
  });

  test("text that occurs twice asks for more context", async () => {
    await memory.profile.add("user", "Preferences", "Likes short answers in reviews.");
    const result = await runMemoryTool(memory, "memory_replace", {
      file: "user",
      section: "Preferences",
      old_text: "short answers",
      new_text: "brief answers",
    });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain("2 times");
  });

  test("a missing section: NOT_FOUND naming the sections there are", async () => {
    const result = await runMemoryTool(memory, "memory_replace", {
      file: "user",
      section: "Pets",
      old_text: "cat",
      new_text: "dog",
    });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "NOT_FOUND" } } });
    expect(result.text).toContain('"Preferences"');
  });

  test("a missing new_text is named", async () => {
    const result = await runMemoryTool(
      memory,
      "memory_replace",
      '{"file":"user","section":"Preferences","old_text":"short"}',
    );
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain('"new_text"');
  });
});
