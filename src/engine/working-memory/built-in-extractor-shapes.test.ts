import { describe, expect, test } from "vitest";
import {
  defaultExtractors,
  genericExtractor,
  pageSummaryExtractor,
  searchResultsExtractor,
  tocExtractor,
} from "./built-in-extractors.js";
import { WorkingMemory } from "./working-memory.js";

/**
 * Which tool-result shapes each built-in extractor recognises and what the model is then shown: the
 * chunk's label, relevance and identity (its key: document and location, else a hash of the text).
 */

const view = (memory: WorkingMemory) =>
  memory.chunks().map(({ key, source, content, relevance }) => ({ key, source, content, relevance }));

describe("the TOC extractor", () => {
  test("the document comes from the arguments, else from the result; the arguments win", () => {
    const memory = new WorkingMemory();
    const fromResult = { document: "spec", chapters: ["1 Intro"] };
    expect(memory.observeToolResult("get_toc", {}, fromResult).tocsCached).toEqual(["spec"]);
    expect(
      memory.observeToolResult("get_toc", { reg_id: "angui" }, { document: "other" }).tocsCached,
    ).toEqual(["angui"]);
    expect(memory.tocDocuments()).toEqual(["angui", "spec"]);
  });

  test("an empty result (null data, empty text) is recognised and caches nothing", () => {
    const memory = new WorkingMemory();
    for (const empty of [
      "",
      { content: [{ type: "text", text: "" }] },
      { content: [], structuredContent: null },
    ]) {
      expect(memory.observeToolResult("get_toc", { reg_id: "angui" }, empty)).toMatchObject({
        extractor: "toc",
        tocsCached: [],
      });
    }
    expect(memory.hasToc("angui")).toBe(false);
  });

  test("on its own it answers get_toc, or the tools it is given", () => {
    const byDefault = new WorkingMemory({ extractors: [tocExtractor()] });
    expect(byDefault.observeToolResult("get_toc", { doc_id: "a" }, ["1"]).tocsCached).toEqual(["a"]);
    expect(byDefault.lookupToolResult("get_toc", { doc_id: "a" })).toEqual({
      result: ["1"],
      from: "toc-cache",
    });
    expect(byDefault.lookupToolResult("read_page_range", { doc_id: "a" })).toBeUndefined();
    const outline = new WorkingMemory({ extractors: [tocExtractor({ tools: ["outline"] })] });
    expect(outline.observeToolResult("get_toc", { doc_id: "a" }, ["1"]).extractor).toBeUndefined();
    expect(outline.observeToolResult("outline", { doc_id: "a" }, ["1"]).tocsCached).toEqual(["a"]);
  });
});

describe("the search-results extractor", () => {
  test.each(["smart_search", "search", "retrieve"])("%s is recognised even with no hits", (tool) => {
    expect(new WorkingMemory().observeToolResult(tool, {}, { results: [] })).toMatchObject({
      extractor: "search-results",
      chunksKept: 0,
    });
  });

  test("a hit is labelled by its source, else its document and location, else the tool", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult("search", { doc_id: "fallback" }, [
      { content: "labelled", source: "  the manual  ", document: "d", page: 4, score: 0.9 },
      { content: "located", document: "d", section: "4.2", score: 0.8 },
      { content: "fallback document", score: 0.7 },
    ]);
    memory.observeToolResult("search", {}, [{ content: "nothing known", score: 0.6 }]);
    expect(view(memory)).toEqual([
      { key: 'at:["d","P4"]', source: "the manual", content: "labelled", relevance: 0.9 },
      { key: 'at:["d","4.2"]', source: "d 4.2", content: "located", relevance: 0.8 },
      {
        key: expect.stringMatching(/^content:/),
        source: "fallback",
        content: "fallback document",
        relevance: 0.7,
      },
      { key: expect.stringMatching(/^content:/), source: "search", content: "nothing known", relevance: 0.6 },
    ]);
  });

  test("on its own it answers the tools it is given", () => {
    const memory = new WorkingMemory({ extractors: [searchResultsExtractor({ tools: ["lookup"] })] });
    expect(memory.observeToolResult("search", {}, []).extractor).toBeUndefined();
    expect(memory.observeToolResult("lookup", {}, [{ text: "t", score: 1 }]).chunksKept).toBe(1);
  });
});

