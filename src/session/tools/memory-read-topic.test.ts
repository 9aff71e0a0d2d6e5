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

  test("reads a topic's entries, by topic or by category", async () => {
    await memory.journal.add("user_pref", "Answers in French.");
    const result = await runMemoryTool(memory, "memory_read_topic", { topic: "user_prefs" });
    expect(result.ok).toBe(true);
    expect(result.text).toBe(
      "topics/user_prefs.md, 1 entries:\n[2026-03-04 10:00] user_pref: Answers in French.",
    );
    expect(result.data).toMatchObject({
      topic: "user_prefs",
      path: "topics/user_prefs.md",
      entries: [{ timestamp: "2026-03-04 10:00", category: "user_pref", content: "Answers in French." }],
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

  test("many entries: the newest are shown, with a count of those left out", async () => {
    for (let entry = 1; entry <= 50; entry++)
      await memory.journal.add("user_pref", `Preference number ${entry}: ${"detail ".repeat(12)}`);
    const result = await runMemoryTool(memory, "memory_read_topic", { topic: "user_prefs" });
    expect(result.ok).toBe(true);
    expect(result.text).toMatch(/\(\d+ older entries not shown\)/);
    expect(result.text).toContain("Preference number 50:");
    expect(result.text).not.toContain("Preference number 1:");
    expect(result.text).not.toContain("[cut:");
    expect((result.data as { entries: unknown[] }).entries).toHaveLength(50);
  });
});
