import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { ToolResultExtraction } from "./tool-result-extractor.js";
import { WorkingMemory } from "./working-memory.js";

/**
 * How a tool result reaches working memory: which extractor handles it, and which of a (possibly
 * custom, possibly malformed) extraction's items are kept, counted in the observation the caller sees.
 */

function withExtraction(extraction: unknown, options = {}): WorkingMemory {
  return new WorkingMemory({
    ...options,
    extractors: [{ name: "fixed", extract: () => extraction as never }],
  });
}

const chunk = { content: "A table", source: "notes", relevance: 0.9, kind: "table" } as const;
const hit = { content: "A hit", source: "search", score: 0.8 };
const page = { content: "A page", source: "manual P2" };

describe("an extraction's items", () => {
  test("chunks, search results and page summaries kept are counted together", () => {
    const memory = withExtraction({ chunks: [chunk], searchResults: [hit], pageSummaries: [page] });
    expect(memory.observeToolResult("any", {}, "x")).toEqual({
      extractor: "fixed",
      tocsCached: [],
      chunksKept: 3,
      resultCached: false,
    });
    // Kept in that order, so on the tie at 0.8 the page summary, seen last, comes first.
    expect(memory.chunks().map((each) => [each.content, each.relevance, each.kind])).toEqual([
      ["A table", 0.9, "table"],
      ["A page", 0.8, "page-summary"],
      ["A hit", 0.8, "search-result"],
    ]);
  });

  test("malformed items are skipped and the rest kept, never thrown", () => {
    const memory = withExtraction({
      chunks: [{ ...chunk, kind: "bogus" }, { content: 1 }, chunk],
      searchResults: [{ ...hit, score: "high" }, null, hit],
      pageSummaries: [{ ...page, relevance: Number.NaN }, [page], page],
    });
    expect(memory.observeToolResult("any", {}, "x").chunksKept).toBe(3);
    expect(memory.chunks()).toHaveLength(3);
  });

  test("items below minRelevance are not counted as kept", () => {
    const memory = withExtraction({
      chunks: [{ ...chunk, relevance: 0.1 }],
      searchResults: [{ ...hit, score: 0.2 }],
      pageSummaries: [{ ...page, relevance: 0.3 }],
    });
    expect(memory.observeToolResult("any", {}, "x").chunksKept).toBe(0);
    expect(memory.render()).toBe("");
  });

  test("lists that are not lists are read as empty", () => {
    const memory = withExtraction({
      tocs: "toc",
      chunks: { 0: chunk },
      searchResults: 5,
      pageSummaries: page,
    });
    expect(memory.observeToolResult("any", {}, "x")).toMatchObject({ tocsCached: [], chunksKept: 0 });
  });

  test("a TOC needs a named document and a TOC; the others are skipped", () => {
    const memory = withExtraction({
      tocs: [
        null,
        "spec",
        { document: "  ", toc: ["1"] },
        { document: "nothing", toc: null },
        { document: "missing" },
        { document: "spec", toc: ["1 Intro"] },
      ],
    });
    expect(memory.observeToolResult("any", {}, "x").tocsCached).toEqual(["spec"]);
    expect(memory.tocDocuments()).toEqual(["spec"]);
    expect(memory.getToc("spec")).toEqual(["1 Intro"]);
  });

  test("an extraction that is not an object keeps nothing", () => {
    for (const extraction of [null, "chunks", [chunk]] as unknown[]) {
      expect(withExtraction(extraction).observeToolResult("any", {}, "x")).toEqual({
        extractor: "fixed",
        tocsCached: [],
        chunksKept: 0,
        resultCached: false,
      });
    }
  });
});

describe("which calls are observed", () => {
  test("a call without a tool name is not observed, even when its result looks like hits", () => {
    const memory = new WorkingMemory();
    const hits = [{ content: "orphan", score: 0.9 }];
    expect(memory.observeToolResult(undefined as never, {}, hits)).toEqual({
      extractor: undefined,
      tocsCached: [],
      chunksKept: 0,
      resultCached: false,
    });
    expect(memory.chunks()).toEqual([]);
  });

  test("an idempotent tool's result is cached even when no extractor recognises it", () => {
    const memory = new WorkingMemory({ idempotentTools: ["weather"] });
    expect(memory.observeToolResult("weather", { city: "Oslo" }, "Snow")).toEqual({
      extractor: undefined,
      tocsCached: [],
      chunksKept: 0,
      resultCached: true,
    });
    expect(memory.lookupToolResult("weather", '{"city":"Oslo"}')).toEqual({
      result: "Snow",
      from: "tool-results",
    });
  });

  test("an anonymous extractor function is reported as the custom extractor", () => {
    const memory = new WorkingMemory({ extractors: [() => ({ chunks: [chunk] })] });
    expect(memory.observeToolResult("any", {}, "x")).toMatchObject({
      extractor: "custom extractor",
      chunksKept: 1,
    });
  });

  test("the extractor is given the arguments and the result parsed, and the result as it came", () => {
    const seen: unknown[] = [];
    const memory = new WorkingMemory({
      extractors: [
        (call) => {
          seen.push(call);
          return undefined;
        },
      ],
    });
    const result = { content: [{ type: "text", text: '{"rows":2}' }] };
    memory.observeToolResult("query", '{"sql":"select"}', result);
    expect(seen).toEqual([{ toolName: "query", args: { sql: "select" }, result, value: { rows: 2 } }]);
  });

  test.prop([fc.anything()])("an extraction of any shape never makes observing throw", (extraction) => {
    const observe = () =>
      withExtraction(extraction as ToolResultExtraction).observeToolResult("any", {}, "x");
    expect(observe).not.toThrow();
  });
});
