import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { boundedMetadata } from "./chunk-metadata.js";
import { WorkingMemory } from "./working-memory.js";

/** Seed 003's ContentChunk.metadata: fed by the tool result, shown after the chunk's source. */
describe("chunk metadata (seed 003's metadata)", () => {
  test("a hit's other fields, and a document's own metadata, are kept and shown after its source", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult("smart_search", { query: "clearance" }, [
      {
        content: "Keep 0.7 m at 10 kV.",
        reg_id: "gb_50150",
        page: 12,
        score: 0.9,
        table: "4-1",
        voltage_kv: 10,
      },
      { page_content: "Earth first.", metadata: { source: "manual.pdf", page: 3 }, score: 0.8 },
    ]);
    expect(memory.chunks().map((chunk) => chunk.metadata)).toEqual([
      { table: "4-1", voltage_kv: 10 },
      { source: "manual.pdf", page: 3 },
    ]);
    expect(memory.render()).toContain(
      "## [1] gb_50150 P12 (table: 4-1, voltage_kv: 10)\nKeep 0.7 m at 10 kV.",
    );
    expect(memory.render()).toContain("## [2] smart_search (source: manual.pdf, page: 3)\nEarth first.");
  });

  test("given directly, it must hold strings, numbers or booleans; the error names the field", () => {
    const memory = new WorkingMemory();
    const chunk = { content: "c", source: "s", relevance: 0.9, kind: "table" as const };
    expect(memory.addChunk({ ...chunk, metadata: { table: "3-1", rows: 4, verified: true } })).toBe(true);
    expect(() => memory.addChunk({ ...chunk, metadata: { rows: [1, 2] } as never })).toThrow(
      'Cannot keep the chunk: "metadata.rows" must be a string, a finite number or a boolean.',
    );
    expect(() => memory.addChunk({ ...chunk, metadata: "table 3-1" as never })).toThrow(
      '"metadata" must be an object when given',
    );
  });

  test("the same place seen again keeps both metadata, the newer winning a key", () => {
    const memory = new WorkingMemory();
    const place = { source: "m P1", kind: "search-result" as const, document: "m", location: "P1" };
    memory.addChunk({ ...place, content: "a", relevance: 0.9, metadata: { chapter: "1", table: "1-1" } });
    memory.addChunk({ ...place, content: "b", relevance: 0.7, metadata: { table: "1-2" } });
    expect(memory.chunks()).toHaveLength(1);
    expect(memory.chunks()[0]?.metadata).toEqual({ chapter: "1", table: "1-2" });
  });

  test("clearQueryContext and reset forget it with its chunk", () => {
    const memory = new WorkingMemory();
    memory.addPageSummary({ content: "x", source: "m P1", metadata: { table: "1-1" } });
    memory.clearQueryContext();
    expect(memory.render()).not.toContain("table: 1-1");
    memory.addPageSummary({ content: "x", source: "m P1", metadata: { table: "1-1" } });
    memory.reset();
    expect(memory.render()).toBe("");
  });

  test.prop([
    fc.dictionary(
      fc.string({ maxLength: 80 }),
      fc.oneof(fc.string({ maxLength: 300 }), fc.double(), fc.boolean()),
    ),
  ])("at most 8 entries, each key and value on one line and cut", (metadata) => {
    const kept = boundedMetadata(metadata) ?? {};
    expect(Object.keys(kept).length).toBeLessThanOrEqual(8);
    for (const [key, value] of Object.entries(kept)) {
      expect(key).not.toMatch(/[\r\n]/);
      expect([...key].length).toBeLessThanOrEqual(40);
      if (typeof value === "string") expect([...value].length).toBeLessThanOrEqual(120);
      if (typeof value === "number") expect(Number.isFinite(value)).toBe(true);
    }
  });
});
