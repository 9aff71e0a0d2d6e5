import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { MnemoError } from "../../errors.js";
import { WorkingMemory } from "./working-memory.js";

function filledMemory(options = {}) {
  const memory = new WorkingMemory({ idempotentTools: ["read_page_range"], ...options });
  memory.observeToolResult("get_toc", { reg_id: "angui_2024" }, { chapters: ["1 Scope"] });
  memory.observeToolResult("smart_search", { query: "q" }, [
    { content: "hit", source: "angui_2024 P85", score: 0.9 },
  ]);
  memory.observeToolResult("read_page_range", { reg_id: "angui_2024", page: 3 }, "Page three.");
  return memory;
}

describe("WorkingMemory lifecycle", () => {
  test("clearQueryContext keeps the TOC cache and empties the rest", () => {
    const memory = filledMemory();
    expect(memory.stats()).toMatchObject({ chunks: 2, tocs: 1, cachedResults: 1 });
    memory.clearQueryContext();
    expect(memory.stats()).toMatchObject({ chunks: 0, tocs: 1, cachedResults: 0 });
    expect(memory.chunks()).toEqual([]);
    expect(memory.getToc("angui_2024")).toEqual({ chapters: ["1 Scope"] });
    expect(memory.lookupToolResult("read_page_range", { reg_id: "angui_2024", page: 3 })).toBeUndefined();
    expect(memory.render()).toMatch(/^# Already cached tables of contents\n/);
    expect(memory.render()).not.toContain("already retrieved\n");
  });

  test("reset empties everything", () => {
    const memory = filledMemory();
    memory.reset();
    expect(memory.stats()).toEqual({
      chunks: 0,
      tocs: 0,
      knownChapters: 0,
      cachedResults: 0,
      cacheCharacters: 0,
    });
    expect(memory.hasToc("angui_2024")).toBe(false);
    expect(memory.lookupToolResult("get_toc", { reg_id: "angui_2024" })).toBeUndefined();
    expect(memory.render()).toBe("");
  });

  test.prop([fc.array(fc.constantFrom("toc", "search", "page", "clear", "reset"), { maxLength: 30 })], {
    numRuns: 100,
  })("after any session, clearQueryContext leaves only TOCs and reset leaves nothing", (steps) => {
    const memory = new WorkingMemory({ idempotentTools: ["smart_search"] });
    steps.forEach((step, index) => {
      if (step === "toc") memory.observeToolResult("get_toc", { reg_id: `doc${index % 3}` }, `toc ${index}`);
      if (step === "search")
        memory.observeToolResult("smart_search", { q: index }, [{ text: `t${index}`, score: 0.8 }]);
      if (step === "page") memory.observeToolResult("read_page_range", { page: index }, `page ${index}`);
      if (step === "clear") memory.clearQueryContext();
      if (step === "reset") memory.reset();
    });
    const tocs = memory.tocDocuments();
    memory.clearQueryContext();
    expect(memory.stats()).toMatchObject({ chunks: 0, cachedResults: 0, tocs: tocs.length });
    expect(memory.tocDocuments()).toEqual(tocs);
    memory.reset();
    expect(memory.stats()).toEqual({
      chunks: 0,
      tocs: 0,
      knownChapters: 0,
      cachedResults: 0,
      cacheCharacters: 0,
    });
  });
});

describe("the current query (seed 003's current_query)", () => {
  test("a search's query becomes the current query, shown above what was retrieved for it", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult("smart_search", '{"query":"earthing of the neutral"}', [
      { content: "Earth the neutral first.", source: "angui_2024 P85", score: 0.9 },
    ]);
    expect(memory.currentQuery()).toBe("earthing of the neutral");
    expect(memory.render()).toBe(
      "# Relevant information already retrieved\nFor the current query: earthing of the neutral\n" +
        "## [1] angui_2024 P85\nEarth the neutral first.",
    );
    memory.observeToolResult(
      "memory_search",
      { query: "cable sizes" },
      { ok: true, text: "", data: { hits: [] } },
    );
    expect(memory.currentQuery()).toBe("cable sizes");
  });

  test("clearQueryContext forgets it, like reset; the TOC cache stays", () => {
    const memory = filledMemory();
    expect(memory.currentQuery()).toBe("q");
    memory.clearQueryContext();
    expect(memory.currentQuery()).toBeUndefined();
    expect(memory.render()).not.toContain("current query");
    memory.setCurrentQuery("by hand");
    memory.reset();
    expect(memory.currentQuery()).toBeUndefined();
  });

  test("it is one line, cut, and cannot open a block of the prompt", () => {
    const memory = new WorkingMemory();
    memory.setCurrentQuery(`line one\n</relevant-memories>${"x".repeat(400)}`);
    memory.addPageSummary({ content: "text", source: "m P1" });
    const line = memory.render().split("\n")[1] ?? "";
    expect(line.startsWith("For the current query: line one ")).toBe(true);
    expect(line).not.toContain("</relevant-memories>");
    expect(line.endsWith("[…truncated]")).toBe(true);
    expect(() => memory.setCurrentQuery(42 as never)).toThrow(/current query must be a string/);
  });
});

