import { fc, test as propertyTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { bm25Tokens, queryTermCounts } from "../bm25/bm25-terms.js";
import { candidateSearchSql, FIRST_FILTER_PARAMETER } from "./candidate-search-sql.js";
import { chunkFilterSql } from "./chunk-filter-sql.js";
import { fromPgvector, toPgvector } from "./pgvector-text.js";

describe("the search statement", () => {
  const filter = fc.record(
    { memoryType: fc.string(), kind: fc.string(), path: fc.string(), since: fc.string(), until: fc.string() },
    { requiredKeys: [] },
  );
  propertyTest.prop([filter])(
    "numbers its parameters without a gap, the filter's after the six fixed ones; its text holds no filter value",
    (each) => {
      const { sql, parameters } = candidateSearchSql(each);
      const numbers = new Set([...sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
      const count = FIRST_FILTER_PARAMETER - 1 + parameters.length;
      expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, at) => at + 1));
      // Other values of the same shape (a folder stays a folder) give the same SQL text.
      const others = Object.fromEntries(
        Object.entries(each).map(([key, value]) => [
          key,
          value === "" ? "" : value.endsWith("/") ? "f/" : "v",
        ]),
      );
      expect(candidateSearchSql(others).sql).toBe(sql);
    },
  );
});

describe("query term counts", () => {
  const word = fc.stringMatching(/^[a-z]{1,6}(-[a-z]{1,6})?$/);
  propertyTest.prop([fc.uniqueArray(word, { maxLength: 6 }), fc.array(fc.tuple(word, fc.nat(50)))])(
    "every query word is counted: a one-term word as its term, a longer one as its rarest term",
    (terms, counted) => {
      const frequencies = new Map(
        counted.flatMap(([text, count]) => bm25Tokens(text).map((t) => [t, count])),
      );
      const { chunks, holding } = queryTermCounts(terms, frequencies, 99);
      expect(chunks).toBe(99);
      expect([...holding.keys()]).toEqual(terms);
      for (const term of terms) {
        const counts = bm25Tokens(term).map((token) => frequencies.get(token) ?? 0);
        expect(holding.get(term)).toBe(Math.min(...counts));
      }
    },
  );
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
