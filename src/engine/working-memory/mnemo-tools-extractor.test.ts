import { fc, test } from "@fast-check/vitest";
import { afterEach, describe, expect } from "vitest";
import { runMemoryTool } from "../../session/tools/memory-tools.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { WorkingMemory } from "./working-memory.js";

let memory: MemoryHome | undefined;
let home = "";

afterEach(async () => {
  await memory?.close();
  memory = undefined;
  await removeDir(home);
});

async function openHome(now = new Date("2026-11-22T10:00:00Z")) {
  ({ memory, home } = await openTestMemory({ now: () => now, config: { search: { embedder: "none" } } }));
  return memory;
}

const hit = (score: number, index: number) => ({
  path: `memories/user_m${index}.md`,
  place: `M${index}`,
  line: 7,
  kind: "memory",
  score,
  snippet: `Memory number ${index}.`,
});

describe("mnemo's own tools feed working memory", () => {
  test("memory_search hits, as runMemoryTool returns them, become chunks labelled with file, name and age", async () => {
    const opened = await openHome();
    await opened.memories.save({
      type: "user",
      name: "Pet",
      description: "cat",
      content: "The user's cat is Miso.",
    });
    const args = { query: "cat Miso" };
    const result = await runMemoryTool(opened, "memory_search", args);
    const working = new WorkingMemory();
    expect(working.observeToolResult("memory_search", JSON.stringify(args), result)).toMatchObject({
      extractor: "mnemo-tools",
      chunksKept: 1,
    });
    expect(working.render()).toBe(
      "# Relevant information already retrieved\nFor the current query: cat Miso\n" +
        "## [1] memories/user_pet.md · Pet · updated today (kind: memory, type: user)\nPet cat The user's cat is Miso.",
    );
  });

  test("memory_get's memory is kept whole as a page summary, its age marked once it may be outdated", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const opened = await openHome(now);
    await opened.memories.save({
      type: "project",
      name: "Freeze",
      description: "d",
      content: "Merge freeze on Thursday.",
    });
    now.setTime(now.getTime() + 3 * 86_400_000);
    const working = new WorkingMemory();
    working.observeToolResult(
      "memory_get",
      { name: "Freeze" },
      await runMemoryTool(opened, "memory_get", { name: "Freeze" }),
    );
    expect(working.chunks()).toEqual([
      expect.objectContaining({
        kind: "page-summary",
        relevance: 0.8,
        source: "memories/project_freeze.md · Freeze · updated 3 days ago (may be outdated)",
        content: "Merge freeze on Thursday.",
      }),
    ]);
  });

  test("an MCP client's result (structured content) is recognised too; a failed result keeps nothing", () => {
    const working = new WorkingMemory();
    const data = { query: "q", mode: "bm25", hits: [hit(0.3, 1)] };
    working.observeToolResult(
      "memory_search",
      { query: "q" },
      { content: [{ type: "text", text: "1 match" }], structuredContent: data },
    );
    expect(working.chunks().map((chunk) => chunk.content)).toEqual(["Memory number 1."]);
    const failed = {
      ok: false,
      text: "Error (NOT_FOUND): no",
      data: { error: { code: "NOT_FOUND", message: "no" } },
    };
    expect(working.observeToolResult("memory_get", { name: "x" }, failed)).toMatchObject({
      extractor: "mnemo-tools",
      chunksKept: 0,
    });
  });

  test.prop([fc.array(fc.double({ min: 0.001, max: 3, noNaN: true }), { minLength: 1, maxLength: 20 })])(
    "a hit is kept when its score is at least half the search's best, whatever the scale of the scores",
    (scores) => {
      const working = new WorkingMemory();
      const hits = scores.map(hit);
      working.observeToolResult(
        "memory_search",
        { query: "q" },
        { ok: true, text: "", data: { query: "q", mode: "bm25", hits } },
      );
      const best = Math.max(...scores);
      const relevant = hits.filter((each) => each.score / best >= 0.5);
      const kept = working.chunks();
      expect(kept.length).toBe(Math.min(10, relevant.length));
      expect(kept[0]?.relevance).toBe(1);
      for (const chunk of kept) expect(chunk.relevance).toBeLessThanOrEqual(1);
      expect(kept.every((chunk) => relevant.some((each) => each.snippet === chunk.content))).toBe(true);
    },
  );
});
