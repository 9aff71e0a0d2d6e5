import { mkdir, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { writeFactMemories } from "../../testing/test-memory-files.js";
import type { MemoryHome } from "../memory-home.js";

let memory: MemoryHome;
let home: string;
const NOW = new Date("2026-11-22T10:00:00Z");

beforeEach(async () => {
  ({ memory, home } = await openTestMemory({ now: () => NOW, config: { search: { embedder: "none" } } }));
});

afterEach(async () => {
  await removeDir(home);
});

describe("memories.list pages", () => {
  test("past the 200 newest: reading only the heads of the page's files", async () => {
    await writeFactMemories(home, 230, NOW);
    const readHead = vi.spyOn(memory.store, "readHead");
    const page = await memory.memories.list({ offset: 220, limit: 20 });
    expect(page.memories.map((entry) => entry.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Fact ${String(9 - i).padStart(3, "0")}`),
    );
    expect(page).toMatchObject({ total: 230, offset: 220, truncated: false, problems: [] });
    expect(readHead).toHaveBeenCalledTimes(10);
    expect((await memory.memories.list()).memories).toHaveLength(200);
    expect((await memory.memories.list()).truncated).toBe(true);
  });

  test("with a type, the page and the total count memories of that type only", async () => {
    await writeFactMemories(home, 230, NOW);
    const users = await memory.memories.list({ type: "user", offset: 100, limit: 20 });
    expect(users.total).toBe(115);
    expect(users.memories.map((entry) => entry.name)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Fact ${String(29 - 2 * i).padStart(3, "0")}`),
    );
    expect(users.truncated).toBe(false);
  });

  test("a bad offset or limit is INVALID_INPUT naming it", async () => {
    await expect(memory.memories.list({ offset: -1 })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining('"offset"'),
    });
    await expect(memory.memories.list({ limit: 0 })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining('"limit"'),
    });
  });
});

describe("recall hits on typed memories", () => {
  test("carry their age, and the staleness note past a day; other hits carry neither", async () => {
    await writeFactMemories(home, 30, NOW);
    await memory.profile.add("user", "Facts", "The user collects facts.");
    const { hits } = await memory.recall("fact", { limit: 50 });
    const byPath = new Map(hits.map((hit) => [hit.path, hit]));
    expect(byPath.get("memories/user_fact-029.md")).toMatchObject({ ageDays: 0 });
    expect(byPath.get("memories/user_fact-029.md")).not.toHaveProperty("staleness");
    expect(byPath.get("memories/project_fact-000.md")).toMatchObject({
      ageDays: 1,
      staleness: expect.stringMatching(/^This memory was saved yesterday\. .*Verify/),
    });
    expect(byPath.get("USER.md")).toBeDefined();
    expect(byPath.get("USER.md")).not.toHaveProperty("ageDays");
    await memory.close();
  });

  test("take their age from the index: a recall once the index is in step reads no memory file", async () => {
    await writeFactMemories(home, 30, NOW);
    const first = await memory.recall("fact", { limit: 50 });
    const readHead = vi.spyOn(memory.store, "readHead");
    const read = vi.spyOn(memory.store, "read");
    const again = await memory.recall("fact", { limit: 50 });
    expect(readHead).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    const ageOf = (hits: typeof again.hits) => hits.map((hit) => [hit.path, hit.ageDays, hit.staleness]);
    expect(ageOf(again.hits)).toEqual(ageOf(first.hits));
    expect(again.hits.find((hit) => hit.path === "memories/project_fact-000.md")).toMatchObject({
      ageDays: 1,
      staleness: expect.stringMatching(/^This memory was saved yesterday\./),
    });
    await memory.close();
  });

  test("a memory written by hand without `updated` is as old as its file", async () => {
    const path = join(home, "memories", "user_hand-written.md");
    await mkdir(join(home, "memories"), { recursive: true });
    await writeFile(
      path,
      "---\nname: Hand written\ndescription: A note about the greenhouse\ntype: user\n---\n\nThe greenhouse faces south.\n",
    );
    const threeDaysAgo = new Date(NOW.getTime() - 3 * 86_400_000 - 60_000);
    await utimes(path, threeDaysAgo, threeDaysAgo);
    const { hits } = await memory.recall("greenhouse");
    expect(hits[0]).toMatchObject({
      path: "memories/user_hand-written.md",
      ageDays: 3,
      staleness: expect.stringMatching(/^This memory was saved 3 days ago\./),
    });
    await memory.close();
  });
});
