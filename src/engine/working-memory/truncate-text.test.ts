import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { characterCount } from "../markdown/lines.js";
import { TRUNCATION_MARKER, truncateText } from "./truncate-text.js";

describe("truncateText", () => {
  test.prop([fc.string({ unit: "grapheme", maxLength: 300 }), fc.integer({ min: 0, max: 320 })], {
    numRuns: 300,
  })("never over the budget; unchanged when it fits; cut texts end with the marker", (text, max) => {
    const cut = truncateText(text, max);
    expect(characterCount(cut)).toBeLessThanOrEqual(max);
    if (characterCount(text) <= max) {
      expect(cut).toBe(text);
    } else if (cut !== "") {
      expect(cut.endsWith(TRUNCATION_MARKER)).toBe(true);
      expect(text.startsWith(cut.slice(0, -TRUNCATION_MARKER.length))).toBe(true);
    }
  });

  test("counts characters, not UTF-16 units, and never splits one", () => {
    expect(truncateText("😀😀😀", 3)).toBe("😀😀😀");
    expect(truncateText(`${"😀".repeat(30)}`, 20)).toBe(`${"😀".repeat(7)}${TRUNCATION_MARKER}`);
  });

  test("a huge string is cut without reading all of it", () => {
    const huge = "x".repeat(20_000_000);
    expect(truncateText(huge, 100)).toHaveLength(100);
  });
});
