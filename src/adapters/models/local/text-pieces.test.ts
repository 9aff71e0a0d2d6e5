import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { splitIntoPieces } from "./text-pieces.js";

const texts = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc
    .array(fc.oneof(fc.constantFrom(" ", "\n", "\t"), fc.string({ unit: "grapheme", maxLength: 30 })), {
      maxLength: 40,
    })
    .map((parts) => parts.join("")),
);

describe("splitIntoPieces", () => {
  test.prop([texts, fc.integer({ min: 2, max: 50 })], { numRuns: 500 })(
    "pieces are trimmed, non-empty, within the limit, and keep every non-space character in order",
    (text, maxCharacters) => {
      const pieces = splitIntoPieces(text, maxCharacters);
      for (const piece of pieces) {
        expect(piece.length).toBeLessThanOrEqual(maxCharacters);
        expect(piece).not.toBe("");
        expect(piece).toBe(piece.trim());
      }
      expect(pieces.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
    },
  );

  test("cuts at white space, and keeps a short text whole", () => {
    expect(splitIntoPieces("  a kitten named Miso  ", 100)).toEqual(["a kitten named Miso"]);
    expect(splitIntoPieces("a kitten named Miso", 10)).toEqual(["a kitten", "named Miso"]);
    expect(splitIntoPieces(" \n ", 10)).toEqual([]);
    expect(splitIntoPieces("😀😀😀", 3)).toEqual(["😀", "😀", "😀"]);
  });
});
