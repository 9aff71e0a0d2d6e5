import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { MnemoError } from "../../errors.js";
import { WorkingMemory } from "./working-memory.js";

/**
 * What a program that hands working memory a chunk, a search result or a page summary of the wrong
 * shape is told: the field and what it must be, in a MnemoError INVALID_INPUT, never a TypeError.
 */

type Feed = "chunk" | "search result" | "page summary";

function feed(what: Feed, input: unknown): unknown {
  const memory = new WorkingMemory();
  if (what === "chunk") return memory.addChunk(input as never);
  if (what === "search result") return memory.addSearchResults([input as never]);
  return memory.addPageSummary(input as never);
}

function refusal(what: Feed, input: unknown): string {
  try {
    feed(what, input);
  } catch (error) {
    expect(error).toBeInstanceOf(MnemoError);
    expect((error as MnemoError).code).toBe("INVALID_INPUT");
    return (error as MnemoError).message;
  }
  throw new Error(`expected the ${what} ${JSON.stringify(input)} to be refused`);
}

const valid: Record<Feed, Record<string, unknown>> = {
  chunk: { content: "c", source: "s", relevance: 0.9, kind: "table" },
  "search result": { content: "c", source: "s", score: 0.9 },
  "page summary": { content: "c", source: "s" },
};
const scoreField: Record<Feed, string> = {
  chunk: "relevance",
  "search result": "score",
  "page summary": "relevance",
};
const feeds = Object.keys(valid) as Feed[];

describe("chunk inputs of the wrong shape", () => {
  test.each(feeds)("a %s that is not an object is refused as such", (what) => {
    for (const input of [null, [valid[what]], "text", 3]) {
      expect(refusal(what, input)).toBe(`Cannot keep the ${what}: is not an object.`);
    }
  });

  test.each(feeds)("a %s needs its content and source as strings", (what) => {
    for (const field of ["content", "source"]) {
      for (const wrong of [undefined, 7, ["text"]]) {
        expect(refusal(what, { ...valid[what], [field]: wrong })).toBe(
          `Cannot keep the ${what}: "${field}" must be a string.`,
        );
      }
    }
  });

  test.each(feeds)("a %s's document and location are strings when given", (what) => {
    for (const field of ["document", "location"]) {
      expect(refusal(what, { ...valid[what], [field]: 85 })).toBe(
        `Cannot keep the ${what}: "${field}" must be a string when given.`,
      );
      expect(() => feed(what, { ...valid[what], [field]: "P85" })).not.toThrow();
    }
  });

  test.each(feeds)("a %s's score is a finite number", (what) => {
    for (const wrong of [Number.NaN, Number.POSITIVE_INFINITY, "0.9", null]) {
      expect(refusal(what, { ...valid[what], [scoreField[what]]: wrong })).toBe(
        `Cannot keep the ${what}: "${scoreField[what]}" must be a finite number.`,
      );
    }
  });

  test("a chunk and a search result need their score; a page summary takes the default", () => {
    const { relevance: _relevance, ...chunk } = valid.chunk;
    expect(refusal("chunk", chunk)).toBe('Cannot keep the chunk: "relevance" must be a finite number.');
    const { score: _score, ...result } = valid["search result"];
    expect(refusal("search result", result)).toBe(
      'Cannot keep the search result: "score" must be a finite number.',
    );
    const memory = new WorkingMemory({ pageSummaryRelevance: 0.7 });
    expect(memory.addPageSummary({ content: "c", source: "s" })).toBe(true);
    expect(memory.chunks()[0]).toMatchObject({ relevance: 0.7, kind: "page-summary" });
  });

  test("a chunk's kind is one of the three", () => {
    for (const kind of ["bogus", undefined, "Table"]) {
      expect(refusal("chunk", { ...valid.chunk, kind })).toBe(
        'Cannot keep the chunk: "kind" must be one of search-result, page-summary, table.',
      );
    }
    for (const kind of ["search-result", "page-summary", "table"]) {
      expect(feed("chunk", { ...valid.chunk, kind })).toBe(true);
    }
  });

  test("a search result's score becomes the chunk's relevance, its kind search-result", () => {
    const memory = new WorkingMemory();
    memory.addSearchResults([{ content: "c", source: "s", score: 0.75, document: "d", location: "P1" }]);
    expect(memory.chunks()).toEqual([
      {
        key: 'at:["d","P1"]',
        content: "c",
        source: "s",
        relevance: 0.75,
        kind: "search-result",
        recency: 1,
        document: "d",
        location: "P1",
      },
    ]);
  });

  test.prop([fc.constantFrom(...feeds), fc.anything()])(
    "any input is kept, dropped or refused with a MnemoError, never a crash",
    (what, input) => {
      try {
        feed(what, input);
      } catch (error) {
        expect(error).toBeInstanceOf(MnemoError);
      }
    },
  );
});
