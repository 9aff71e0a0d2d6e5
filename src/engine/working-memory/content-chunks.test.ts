import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { compareChunks } from "./content-chunks.js";
import { WorkingMemory } from "./working-memory.js";

const chunkInput = fc.record({
  content: fc.constantFrom("alpha", "beta", "gamma", "delta", "epsilon", " ", "zeta eta theta"),
  source: fc.constantFrom("doc P1", "doc P2", "other P9"),
  relevance: fc.oneof(fc.double({ min: -1, max: 2, noNaN: true }), fc.constantFrom(0.5, 0.49999, 1)),
  kind: fc.constantFrom("search-result" as const, "page-summary" as const, "table" as const),
  document: fc.option(fc.constantFrom("doc", "other"), { nil: undefined }),
  location: fc.option(fc.constantFrom("P1", "P2", "P3"), { nil: undefined }),
});
const limits = fc.record({
  maxChunks: fc.integer({ min: 1, max: 6 }),
  minRelevance: fc.double({ min: -0.5, max: 1.5, noNaN: true }),
});

describe("content chunks (seed 003)", () => {
  test.prop([fc.array(chunkInput, { maxLength: 60 }), limits], { numRuns: 300 })(
    "never more than maxChunks, never one below minRelevance, always sorted, each key once",
    (inputs, { maxChunks, minRelevance }) => {
      const memory = new WorkingMemory({ maxChunks, minRelevance });
      for (const input of inputs) {
        memory.addChunk(input);
        const chunks = memory.chunks();
        expect(chunks.length).toBeLessThanOrEqual(maxChunks);
        expect(chunks.every((chunk) => chunk.relevance >= minRelevance)).toBe(true);
        expect([...chunks].sort(compareChunks)).toEqual(chunks);
        expect(new Set(chunks.map((chunk) => chunk.key)).size).toBe(chunks.length);
      }
      const admitted = inputs.filter(
        (input) => input.relevance >= minRelevance && input.content.trim() !== "",
      );
      const top = Math.max(...admitted.map((input) => input.relevance));
      expect(memory.chunks()[0]?.relevance).toBe(admitted.length === 0 ? undefined : top);
    },
  );

  test("the same chunk seen twice is kept once, with the higher relevance and the new recency", () => {
    const memory = new WorkingMemory();
    const page = {
      source: "angui_2024 P85",
      kind: "search-result" as const,
      document: "angui_2024",
      location: "P85",
    };
    memory.addChunk({ ...page, content: "first wording", relevance: 0.9 });
    memory.addChunk({ ...page, content: "Other", source: "other", relevance: 0.7, document: undefined });
    memory.addChunk({ ...page, content: "second wording", relevance: 0.6 });
    expect(memory.chunks().map((chunk) => [chunk.content, chunk.relevance, chunk.recency])).toEqual([
      ["first wording", 0.9, 3],
      ["Other", 0.7, 2],
    ]);
    memory.addChunk({ ...page, content: "third wording", relevance: 0.95 });
    expect(memory.chunks()[0]).toMatchObject({ content: "third wording", relevance: 0.95 });
    expect(memory.chunks()).toHaveLength(2);
  });

  test("without a document and location, the content identifies a chunk", () => {
    const memory = new WorkingMemory();
    memory.addSearchResults([
      { content: "Same text", source: "search A", score: 0.7 },
      { content: "  Same text\n", source: "search B", score: 0.8 },
      { content: "Different text", source: "search A", score: 0.7 },
    ]);
    expect(memory.chunks().map((chunk) => chunk.source)).toEqual(["search B", "search A"]);
  });

  test("ties in relevance: the most recently seen first; below the gate: not kept; beyond the cap: the lowest dropped", () => {
    const memory = new WorkingMemory({ maxChunks: 3 });
    const add = (content: string, relevance: number) =>
      memory.addChunk({ content, source: content, relevance, kind: "search-result" });
    expect(add("a", 0.6)).toBe(true);
    expect(add("b", 0.6)).toBe(true);
    expect(add("low", 0.49)).toBe(false);
    expect(add("c", 0.9)).toBe(true);
    expect(add("d", 0.55)).toBe(false);
    expect(add("e", 0.7)).toBe(true);
    expect(memory.chunks().map((chunk) => chunk.content)).toEqual(["c", "e", "b"]);
  });

  test("defaults are the seed's: 10 chunks, relevance at least 0.5, pages at 0.8", () => {
    const memory = new WorkingMemory();
    for (let index = 0; index < 15; index++) {
      memory.addSearchResults([{ content: `hit ${index}`, source: `P${index}`, score: 0.5 + index / 100 }]);
    }
    memory.addPageSummary({ content: "A page", source: "angui_2024 P3" });
    expect(memory.chunks()).toHaveLength(10);
    expect(memory.chunks()[0]).toMatchObject({ content: "A page", relevance: 0.8, kind: "page-summary" });
    expect(memory.chunks().at(-1)?.content).toBe("hit 6");
  });

  test("a direct call with a wrong shape is an INVALID_INPUT error that names the field", () => {
    const memory = new WorkingMemory();
    const bad = { content: "x", source: "s", relevance: Number.NaN, kind: "search-result" } as const;
    expect(() => memory.addChunk(bad)).toThrow(/"relevance" must be a finite number/);
    expect(() => memory.addSearchResults([{ content: "x", source: "s", score: "high" as never }])).toThrow(
      expect.objectContaining({ code: "INVALID_INPUT", message: expect.stringContaining('"score"') }),
    );
    expect(() => memory.addChunk({ ...bad, relevance: 1, kind: "note" as never })).toThrow(/"kind"/);
  });
});
