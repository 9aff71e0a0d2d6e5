import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { runMemoryTool } from "./memory-tools.js";

let memory: MemoryHome;
let home: string;

beforeEach(async () => {
  ({ memory, home } = await openTestMemory({ now: () => new Date(2026, 2, 4, 10, 0) }));
});

afterEach(async () => {
  await removeDir(home);
});

describe("memory_read_topic", () => {
  test("without a topic, lists the topics and where the other categories go", async () => {
    const result = await runMemoryTool(memory, "memory_read_topic", {});
    expect(result).toMatchObject({ ok: true, data: { topics: ["file_patterns", "user_prefs"] } });
    expect(result.text).toBe(
      'Journal topics: file_patterns, user_prefs. Entries of error_solution, general are in MEMORY.md\'s ## Journal (topic "MEMORY").',
    );
  });

  test("reads a topic's entries, by topic or by category, with their source", async () => {
    await memory.journal.add("user_pref", "Answers in French.", { source: "session 4f2a" });
    const result = await runMemoryTool(memory, "memory_read_topic", { topic: "user_prefs" });
    expect(result.ok).toBe(true);
    expect(result.text).toBe(
      "topics/user_prefs.md, entries 1-1 of 1, newest first:\n[2026-03-04 10:00] user_pref (source: session 4f2a): Answers in French.",
    );
    expect(result.data).toEqual({
      topics: ["file_patterns", "user_prefs"],
      topic: "user_prefs",
      path: "topics/user_prefs.md",
      total: 1,
      offset: 0,
      entries: [
        {
          timestamp: "2026-03-04 10:00",
          category: "user_pref",
          content: "Answers in French.",
          source: "session 4f2a",
        },
      ],
    });
    const byCategory = await runMemoryTool(memory, "memory_read_topic", { topic: "user_pref" });
    expect(byCategory.data).toEqual(result.data);
  });

  test("the MEMORY topic is MEMORY.md's journal", async () => {
    await memory.journal.add("error_solution", "EACCES on deploy: the key needs mode 600.");
    const result = await runMemoryTool(memory, "memory_read_topic", { topic: "MEMORY" });
    expect(result).toMatchObject({ ok: true, data: { path: "MEMORY.md" } });
    expect(result.text).toContain("EACCES on deploy");
  });

  test("a configured topic with no file yet is empty, not missing", async () => {
    const result = await runMemoryTool(memory, "memory_read_topic", { topic: "file_patterns" });
    expect(result).toMatchObject({ ok: true, text: "topics/file_patterns.md has no journal entries yet." });
  });

  test("an unknown topic is NOT_FOUND and lists the topics", async () => {
    const result = await runMemoryTool(memory, "memory_read_topic", { topic: "recipes" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "NOT_FOUND" } } });
    expect(result.text).toContain("file_patterns, user_prefs");
  });

  test("a topic name that is a path is refused", async () => {
    const result = await runMemoryTool(memory, "memory_read_topic", { topic: "../SOUL" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
  });

  test("many entries: pages newest first, each saying where the next, older one starts", async () => {
    for (let entry = 1; entry <= 50; entry++)
      await memory.journal.add("user_pref", `Preference number ${entry}: ${"detail ".repeat(12)}`);
    const first = await runMemoryTool(memory, "memory_read_topic", { topic: "user_prefs" });
    expect(first.text).toMatch(
      /^topics\/user_prefs\.md, entries 1-20 of 50, newest first:\n.*Preference number 50:/,
    );
    expect(first.text).toContain('Older entries: memory_read_topic with topic "user_prefs" and offset 20.');
    expect(first.data).toMatchObject({ total: 50, offset: 0, nextOffset: 20 });
    const last = await runMemoryTool(memory, "memory_read_topic", { topic: "user_prefs", offset: 40 });
    expect(last.text).toMatch(/entries 41-50 of 50/);
    expect(last.text).toContain("Preference number 1:");
    expect(last.text).not.toContain("Older entries");
    expect(last.data).not.toHaveProperty("nextOffset");
    const past = await runMemoryTool(memory, "memory_read_topic", { topic: "user_prefs", offset: 60 });
    expect(past.text).toBe("topics/user_prefs.md has 50 entries; offset 60 is past the oldest.");
  });

  test("a page stops before the result would be cut; the next offset picks up there", async () => {
    for (let entry = 1; entry <= 8; entry++)
      await memory.journal.add("user_pref", `Long preference ${entry}: ${"word ".repeat(160)}`);
    const result = await runMemoryTool(memory, "memory_read_topic", { topic: "user_prefs", limit: 8 });
    const data = result.data as { entries: unknown[]; nextOffset: number };
    expect(data.entries.length).toBeLessThan(8);
    expect(data.nextOffset).toBe(data.entries.length);
    expect(result.text).not.toContain("[cut:");
  });
});
