import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { queryTerms } from "../../rules/query-terms.js";
import { ftsMatchExpression } from "./fts-query.js";

const SAFE_EXPRESSION = /^(?:"[\p{L}\p{N}]+"(?: OR "[\p{L}\p{N}]+")*)?$/u;

describe("the FTS5 query of search terms", () => {
  test.prop([fc.string({ maxLength: 400 })], { numRuns: 500 })(
    "no FTS syntax passes through from user text",
    (text) => {
      expect(ftsMatchExpression(queryTerms(text))).toMatch(SAFE_EXPRESSION);
    },
  );

  test.prop(
    [
      fc
        .array(
          fc.constantFrom(
            '"',
            "*",
            "NEAR(",
            ")",
            ":",
            "^",
            "AND",
            "OR",
            "NOT",
            "-",
            "col:",
            "{a b}",
            "x",
            "kitten",
          ),
          { maxLength: 60 },
        )
        .map((parts) => parts.join(" ")),
    ],
    {
      numRuns: 300,
    },
  )("FTS operators typed by a user come back as plain quoted words", (text) => {
    const expression = ftsMatchExpression(queryTerms(text));
    expect(expression).toMatch(SAFE_EXPRESSION);
  });

  test.prop([fc.string({ maxLength: 30 })])(
    "quotes any one term, even one holding a quote, as one phrase",
    (term) => {
      const expression = ftsMatchExpression([term]);
      expect(expression.startsWith('"') && expression.endsWith('"')).toBe(true);
      expect(expression.slice(1, -1).replaceAll('""', "")).not.toContain('"');
    },
  );
});
