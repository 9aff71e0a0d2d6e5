import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { parseRerankReply } from "./parse-rerank-reply.js";

const isPermutation = (order: number[], count: number) =>
  order.length === count && [...order].sort((a, b) => a - b).every((value, index) => value === index);

/** Replies a model might send: JSON rankings (fenced or not, with stray numbers), prose, anything. */
const reply = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc
    .array(fc.oneof(fc.integer({ min: -5, max: 30 }), fc.double(), fc.string(), fc.constant(null)), {
      maxLength: 30,
    })
    .chain((ranking) =>
      fc.constantFrom(
        JSON.stringify({ ranking }),
        `\`\`\`json\n${JSON.stringify({ ranking })}\n\`\`\``,
        `Here is my ranking: ${JSON.stringify({ ranking })} Hope it helps.`,
        JSON.stringify(ranking),
        JSON.stringify({ ranking }).slice(0, 10),
      ),
    ),
);

describe("parseRerankReply", () => {
  test.prop([reply, fc.integer({ min: 0, max: 25 })], { numRuns: 500 })(
    "any reply yields a permutation of 0..count-1 and never throws",
    (text, count) => {
      const parsed = parseRerankReply(text, count);
      expect(isPermutation(parsed.order, count)).toBe(true);
      expect(parsed.problem === undefined).toBe(parsed.named > 0);
    },
  );

  test.prop([
    fc.integer({ min: 2, max: 25 }).chain((count) =>
      fc.tuple(
        fc.constant(count),
        fc
          .subarray(Array.from({ length: count }, (_, index) => index))
          .chain((named) => fc.shuffledSubarray(named, { minLength: named.length })),
      ),
    ),
  ])(
    "the named candidates come first in the model's order, the rest after them in fused order",
    ([count, named]) => {
      const parsed = parseRerankReply(JSON.stringify({ ranking: named.map((index) => index + 1) }), count);
      expect(parsed.order.slice(0, named.length)).toEqual(named);
      const rest = parsed.order.slice(named.length);
      expect(rest).toEqual([...rest].sort((a, b) => a - b));
    },
  );

  test("reads a fenced reply, ignores out-of-range, repeated and fractional numbers", () => {
    const text = 'Sure!\n```json\n{"ranking": [3, 9, 3, 0, 1.5, "2"]}\n```';
    expect(parseRerankReply(text, 4)).toEqual({ order: [2, 1, 0, 3], named: 2 });
  });

  test("says why a reply is unusable and keeps the fused order", () => {
    expect(parseRerankReply("I think the second one.", 3)).toMatchObject({
      order: [0, 1, 2],
      named: 0,
      problem: expect.stringMatching(/not JSON/),
    });
    expect(parseRerankReply('{"ranking": [7, 8]}', 3).problem).toMatch(/named none of the candidates 1 to 3/);
    expect(parseRerankReply('{"order": [1]}', 3).problem).toMatch(/no "ranking" list/);
  });
});
