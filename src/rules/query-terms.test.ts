import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { queryTerms, tokenize } from "./query-terms.js";

describe("query terms", () => {
  test.prop([fc.string({ maxLength: 400 })], { numRuns: 300 })(
    "are lower-case letters and digits only: no query syntax of any engine",
    (text) => {
      for (const term of queryTerms(text)) expect(term).toMatch(/^[\p{L}\p{N}]+$/u);
    },
  );

  test.prop(
    [
      fc
        .array(fc.constantFrom("the", "a", "is", "what", "and", "of", "to", "in", "cat", "dog"), {
          maxLength: 300,
        })
        .map((words) => words.join(" ")),
      fc.integer({ min: 1, max: 40 }),
    ],
    {
      numRuns: 300,
    },
  )("common words are dropped and the number of terms is capped", (text, cap) => {
    const terms = queryTerms(text, cap);
    expect(terms.length).toBeLessThanOrEqual(cap);
    expect(new Set(terms).size).toBe(terms.length);
    if (/\b(cat|dog)\b/.test(text))
      expect(terms.every((term) => term === "cat" || term === "dog")).toBe(true);
  });

  test("tokenises letters and digits of any script, lower-cased", () => {
    expect(tokenize("Owns a Kitten named Miso (born 2021)! Ça va? 日本語")).toEqual([
      "owns",
      "a",
      "kitten",
      "named",
      "miso",
      "born",
      "2021",
      "ça",
      "va",
      "日本語",
    ]);
    expect(queryTerms("What pet does the user have?")).toEqual(["pet", "user"]);
    expect(queryTerms("what did I say?")).toEqual(["what", "did", "i", "say"]);
  });
});
