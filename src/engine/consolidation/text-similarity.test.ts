import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { comparisonHash, jaccard, normalizeForComparison, wordSet } from "./text-similarity.js";

const words = fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/), { minLength: 1, maxLength: 12 });
const separator = fc.constantFrom(" ", "  ", "\n", ", ", ". ", " - ", "\t", "! ");

describe("comparisonHash", () => {
  test.prop([words, fc.array(separator, { minLength: 12, maxLength: 12 }), fc.boolean()])(
    "ignores case, white space and punctuation between the words",
    (list, separators, upper) => {
      const plain = list.join(" ");
      const styled = list
        .map((word, index) => `${upper ? word.toUpperCase() : word}${separators[index]}`)
        .join("");
      expect(comparisonHash(styled)).toBe(comparisonHash(plain));
    },
  );

  test("tells different words apart", () => {
    expect(comparisonHash("The deadline is Thursday.")).not.toBe(comparisonHash("The deadline is Friday."));
    expect(normalizeForComparison("  Hello,   WORLD!! ")).toBe("hello world");
  });
});

describe("jaccard", () => {
  const set = words.map((list) => new Set(list.map((word) => word.toLowerCase())));

  test.prop([set, set])("is symmetric and lies in [0, 1]", (a, b) => {
    const similarity = jaccard(a, b);
    expect(similarity).toBeGreaterThanOrEqual(0);
    expect(similarity).toBeLessThanOrEqual(1);
    expect(jaccard(b, a)).toBe(similarity);
  });

  test.prop([set])("a set is fully similar to itself", (a) => {
    expect(jaccard(a, a)).toBe(1);
  });

  test("empty texts are not similar to anything", () => {
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  test("counts each Chinese or Japanese character as a word", () => {
    expect([...wordSet("用户喜欢 tabs")]).toEqual(["用", "户", "喜", "欢", "tabs"]);
    expect(jaccard(wordSet("用户喜欢制表符"), wordSet("用户喜欢制表符。"))).toBe(1);
  });
});
