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
  await memory.profile.add("soul", "Name", "Ada.");
  await memory.profile.add("soul", "Style", "Brief and warm.");
});

afterEach(async () => {
  await removeDir(home);
});

describe("memory_remove", () => {
  test("removes the section and keeps its text in the archive", async () => {
    const result = await runMemoryTool(memory, "memory_remove", { file: "soul", section: "Style" });
    expect(result.ok).toBe(true);
    expect(result.text).toContain("Removed ## Style from SOUL.md.");
    expect(result.text).toContain("Moved to archive/SOUL.md (section removed)");
    expect(result.data).toMatchObject({ action: "removed", archived: [{ path: "archive/SOUL.md" }] });
    const soul = await onDisk("SOUL.md");
    expect(soul).toContain("## Name");
    expect(soul).not.toContain("Style");
    expect(await onDisk("archive/SOUL.md")).toContain("## Style\nBrief and warm.");
  });

  test("a missing section is NOT_FOUND", async () => {
    const result = await runMemoryTool(memory, "memory_remove", { file: "soul", section: "Voice" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "NOT_FOUND" } } });
    expect(result.text).toContain('"Style"');
  });
});
