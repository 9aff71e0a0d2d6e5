import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { TRUNCATION_MARKER } from "./truncate-text.js";
import { WorkingMemory } from "./working-memory.js";

describe("observeToolResult with the built-in extractors", () => {
  test("get_toc: the result is cached as the TOC of the document in the arguments", () => {
    const memory = new WorkingMemory();
    const toc = '{"title":"Safety rules","chapters":[{"title":"1 Scope","page":1}]}';
    const observation = memory.observeToolResult("get_toc", { reg_id: "angui_2024" }, toc);
    expect(observation).toEqual({
      extractor: "toc",
      tocsCached: ["angui_2024"],
      chunksKept: 0,
      resultCached: false,
    });
    expect(memory.hasToc("angui_2024")).toBe(true);
    expect(memory.getToc("angui_2024")).toBe(toc);
  });

  test("get_toc without a document anywhere is recognised but caches nothing", () => {
    const memory = new WorkingMemory();
    expect(memory.observeToolResult("get_toc", {}, { chapters: [] }).tocsCached).toEqual([]);
    expect(memory.tocDocuments()).toEqual([]);
  });

  test("smart_search / search / retrieve: scored hits become chunks, gated by minRelevance", () => {
    const memory = new WorkingMemory();
    const hits = {
      results: [
        { content: "Neutral grounding", reg_id: "angui_2024", page_num: 85, score: 0.91 },
        { text: "Clearances", source: "gb_50150 section 4", relevance: 0.7 },
        { snippet: "Weak", reg_id: "angui_2024", page_num: 2, score: 0.2 },
        { content: "No score at all" },
      ],
    };
    const observation = memory.observeToolResult(
      "smart_search",
      '{"query":"grounding"}',
      JSON.stringify(hits),
    );
    expect(observation).toMatchObject({ extractor: "search-results", chunksKept: 2 });
    expect(memory.chunks().map((chunk) => [chunk.source, chunk.content, chunk.kind])).toEqual([
      ["angui_2024 P85", "Neutral grounding", "search-result"],
      ["gb_50150 section 4", "Clearances", "search-result"],
    ]);
    memory.observeToolResult("retrieve", { document: "manual" }, [{ chunk: "Bare list", score: 0.6 }]);
    expect(memory.chunks().at(-1)?.source).toBe("manual");
  });

  test("read_page_range: the text becomes a page summary labelled with document and pages", () => {
    const memory = new WorkingMemory();
    const args = { reg_id: "angui_2024", start_page: 85, end_page: 87 };
    const observation = memory.observeToolResult("read_page_range", args, "Section 7.2 requires grounding.");
    expect(observation).toMatchObject({ extractor: "page-summary", chunksKept: 1 });
    expect(memory.chunks()[0]).toMatchObject({
      source: "angui_2024 P85-87",
      relevance: 0.8,
      kind: "page-summary",
      content: "Section 7.2 requires grounding.",
    });
    memory.observeToolResult("read_page_range", args, { content: "Re-read, new wording", score: 0.9 });
    expect(memory.chunks()).toHaveLength(1);
    expect(memory.chunks()[0]).toMatchObject({ content: "Re-read, new wording", relevance: 0.9 });
  });

  test("generic: any tool whose result is scored hits or carries a TOC", () => {
    const memory = new WorkingMemory();
    const hits = {
      hits: [{ content: "From a vector store", document: "notes", location: "L10-20", score: 0.8 }],
    };
    expect(memory.observeToolResult("vector_lookup", { q: "x" }, hits)).toMatchObject({
      extractor: "generic",
      chunksKept: 1,
    });
    expect(memory.chunks()[0]?.source).toBe("notes L10-20");
    const mcpResult = { content: [{ type: "text", text: '{"document":"spec","toc":["1 Intro"]}' }] };
    expect(memory.observeToolResult("outline", {}, mcpResult).tocsCached).toEqual(["spec"]);
    expect(memory.getToc("spec")).toBe(mcpResult);
  });

  test("an unknown tool's result is ignored without error", () => {
    const memory = new WorkingMemory();
    expect(memory.observeToolResult("send_email", { to: "a@b.c" }, "sent")).toEqual({
      extractor: undefined,
      tocsCached: [],
      chunksKept: 0,
      resultCached: false,
    });
    expect(memory.render()).toBe("");
  });

  test("a failed call ({ isError: true }) is neither remembered nor cached", () => {
    const memory = new WorkingMemory({ idempotentTools: ["get_toc"] });
    const failed = { isError: true, content: [{ type: "text", text: "no such document" }] };
    expect(memory.observeToolResult("get_toc", { reg_id: "x" }, failed).extractor).toBeUndefined();
    expect(memory.lookupToolResult("get_toc", { reg_id: "x" })).toBeUndefined();
  });

  test("custom extractors, functions or objects, replace the defaults and are asked in order", () => {
    const memory = new WorkingMemory({
      extractors: [
        function notes(call) {
          return call.toolName === "notes"
            ? { chunks: [{ content: String(call.value), source: "notes", relevance: 1, kind: "table" }] }
            : undefined;
        },
        {
          name: "malformed",
          extract: () => ({ tocs: [{ document: 3 } as never], searchResults: "no" as never }),
        },
      ],
    });
    expect(memory.observeToolResult("notes", {}, "| a | b |")).toMatchObject({
      extractor: "notes",
      chunksKept: 1,
    });
    expect(memory.observeToolResult("anything", {}, {})).toMatchObject({
      extractor: "malformed",
      chunksKept: 0,
    });
    expect(memory.observeToolResult("get_toc", { reg_id: "x" }, "toc").extractor).toBe("malformed");
  });

  const toolNames = fc.constantFrom(
    "get_toc",
    "smart_search",
    "search",
    "retrieve",
    "read_page_range",
    "other",
  );
  const oddResult = fc.oneof(
    fc.anything(),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.constantFrom(null, undefined, "", "{not json", "[1,", { results: null }, { results: [null, 1, "x"] }),
    fc.record({
      results: fc.array(fc.record({ content: fc.anything(), score: fc.anything(), page_num: fc.anything() })),
    }),
  );

  test.prop([toolNames, fc.anything(), oddResult], { numRuns: 300 })(
    "malformed results never throw, and what is kept stays within its bounds",
    (toolName, args, result) => {
      const memory = new WorkingMemory({ idempotentTools: ["search"], maxRenderCharacters: 500 });
      expect(() => memory.observeToolResult(toolName, args, result)).not.toThrow();
      expect(() => memory.lookupToolResult(toolName, args)).not.toThrow();
      expect(memory.chunks().every((chunk) => chunk.relevance >= 0.5)).toBe(true);
      expect(memory.render().length).toBeLessThanOrEqual(1000);
    },
  );

  test("huge strings are truncated when kept, and a TOC larger than the cache is not cached", () => {
    const memory = new WorkingMemory({ maxRenderCharacters: 1000, maxCacheCharacters: 10_000 });
    const huge = "word ".repeat(2_000_000);
    memory.observeToolResult("read_page_range", { reg_id: "big", page: 1 }, huge);
    const kept = memory.chunks()[0]?.content ?? "";
    expect(kept.length).toBeLessThanOrEqual(1000);
    expect(kept.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(memory.observeToolResult("get_toc", { reg_id: "big" }, huge).tocsCached).toEqual([]);
    expect(memory.hasToc("big")).toBe(false);
    expect(memory.render().length).toBeLessThanOrEqual(1000);
  });
});
