import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { allMatches } from "./all-matches.js";
import { SECRET_RULES } from "./scan-secrets.js";

const PATTERNS = [
  ...SECRET_RULES.map(
    (rule) => new RegExp(rule.pattern.source, `${rule.pattern.flags.replace(/[dg]/g, "")}dg`),
  ),
  // Patterns that match the empty string, with and without the u flag, over surrogate pairs.
  /x*/g,
  /x*/gu,
  /(?=a)/g,
  /\b/gu,
];
const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.constantFrom(
    "password: hunter2 x",
    "AKIAQWERTYUIOPASDFGH 🦉x🦉",
    "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
  ),
);

describe("allMatches", () => {
  test.prop([text, fc.constantFrom(...PATTERNS)])(
    "finds what matchAll finds, at the same places",
    (input, pattern) => {
      const expected = [...input.matchAll(pattern)].map((match) => [match.index, ...match]);
      expect(allMatches(pattern, input).map((match) => [match.index, ...match])).toEqual(expected);
      expect(pattern.lastIndex).toBe(0);
    },
  );

  test("steps over a whole code point after an empty match under the u flag", () => {
    for (const pattern of [/x*/g, /x*/gu, /\b/gu])
      for (const input of ["a🦉b", "🦉🦉", ""])
        expect(allMatches(pattern, input).map((match) => match.index)).toEqual(
          [...input.matchAll(pattern)].map((match) => match.index),
        );
  });
});
