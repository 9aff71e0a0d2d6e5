import { describe, expect, test } from "vitest";
import { MnemoError } from "../../errors.js";
import { WorkingMemory } from "./working-memory.js";
import { resolveWorkingMemoryOptions } from "./working-memory-options.js";

/**
 * What a program that configures or feeds working memory wrongly is told: a MnemoError INVALID_INPUT
 * whose message names the option or the input and what is wrong with it, never a TypeError from inside.
 */

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MnemoError);
    const { code, message } = error as MnemoError;
    return { code, message };
  }
  throw new Error("expected a refusal");
}

const optionMessage = (name: string, requirement: string, got: string) =>
  `Working memory option "${name}" ${requirement}; got ${got}. Fix it or leave it out for the default.`;

describe("working memory options", () => {
  test.each([
    ["a string for options", "not options", optionMessage("options", "must be an object", '"not options"')],
    ["null for options", null, optionMessage("options", "must be an object", "null")],
    [
      "a fractional maxChunks",
      { maxChunks: 2.5 },
      optionMessage("maxChunks", "must be a whole number of at least 1", "2.5"),
    ],
    [
      "a maxRenderCharacters under its minimum",
      { maxRenderCharacters: 199 },
      optionMessage("maxRenderCharacters", "must be a whole number of at least 200", "199"),
    ],
    [
      "an object for maxCacheEntries",
      { maxCacheEntries: {} },
      optionMessage("maxCacheEntries", "must be a whole number of at least 1", "an object"),
    ],
    [
      "an array for maxCacheCharacters",
      { maxCacheCharacters: [5] },
      optionMessage("maxCacheCharacters", "must be a whole number of at least 1", "an array"),
    ],
    [
      "a long string for maxChunks, quoted to 40 characters",
      { maxChunks: "x".repeat(60) },
      optionMessage("maxChunks", "must be a whole number of at least 1", JSON.stringify("x".repeat(40))),
    ],
    [
      "NaN for pageSummaryRelevance",
      { pageSummaryRelevance: Number.NaN },
      optionMessage("pageSummaryRelevance", "must be a finite number", "NaN"),
    ],
    [
      "a boolean for minRelevance",
      { minRelevance: true },
      optionMessage("minRelevance", "must be a finite number", "true"),
    ],
    [
      "a number for tocToolName",
      { tocToolName: 5 },
      optionMessage("tocToolName", "must name a tool (a non-empty string)", "5"),
    ],
    [
      "a blank tocToolName",
      { tocToolName: "   " },
      optionMessage("tocToolName", "must name a tool (a non-empty string)", '"   "'),
    ],
    [
      "a function for idempotentTools",
      { idempotentTools: () => [] },
      optionMessage("idempotentTools", "must be an array", "a function"),
    ],
    [
      "a string for extractors",
      { extractors: "all" },
      optionMessage("extractors", "must be an array", '"all"'),
    ],
    [
      "null among the extractors",
      { extractors: [null] },
      optionMessage("extractors", "must hold functions or objects with an extract method", "null"),
    ],
    [
      "an object without extract among the extractors",
      { extractors: [{ name: "x" }] },
      optionMessage("extractors", "must hold functions or objects with an extract method", "an object"),
    ],
  ])("%s is refused, naming the option", (_, options, message) => {
    expect(refusal(() => resolveWorkingMemoryOptions(options as never))).toEqual({
      code: "INVALID_INPUT",
      message,
    });
  });

  test("an unknown option is refused with the list of known ones", () => {
    expect(refusal(() => new WorkingMemory({ maxChunk: 3 } as never)).message).toBe(
      'Unknown working memory option "maxChunk"; the options are maxChunks, minRelevance, pageSummaryRelevance, ' +
        "maxRenderCharacters, tocToolName, idempotentTools, maxCacheEntries, maxCacheCharacters, extractors.",
    );
  });

  test("by default no tool's results are cached, and the TOC tool is get_toc", () => {
    const memory = new WorkingMemory();
    expect(resolveWorkingMemoryOptions({}).idempotentTools).toEqual([]);
    memory.observeToolResult("Stryker was here", { q: 1 }, { text: "answer" });
    expect(memory.lookupToolResult("Stryker was here", { q: 1 })).toBeUndefined();
  });

  test("the default extractors read TOCs from the configured TOC tool", () => {
    const memory = new WorkingMemory({ tocToolName: "table_of_contents" });
    memory.cacheToc("manual", { chapters: ["1 Scope"] });
    expect(memory.lookupToolResult("table_of_contents", { document: "manual" })).toEqual({
      result: { chapters: ["1 Scope"] },
      from: "toc-cache",
    });
    expect(memory.lookupToolResult("get_toc", { document: "manual" })).toBeUndefined();
  });
});

describe("working memory inputs", () => {
  const memory = () => new WorkingMemory();

  test("a TOC must be given for a named document", () => {
    for (const toc of [undefined, null]) {
      expect(refusal(() => memory().cacheToc("manual", toc))).toEqual({
        code: "INVALID_INPUT",
        message: 'The table of contents of "manual" is empty; give the TOC.',
      });
    }
    for (const document of [5, "  "]) {
      expect(refusal(() => memory().cacheToc(document as never, { a: 1 }))).toEqual({
        code: "INVALID_INPUT",
        message: "The document of a table of contents must be a non-empty string.",
      });
    }
  });

  test("a bad chunk, search result or page summary is refused, naming which", () => {
    expect(refusal(() => memory().addChunk({ content: 1 } as never)).message).toBe(
      'Cannot keep the chunk: "content" must be a string.',
    );
    expect(refusal(() => memory().addSearchResults([{ content: "x" } as never])).message).toBe(
      'Cannot keep the search result: "source" must be a string.',
    );
    expect(refusal(() => memory().addPageSummary("text" as never)).message).toBe(
      "Cannot keep the page summary: is not an object.",
    );
  });

  test("a blank chunk is not kept and says so", () => {
    const wm = memory();
    expect(wm.addChunk({ content: "   ", source: "s", relevance: 0.9, kind: "search-result" })).toBe(false);
    expect(wm.chunks()).toEqual([]);
  });
});