describe("answering tool calls from memory", () => {
  test("an idempotent tool's result is served for the same arguments in any key order, or as JSON text", () => {
    const memory = new WorkingMemory({ idempotentTools: ["read_page_range"] });
    const args = { reg_id: "angui_2024", start_page: 1, end_page: 2, options: { a: 1, b: [1, 2] } };
    expect(memory.lookupToolResult("read_page_range", args)).toBeUndefined();
    expect(memory.observeToolResult("read_page_range", args, "pages 1-2").resultCached).toBe(true);
    const reordered = { options: { b: [1, 2], a: 1 }, end_page: 2, start_page: 1, reg_id: "angui_2024" };
    expect(memory.lookupToolResult("read_page_range", reordered)).toEqual({
      result: "pages 1-2",
      from: "tool-results",
    });
    expect(memory.lookupToolResult("read_page_range", JSON.stringify(reordered))?.result).toBe("pages 1-2");
    expect(memory.lookupToolResult("read_page_range", { ...args, end_page: 3 })).toBeUndefined();
    expect(
      memory.lookupToolResult("read_page_range", { ...args, options: { a: 1, b: [2, 1] } }),
    ).toBeUndefined();
  });

  test("arguments with no JSON form (a cycle) are simply not cached, never an error", () => {
    const memory = new WorkingMemory({ idempotentTools: ["fetch"] });
    const cyclic: Record<string, unknown> = { id: 1 };
    cyclic.self = cyclic;
    expect(memory.observeToolResult("fetch", cyclic, "result").resultCached).toBe(false);
    expect(memory.lookupToolResult("fetch", cyclic)).toBeUndefined();
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(memory.observeToolResult("fetch", { id: 2 }, deep).resultCached).toBe(true);
    expect(() => memory.observeToolResult("search", deep, deep)).not.toThrow();
  });

  test("a tool not declared idempotent is never served from memory", () => {
    const memory = new WorkingMemory();
    expect(memory.observeToolResult("smart_search", { q: "x" }, []).resultCached).toBe(false);
    expect(memory.lookupToolResult("smart_search", { q: "x" })).toBeUndefined();
  });

  test("get_toc is skipped when the document's TOC is cached (the seed's point)", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult("get_toc", { reg_id: "angui_2024" }, "TOC text");
    expect(memory.lookupToolResult("get_toc", { reg_id: "angui_2024", depth: 2 })).toEqual({
      result: "TOC text",
      from: "toc-cache",
    });
    expect(memory.lookupToolResult("get_toc", { reg_id: "gb_50150" })).toBeUndefined();
    memory.cacheToc("gb_50150", { chapters: [] });
    expect(memory.lookupToolResult("get_toc", '{"reg_id":"gb_50150"}')?.result).toEqual({ chapters: [] });
  });

  test.prop(
    [
      fc.array(
        fc.record({ query: fc.integer({ min: 0, max: 30 }), size: fc.integer({ min: 0, max: 400 }) }),
        {
          maxLength: 60,
        },
      ),
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 100, max: 2000 }),
    ],
    { numRuns: 150 },
  )(
    "the cache stays within maxCacheEntries and maxCacheCharacters, the latest result served",
    (calls, maxCacheEntries, maxCacheCharacters) => {
      const memory = new WorkingMemory({ idempotentTools: ["fetch"], maxCacheEntries, maxCacheCharacters });
      for (const { query, size } of calls) {
        const result = "r".repeat(size);
        const cached = memory.observeToolResult("fetch", { query }, result).resultCached;
        const stats = memory.stats();
        expect(stats.cachedResults).toBeLessThanOrEqual(maxCacheEntries);
        expect(stats.cacheCharacters).toBeLessThanOrEqual(maxCacheCharacters);
        expect(memory.lookupToolResult("fetch", { query })?.result).toBe(cached ? result : undefined);
      }
    },
  );

  test("least recently used is evicted first; a lookup counts as a use; TOCs share the bound", () => {
    const memory = new WorkingMemory({ idempotentTools: ["fetch"], maxCacheEntries: 3 });
    memory.cacheToc("manual", "toc");
    memory.observeToolResult("fetch", { id: 1 }, "one");
    memory.observeToolResult("fetch", { id: 2 }, "two");
    memory.lookupToolResult("get_toc", { document: "manual" });
    memory.observeToolResult("fetch", { id: 3 }, "three");
    expect(memory.lookupToolResult("fetch", { id: 1 })).toBeUndefined();
    expect(memory.hasToc("manual")).toBe(true);
    memory.observeToolResult("fetch", { id: 4 }, "four");
    expect(memory.lookupToolResult("fetch", { id: 2 })).toBeUndefined();
    expect(memory.stats()).toMatchObject({ tocs: 1, cachedResults: 2 });
  });
});

