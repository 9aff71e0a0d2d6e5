import { access, readFile } from "node:fs/promises";
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
  await memory.memories.save({
    type: "user",
    name: "Pet",
    description: "The user's cat",
    content: "A cat, Miso.",
  });
});

afterEach(async () => {
  await removeDir(home);
});

describe("memory_delete", () => {
  test("moves the file to the archive and drops its index line", async () => {
    const result = await runMemoryTool(memory, "memory_delete", { name: "Pet" });
    expect(result.ok).toBe(true);
    expect(result.text).toContain("Deleted memories/user_pet.md and its line in MEMORY.md's index.");
    expect(result.text).toContain("Moved to archive/memories/user_pet.md (deleted)");
    expect(result.data).toMatchObject({ path: "memories/user_pet.md" });
    await expect(access(join(home, "memories/user_pet.md"))).rejects.toThrow();
    expect(await onDisk("MEMORY.md")).not.toContain("user_pet.md");
    expect(await onDisk("archive/memories/user_pet.md")).toContain("A cat, Miso.");
  });

  test("by file path too", async () => {
    const result = await runMemoryTool(memory, "memory_delete", { name: "memories/user_pet.md" });
    expect(result).toMatchObject({ ok: true, data: { path: "memories/user_pet.md" } });
  });

  test("an unknown memory is NOT_FOUND", async () => {
    const result = await runMemoryTool(memory, "memory_delete", { name: "Dog" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "NOT_FOUND" } } });
    expect(result.text).toContain("memory_search");
  });

  test("a name that leaves the folder is refused", async () => {
    const result = await runMemoryTool(memory, "memory_delete", { name: "../MEMORY" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(await onDisk("MEMORY.md")).toContain("user_pet.md");
  });
});
