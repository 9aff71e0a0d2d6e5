import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { runMemoryTool } from "./memory-tools.js";

let memory: MemoryHome;
let home: string;
let now = new Date("2026-11-22T10:00:00Z");

/** About 2,500 characters, the last sentence marked: a memory search would show only its first 300. */
const LONG_NOTE = `${Array.from({ length: 41 }, (_, i) => `Sentence ${i} of the long design note explains one more detail.`).join(" ")} THE-LAST-SENTENCE-MARKER.`;

beforeEach(async () => {
  now = new Date("2026-11-22T10:00:00Z");
  ({ memory, home } = await openTestMemory({ now: () => now }));
  await memory.memories.save({
    type: "reference",
    name: "Long design note",
    description: "Why the index is split",
    content: LONG_NOTE,
  });
});

afterEach(async () => {
  await removeDir(home);
});

describe("memory_get", () => {
  test("reads a 2,500-character memory whole by its name: fields, age and every character of the content", async () => {
    expect(LONG_NOTE.length).toBeGreaterThan(2_500);
    const result = await runMemoryTool(memory, "memory_get", { name: "Long design note" });
    expect(result.ok).toBe(true);
    expect(result.text).toBe(
      `reference memory "Long design note" · memories/reference_long-design-note.md · updated today\nDescription: Why the index is split\n\n${LONG_NOTE}`,
    );
    expect(result.data).toEqual({
      path: "memories/reference_long-design-note.md",
      name: "Long design note",
      description: "Why the index is split",
      type: "reference",
      created: "2026-11-22T10:00:00.000Z",
      updated: "2026-11-22T10:00:00.000Z",
      ageDays: 0,
      content: LONG_NOTE,
    });
  });

  test("by file name or path too", async () => {
    for (const name of ["reference_long-design-note", "memories/reference_long-design-note.md"]) {
      const result = await runMemoryTool(memory, "memory_get", { name });
      expect(result.data, name).toMatchObject({ name: "Long design note", content: LONG_NOTE });
    }
  });

  test("a memory older than a day comes with the staleness note, in the text before the content and in the data", async () => {
    now = new Date("2026-11-25T12:00:00Z");
    const result = await runMemoryTool(memory, "memory_get", { name: "Long design note" });
    const note = result.data.staleness as string;
    expect(note).toMatch(/^This memory was saved 3 days ago\. .*Verify before acting on it\.$/);
    expect(result.data.ageDays).toBe(3);
    expect(result.text).toContain("· updated 3 days ago (may be outdated)\n");
    expect(result.text.indexOf(`Note: ${note}`)).toBeGreaterThan(0);
    expect(result.text.indexOf(`Note: ${note}`)).toBeLessThan(result.text.indexOf(LONG_NOTE));
  });

  test("the longest memory a save accepts is shown whole, not cut at the usual 4,000 characters", async () => {
    const content = `${"word ".repeat(3_999)}END`;
    await memory.memories.save({ type: "project", name: "Huge", description: "d", content });
    const result = await runMemoryTool(memory, "memory_get", { name: "Huge" });
    expect(content.length).toBe(19_998);
    expect(result.text.endsWith(content)).toBe(true);
    expect(result.text).not.toContain("[cut:");
  });

  test("an unknown name is NOT_FOUND and says how to find names; a broken file is MALFORMED_FILE naming it", async () => {
    const missing = await runMemoryTool(memory, "memory_get", { name: "Nothing like it" });
    expect(missing).toMatchObject({ ok: false, data: { error: { code: "NOT_FOUND" } } });
    expect(missing.text).toContain("memory_list");
    await writeFile(join(home, "memories/user_broken.md"), "---\nname: [unclosed\n---\nbody\n");
    const broken = await runMemoryTool(memory, "memory_get", { name: "user_broken.md" });
    expect(broken).toMatchObject({ ok: false, data: { error: { code: "MALFORMED_FILE" } } });
    expect(broken.text).toContain("user_broken.md line");
    const noName = await runMemoryTool(memory, "memory_get", {});
    expect(noName).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
  });
});
