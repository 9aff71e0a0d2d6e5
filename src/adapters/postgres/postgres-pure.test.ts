import { fc, test as propertyTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { bm25Idf, splitTermsByFrequency } from "./bm25-weights.js";
import { chunkFilterSql } from "./chunk-filter-sql.js";
import { fromPgvector, toPgvector } from "./pgvector-text.js";

describe("BM25 weights", () => {
  propertyTest.prop([fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 })])(
    "a rarer term weighs more; a term in half the chunks or more weighs 1e-6, never less",
    (chunkCount, raw) => {
      const frequency = Math.min(raw, chunkCount);
      const idf = bm25Idf(chunkCount, frequency);
      expect(idf).toBeGreaterThanOrEqual(1e-6);
      if (frequency > 0) expect(bm25Idf(chunkCount, frequency - 1)).toBeGreaterThanOrEqual(idf);
      if (frequency >= chunkCount / 2) expect(idf).toBe(1e-6);
    },
  );

  test("the split keeps found terms only, rare ones apart", () => {
    const counts = new Map([
      ["rare", 1],
      ["common", 6],
      ["missing", 0],
    ]);
    expect(splitTermsByFrequency(counts, 10)).toEqual({ rare: ["rare"], found: ["rare", "common"] });
  });
});

describe("chunk filters as SQL", () => {
  const filter = fc.record(
    {
      memoryType: fc.string(),
      kind: fc.string(),
      path: fc.string(),
      since: fc.string(),
      until: fc.string(),
    },
    { requiredKeys: [] },
  );

  propertyTest.prop([filter, fc.integer({ min: 1, max: 20 })])(
    "every value is a numbered parameter, in order from the first; none is ever SQL text",
    (each, first) => {
      const { clause, parameters } = chunkFilterSql(each, first);
      const numbers = [...clause.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
      expect(numbers).toEqual(parameters.map((_, index) => first + index));
      expect(parameters).toEqual(
        [each.memoryType, each.kind, each.path, each.since, each.until].filter((value) => value),
      );
      expect(clause.replace(/\$\d+/g, "")).toMatch(/^( AND (c\.\w+ (=|>=|<=) |starts_with\(c\.path, \)))*$/);
    },
  );

  test("a path ending in / is a folder prefix, another path an exact match", () => {
    expect(chunkFilterSql({ path: "topics/" }, 4).clause).toBe(" AND starts_with(c.path, $4)");
    expect(chunkFilterSql({ path: "USER.md" }, 4).clause).toBe(" AND c.path = $4");
    expect(chunkFilterSql(undefined, 1)).toEqual({ clause: "", parameters: [] });
  });
});

describe("pgvector text", () => {
  propertyTest.prop([fc.float32Array({ noNaN: true, noDefaultInfinity: true, maxLength: 64 })])(
    "a finite vector reads back exactly",
    (vector) => {
      expect([...fromPgvector(toPgvector(vector))]).toEqual([...vector].map((value) => value + 0));
    },
  );

  test("NaN and infinities are refused before pgvector refuses them", () => {
    expect(() => toPgvector(Float32Array.from([1, Number.NaN]))).toThrow(
      expect.objectContaining({ code: "INVALID_INPUT" }),
    );
    expect(() => toPgvector(Float32Array.from([Number.POSITIVE_INFINITY]))).toThrow();
  });
});
