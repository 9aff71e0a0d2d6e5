import { access, readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { runMemoryTool } from "./memory-tools.js";

let memory: MemoryHome;
let home: string;

const onDisk = (path: string) => readFile(join(home, path), "utf8");
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const tabs = {
  type: "feedback",
  name: "Prefers tabs",
  description: "Tabs in every project",
  content: "Indent with tabs.",
};

beforeEach(async () => {
  ({ memory, home } = await openTestMemory());
});

afterEach(async () => {
  await removeDir(home);
});

describe("memory_save", () => {
  test("creates the memory's file and its index line", async () => {
    const result = await runMemoryTool(memory, "memory_save", JSON.stringify(tabs));
    expect(result.ok).toBe(true);
    expect(result.text).toBe(
      'Created feedback memory "Prefers tabs" in memories/feedback_prefers-tabs.md; MEMORY.md\'s index lists it.',
    );
    expect(result.data).toMatchObject({
      path: "memories/feedback_prefers-tabs.md",
      created: true,
      archived: [],
    });
    const file = await onDisk("memories/feedback_prefers-tabs.md");
    expect(file).toContain("type: feedback");
    expect(file).toContain("Indent with tabs.");
    expect(await onDisk("MEMORY.md")).toContain("memories/feedback_prefers-tabs.md");
  });

  test("saving under the same name updates it; the old version goes to the archive", async () => {
    await runMemoryTool(memory, "memory_save", tabs);
    const result = await runMemoryTool(memory, "memory_save", {
      ...tabs,
      content: "Indent with two-wide tabs.",
    });
    expect(result).toMatchObject({ ok: true, data: { created: false } });
    expect(result.text).toContain('Updated feedback memory "Prefers tabs"');
    expect(result.text).toContain(
      "Moved to archive/memories/feedback_prefers-tabs.md (replaced by a newer save)",
    );
    expect(await onDisk("memories/feedback_prefers-tabs.md")).toContain("two-wide");
    expect(await onDisk("archive/memories/feedback_prefers-tabs.md")).toContain("Indent with tabs.");
  });

  test.each(["../x", "memories/../../x", "..\\x", "MEMORY"])(
    "name %j is refused and nothing is written",
    async (name) => {
      const result = await runMemoryTool(memory, "memory_save", { ...tabs, name });
      expect(result.ok).toBe(false);
      expect(["INVALID_INPUT", "OUTSIDE_HOME"]).toContain(
        (result.data as { error: { code: string } }).error.code,
      );
      expect(await readdir(join(home, "memories")).catch(() => [])).toEqual([]);
      expect(await exists(join(dirname(home), "x.md"))).toBe(false);
      expect(await exists(join(home, "MEMORY.md"))).toBe(false);
    },
  );

  test("an unknown type is named with the types allowed", async () => {
    const result = await runMemoryTool(memory, "memory_save", { ...tabs, type: "opinion" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain('"type"');
    expect(result.text).toContain("user|feedback|project|reference");
  });

  test("a description over the limit is TOO_LARGE", async () => {
    const result = await runMemoryTool(memory, "memory_save", { ...tabs, description: "x".repeat(400) });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "TOO_LARGE" } } });
  });

  test("a duplicate under another name is not saved; a contradiction updates the memory it contradicts", async () => {
    await runMemoryTool(memory, "memory_save", {
      type: "user",
      name: "Home city",
      content: "Lives in Porto.",
    });
    const duplicate = await runMemoryTool(memory, "memory_save", {
      type: "user",
      name: "Where I live",
      content: "Lives in Porto",
    });
    expect(duplicate.text).toBe(
      'Nothing saved: user memory "Home city" in memories/user_home-city.md already says this (says what "Home city" already says (the same text)).',
    );
    expect(duplicate.data).toMatchObject({ action: "unchanged", name: "Home city", decidedBy: "rules" });
    const moved = await runMemoryTool(memory, "memory_save", {
      type: "user",
      name: "City",
      content: "Now lives in Lisbon.",
    });
    expect(moved.text).toContain('Updated user memory "Home city" in memories/user_home-city.md');
    expect(moved.text).toContain('Why: contradicts "Home city"');
    expect(moved.data).toMatchObject({ action: "updated", name: "Home city", created: false });
    expect(await readdir(join(home, "memories"))).toEqual(["user_home-city.md"]);
  });
});