describe("the page-summary extractor", () => {
  test("document and pages from the result when the arguments lack them; else the tool names it", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult("read_page_range", {}, { text: "From the result", document: "d", page: 3 });
    memory.observeToolResult("read_page_range", {}, { content: "Unlabelled" });
    expect(view(memory)).toEqual([
      {
        key: expect.stringMatching(/^content:/),
        source: "read_page_range",
        content: "Unlabelled",
        relevance: 0.8,
      },
      { key: 'at:["d","P3"]', source: "d P3", content: "From the result", relevance: 0.8 },
    ]);
  });

  test("the arguments' document and pages win over the result's", () => {
    const memory = new WorkingMemory();
    const args = { reg_id: "args", page: 1 };
    memory.observeToolResult("read_page_range", args, { content: "Text", document: "result", page: 9 });
    expect(view(memory)).toEqual([
      { key: 'at:["args","P1"]', source: "args P1", content: "Text", relevance: 0.8 },
    ]);
  });

  test("a result without text is recognised and keeps nothing", () => {
    const memory = new WorkingMemory();
    expect(memory.observeToolResult("read_page_range", { page: 1 }, { pages: 2 })).toEqual({
      extractor: "page-summary",
      tocsCached: [],
      chunksKept: 0,
      resultCached: false,
    });
  });

  test("on its own it answers the tools it is given", () => {
    const memory = new WorkingMemory({ extractors: [pageSummaryExtractor({ tools: ["open_page"] })] });
    expect(memory.observeToolResult("read_page_range", {}, "text").extractor).toBeUndefined();
    expect(memory.observeToolResult("open_page", {}, "text").extractor).toBe("page-summary");
  });
});

describe("the generic extractor", () => {
  const generic = () => new WorkingMemory({ extractors: [genericExtractor()] });

  test("a result with a TOC is cached under the result's document, else the arguments'", () => {
    const memory = generic();
    expect(memory.observeToolResult("outline", { document: "args" }, { toc: ["1"] }).tocsCached).toEqual([
      "args",
    ]);
    const both = { document: "result", toc: ["2"] };
    expect(memory.observeToolResult("outline", { document: "args" }, both).tocsCached).toEqual(["result"]);
  });

  test("a null TOC, or a TOC of no document, is not a TOC", () => {
    const memory = generic();
    expect(memory.observeToolResult("outline", {}, { document: "d", toc: null }).extractor).toBeUndefined();
    expect(memory.observeToolResult("outline", {}, { toc: ["1"] }).extractor).toBeUndefined();
    expect(memory.tocDocuments()).toEqual([]);
  });

  test("a result naming a document but holding no TOC is not a TOC: its hits are read", () => {
    const memory = generic();
    const args = { document: "d" };
    const result = { document: "d", results: [{ content: "Hit", score: 0.9 }] };
    expect(memory.observeToolResult("vector_lookup", args, result)).toMatchObject({
      tocsCached: [],
      chunksKept: 1,
    });
    expect(memory.observeToolResult("vector_lookup", args, "plain text").extractor).toBeUndefined();
    expect(memory.tocDocuments()).toEqual([]);
  });

  test("a list is recognised only when it holds scored hits with text", () => {
    const memory = generic();
    for (const list of [[{ content: "no score" }], [{ score: 0.9 }], [1, "two"], { results: [] }]) {
      expect(memory.observeToolResult("vector_lookup", {}, list).extractor).toBeUndefined();
    }
    expect(
      memory.observeToolResult("vector_lookup", {}, [{ summary: "s", relevance_score: 0.9 }]).extractor,
    ).toBe("generic");
  });

  test("it answers no TOC lookups", () => {
    const memory = generic();
    memory.cacheToc("d", ["1"]);
    expect(memory.lookupToolResult("get_toc", { document: "d" })).toBeUndefined();
  });
});

test("the defaults ask mnemo's tools, the TOC tool, search, pages and the generic extractor, in order", () => {
  expect(defaultExtractors().map((extractor) => extractor.name)).toEqual([
    "mnemo-tools",
    "toc",
    "search-results",
    "page-summary",
    "generic",
  ]);
  expect(defaultExtractors()[1]?.tocDocument?.("get_toc", { document: "d" })).toBe("d");
  const [, toc] = defaultExtractors({ tocToolName: "outline" });
  expect(toc?.tocDocument?.("outline", { document: "d" })).toBe("d");
  expect(toc?.tocDocument?.("get_toc", { document: "d" })).toBeUndefined();
});
