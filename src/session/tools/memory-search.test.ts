import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { runMemoryTool } from "./memory-tools.js";

let memory: MemoryHome;
let home: string;

interface SearchData {
  [key: string]: unknown;
  mode: string;
  hits: Array<{ path: string; place: string; line: number; score: number; snippet: string }>;
}

beforeEach(async () => {
  ({ memory, home } = await openTestMemory({
    config: { search: { embedder: "none", fullScanIntervalMs: 0 } },
  }));
  await memory.memories.save({
    type: "user",
    name: "Pet",
    description: "The user's cat",
    content: `The user has a cat named Miso. ${"She likes the sunny windowsill. ".repeat(30)}`,
  });
  await memory.profile.add("user", "Home", "The user lives in Lisbon with a cat.");
  await memory.memories.save({
    type: "project",
    name: "Deploy",
    description: "Deploy day",
    content: "Deploys happen on Tuesdays.",
  });
});

afterEach(async () => {
  await memory.close();
  await removeDir(home);
});

describe("memory_search", () => {
  test("returns the best hits with file, place, line, score and a short snippet; says it is BM25 only", async () => {
    const result = await runMemoryTool(memory, "memory_search", { query: "cat" });
    expect(result.ok).toBe(true);
    const data = result.data as SearchData;
    expect(data.mode).toBe("bm25");
    expect(data.hits.map((hit) => hit.path).sort()).toEqual(["USER.md", "memories/user_pet.md"]);
    const pet = data.hits.find((hit) => hit.path === "memories/user_pet.md");
    expect(pet).toMatchObject({ place: "Pet", line: expect.any(Number), score: expect.any(Number) });
    expect(pet?.snippet.length).toBeLessThanOrEqual(300);
    expect(result.text).toMatch(
      /^2 matches for "cat" \(keyword search only: no embedding model is available\):/,
    );
    expect(result.text).toContain("memories/user_pet.md · Pet (line");
    expect(result.text.length).toBeLessThan(1000);
  });

  test("filters by memory type and by file", async () => {
    const byType = await runMemoryTool(memory, "memory_search", { query: "cat", type: "user" });
    expect((byType.data as SearchData).hits.map((hit) => hit.path)).toEqual(["memories/user_pet.md"]);
    const byFile = await runMemoryTool(memory, "memory_search", { query: "cat", file: "user" });
    expect((byFile.data as SearchData).hits.map((hit) => hit.path)).toEqual(["USER.md"]);
    const byFolder = await runMemoryTool(memory, "memory_search", { query: "tuesdays", file: "memories/" });
    expect((byFolder.data as SearchData).hits.map((hit) => hit.path)).toEqual(["memories/project_deploy.md"]);
  });

  test("limit caps the hits", async () => {
    const result = await runMemoryTool(memory, "memory_search", { query: "cat", limit: 1 });
    expect((result.data as SearchData).hits).toHaveLength(1);
  });

  test("no match says so", async () => {
    const result = await runMemoryTool(memory, "memory_search", { query: "submarine" });
    expect(result).toMatchObject({ ok: true, data: { hits: [] } });
    expect(result.text).toContain('Nothing in memory matches "submarine"');
  });

  test("a file filter that is neither a file nor a folder is refused", async () => {
    const result = await runMemoryTool(memory, "memory_search", { query: "cat", file: "notes" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain('"file"');
  });

  test("a saved memory older than a day is marked with its age, the caveat follows, and its data holds the staleness note", async () => {
    await writeFile(
      join(home, "memories/project_freeze.md"),
      "---\nname: Freeze\ndescription: Merge freeze\ntype: project\nupdated: 2020-01-01T00:00:00.000Z\n---\n\nMerge freeze after Thursday.\n",
    );
    const result = await runMemoryTool(memory, "memory_search", { query: "merge freeze" });
    const hit = (result.data as SearchData).hits[0] as SearchData["hits"][number] & {
      staleness?: string;
      ageDays?: number;
    };
    expect(hit).toMatchObject({ path: "memories/project_freeze.md", ageDays: expect.any(Number) });
    expect(hit.staleness).toMatch(/^This memory was saved \d+ days ago\. .*Verify before acting on it\.$/);
    expect(result.text).toMatch(
      /1\. memories\/project_freeze\.md · Freeze \(line \d+\) · score [\d.]+ · updated \d+ days ago \(may be outdated\)\n/,
    );
    expect(result.text).toMatch(/snapshots.*Verify those saved more than a day ago before acting on them\.$/);
    // A memory saved today is marked with its age only.
    const fresh = await runMemoryTool(memory, "memory_search", { query: "tuesdays" });
    expect(fresh.text).toContain("memories/project_deploy.md · Deploy");
    expect(fresh.text).toContain("· updated today\n");
    expect(fresh.text).not.toContain("snapshots");
  });
});
