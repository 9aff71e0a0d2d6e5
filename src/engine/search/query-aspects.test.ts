import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { queryAspects } from "./query-aspects.js";

const joined = (query: string) => queryAspects(query).map((terms) => terms.join(" "));

describe("queryAspects: the things a query names side by side", () => {
  test.each([
    [
      "Which device did I set up first, the smart thermostat or the mesh network system?",
      ["smart thermostat", "mesh network system"],
    ],
    ["Who became a parent first, Rachel or Alex?", ["rachel", "alex"]],
    ["Who did I meet first, Mark and Sarah or Tom?", ["mark sarah", "tom"]],
    ["Who graduated first, second and third among Emma, Rachel and Alex?", ["emma", "rachel", "alex"]],
    [
      "How many days passed between the 'Walk for Hunger' event and the 'Coastal Cleanup' event?",
      ["walk hunger", "coastal cleanup"],
    ],
    [
      "How many days passed between the day I fixed my mountain bike and the day I decided to upgrade my road bike's pedals?",
      ["day fixed mountain bike", "day decided upgrade road bike pedals"],
    ],
    [
      "How many days before I bought the iPhone 13 Pro did I attend the Holiday Market?",
      ["bought iphone 13 pro", "attend holiday market"],
    ],
    [
      "Which book did I finish first, 'The Hate U Give' or \"The Hitchhiker's Guide\"?",
      ["hate u give", "hitchhiker guide"],
    ],
  ])("%s", (query, aspects) => {
    expect(joined(query)).toEqual(aspects);
  });

  test.each([
    "How many items of clothing do I need to pick up or return from a store?",
    "Can you recommend a show or movie for me to watch tonight?",
    "I mentioned visiting a museum two months ago. Did I visit with a friend or not?",
    "How many pieces of furniture did I buy, assemble, sell, or fix in the past few months?",
    "What did I tell you about the concert last month?",
    "Where did I buy the cheese at the Farmers' Market?",
    "How many pages of 'A Short History of Nearly Everything' have I read so far?",
    "",
  ])("names one thing or none: %s", (query) => {
    expect(queryAspects(query)).toEqual([]);
  });

  test("never throws, and gives two or more aspects of search terms, each with a word, or none", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .array(
              fc.constantFrom(
                "which",
                "first",
                ",",
                "or",
                "and",
                "between",
                "among",
                "'",
                '"',
                "tea",
                "the",
                "?",
              ),
            )
            .map((words) => words.join(" ")),
        ),
        (query) => {
          const aspects = queryAspects(query);
          expect(aspects.length === 0 || aspects.length >= 2).toBe(true);
          for (const terms of aspects) {
            expect(terms.length).toBeGreaterThan(0);
            for (const term of terms) expect(term).toMatch(/^[\p{L}\p{N}]+$/u);
          }
        },
      ),
    );
  });
});

test("a long text or a long list names no aspects to cover", () => {
  expect(queryAspects(`${"word ".repeat(300)}, tea or coffee?`)).toEqual([]);
  expect(
    queryAspects(`Who came first among ${Array.from({ length: 9 }, (_, i) => `person${i}`).join(", ")}?`),
  ).toEqual([]);
  expect(queryAspects("Who came first among anna, bea and cleo?")).toHaveLength(3);
});