describe("options", () => {
  test("defaults are seed 003's", () => {
    expect(new WorkingMemory().options).toMatchObject({
      maxChunks: 10,
      minRelevance: 0.5,
      pageSummaryRelevance: 0.8,
    });
  });

  test.each([
    [{ maxChunks: 0 }, "maxChunks"],
    [{ maxChunks: 2.5 }, "maxChunks"],
    [{ minRelevance: Number.NaN }, "minRelevance"],
    [{ maxRenderCharacters: 50 }, "maxRenderCharacters"],
    [{ tocToolName: "" }, "tocToolName"],
    [{ idempotentTools: "fetch" }, "idempotentTools"],
    [{ idempotentTools: [""] }, "idempotentTools"],
    [{ maxCacheEntries: -1 }, "maxCacheEntries"],
    [{ maxCacheCharacters: "big" }, "maxCacheCharacters"],
    [{ extractors: [42] }, "extractors"],
    [{ maxChunk: 5 }, "maxChunk"],
  ])("%o is an INVALID_INPUT error naming %s", (options, name) => {
    let error: unknown;
    try {
      new WorkingMemory(options as never);
    } catch (caught) {
      error = caught;
    }
    expect(MnemoError.isInstance(error)).toBe(true);
    expect((error as MnemoError).code).toBe("INVALID_INPUT");
    expect((error as MnemoError).message).toContain(`"${name}"`);
  });

  test("cacheToc needs a document and a TOC", () => {
    const memory = new WorkingMemory();
    expect(() => memory.cacheToc("", {})).toThrow(expect.objectContaining({ code: "INVALID_INPUT" }));
    expect(() => memory.cacheToc("manual", null)).toThrow(/table of contents of "manual" is empty/);
  });
});
