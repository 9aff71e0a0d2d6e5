import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { conversationVector, queryTurns } from "./query-turns.js";

describe("queryTurns", () => {
  test.prop([
    fc.array(
      fc.string({ maxLength: 20 }).map((line) => line.replace(/[\r\n]/g, "")),
      { maxLength: 6 },
    ),
  ])(
    "the last turn is the last non-blank line; a conversation only when several lines are not blank",
    (lines) => {
      const turns = queryTurns(lines.join("\n"));
      const filled = lines.map((line) => line.trim()).filter((line) => line !== "");
      expect(turns.last).toBe(filled.at(-1) ?? "");
      expect(turns.conversation).toBe(filled.length > 1 ? filled.join("\n") : undefined);
    },
  );

  test("a conversation so far: the question at its end is what BM25 searches", () => {
    expect(
      queryTurns("user: we went to Lisbon\r\nassistant: nice!\n\nuser: when did I fly there?\n"),
    ).toEqual({
      last: "user: when did I fly there?",
      conversation: "user: we went to Lisbon\nassistant: nice!\nuser: when did I fly there?",
    });
  });

  const unitVector = fc
    .array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 })
    .filter((values) => Math.hypot(...values) > 0.01)
    .map((values) => Float32Array.from(values, (value) => value / Math.hypot(...values)));

  test.prop([unitVector, unitVector])(
    "the mixed vector has length 1 (or 0) and is at least as close to the last turn as to the whole",
    (last, whole) => {
      const mixed = conversationVector(last, whole);
      const norm = Math.hypot(...mixed);
      expect(norm === 0 || Math.abs(norm - 1) < 1e-5).toBe(true);
      const dot = (x: Float32Array, y: Float32Array) =>
        x.reduce((sum, value, i) => sum + value * (y[i] ?? 0), 0);
      expect(dot(mixed, last)).toBeGreaterThanOrEqual(dot(mixed, whole) - 1e-5);
    },
  );
});
