import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { runMemoryTool } from "./memory-tools.js";

let memory: MemoryHome;
let home: string;

beforeEach(async () => {
  ({ memory, home } = await openTestMemory());
});

afterEach(async () => {
  await removeDir(home);
});

describe("memory_read", () => {
  test("reads a whole file with its sections and budget", async () => {
    await memory.profile.add("user", "Name", "The user is Grace.");
    await memory.profile.add("user", "Preferences", "Likes short answers.");
    const result = await runMemoryTool(memory, "memory_read", { file: "user" });
    expect(result.ok).toBe(true);
    expect(result.text).toMatch(/^USER\.md uses \d+ of 1400 characters\. sections: Name, Preferences\./);
    expect(result.text).toContain("Likes short answers.");
    expect(result.data).toMatchObject({
      file: "user",
      path: "USER.md",
      sections: ["Name", "Preferences"],
      usage: { budget: 1400 },
    });
  });

  test("reads one section", async () => {
    await memory.profile.add("user", "Name", "The user is Grace.");
    await memory.profile.add("user", "Preferences", "Likes short answers.");
    const result = await runMemoryTool(memory, "memory_read", '{"file":"user","section":"Preferences"}');
    expect(result).toMatchObject({
      ok: true,
      data: { section: "Preferences", text: "Likes short answers." },
    });
    expect(result.text).toBe("USER.md ## Preferences:\nLikes short answers.");
  });

  test("an empty file says how to fill it", async () => {
    const result = await runMemoryTool(memory, "memory_read", { file: "soul" });
    expect(result).toMatchObject({ ok: true, text: "SOUL.md is empty; write to it with memory_add." });
  });

  test("a missing section is NOT_FOUND and names the sections there are", async () => {
    await memory.profile.add("user", "Name", "The user is Grace.");
    const result = await runMemoryTool(memory, "memory_read", { file: "user", section: "Pets" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "NOT_FOUND" } } });
    expect(result.text).toContain('"Name"');
  });
});
