import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { writeFactMemories } from "../../testing/test-memory-files.js";
import { runMemoryTool } from "./memory-tools.js";

let memory: MemoryHome;
let home: string;
const NOW = new Date("2026-11-22T10:00:00Z");

beforeEach(async () => {
  ({ memory, home } = await openTestMemory({ now: () => NOW }));
});

afterEach(async () => {
  await removeDir(home);
});

const names = (data: Record<string, unknown>) =>
  (data.memories as Array<{ name: string }>).map((each) => each.name);

describe("memory_list", () => {
  test("newest first with type, name, description and age; says where the next page starts", async () => {
    await writeFactMemories(home, 25, NOW);
    const result = await runMemoryTool(memory, "memory_list", {});
    expect(result.ok).toBe(true);
    expect(names(result.data)).toHaveLength(20);
    expect(result.data).toMatchObject({ total: 25, offset: 0, nextOffset: 20 });
    const lines = result.text.split("\n");
    expect(lines[0]).toBe("Saved memories 1-20 of 25, newest first:");
    expect(lines[1]).toBe("1. project · Fact 024 — Fact number 24 · updated today");
    expect(lines.at(-1)).toBe("More: memory_list with offset 20. Read one whole with memory_get.");

    const last = await runMemoryTool(memory, "memory_list", { offset: 20 });
    expect(names(last.data)).toEqual(["Fact 004", "Fact 003", "Fact 002", "Fact 001", "Fact 000"]);
    expect(last.data).not.toHaveProperty("nextOffset");
    // Fact 000 was updated 25 hours ago: more than a day, so it is marked and the caveat follows.
    expect(last.text).toContain("21. project · Fact 004 — Fact number 4 · updated today\n");
    expect(last.text).toContain(
      "25. project · Fact 000 — Fact number 0 · updated yesterday (may be outdated)\n",
    );
    expect(last.text).toMatch(/snapshots.*Verify those saved more than a day ago/);
    expect((last.data.memories as Array<{ staleness?: string }>)[4]?.staleness).toMatch(
      /^This memory was saved yesterday/,
    );
  });

  test("by type, an empty home, and an offset past the end", async () => {
    expect((await runMemoryTool(memory, "memory_list", {})).text).toBe("There are no saved memories yet.");
    await writeFactMemories(home, 6, NOW);
    const projects = await runMemoryTool(memory, "memory_list", { type: "project", limit: 2 });
    expect(names(projects.data)).toEqual(["Fact 004", "Fact 002"]);
    expect(projects.text.split("\n")[0]).toBe("Project memories 1-2 of 3, newest first:");
    const past = await runMemoryTool(memory, "memory_list", { offset: 10 });
    expect(past.text).toBe("There are 6 saved memories; offset 10 is past the last one.");
    const bad = await runMemoryTool(memory, "memory_list", { limit: 500 });
    expect(bad).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
  });
});
