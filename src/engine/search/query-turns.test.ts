import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { contextWeight, conversationVector, queryTurns } from "./query-turns.js";

describe("queryTurns", () => {
  test.prop([
    fc.array(
      fc.string({ maxLength: 20 }).map((line) => line.replace(/[\r\n]/g, "")),
      { maxLength: 6 },
    ),
  ])(
    "the last turn is the last non-blank line (less a speaker's label); a conversation only when several lines are not blank",
    (lines) => {
      const turns = queryTurns(lines.join("\n"));
      const filled = lines.map((line) => line.trim()).filter((line) => line !== "");
      expect((filled.at(-1) ?? "").endsWith(turns.last)).toBe(true);
      if (filled.length < 2) expect(turns.last).toBe(filled.at(-1) ?? "");
      expect(turns.conversation).toBe(filled.length > 1 ? filled.join("\n") : undefined);
    },
  );

  test("a conversation so far: the question at its end is what BM25 searches", () => {
    expect(
      queryTurns("user: we went to Lisbon\r\nassistant: nice!\n\nuser: when did I fly there?\n"),
    ).toEqual({
      last: "when did I fly there?",
      conversation: "user: we went to Lisbon\nassistant: nice!\nuser: when did I fly there?",
    });
  });

  test.each([
    ["Alice: we went to Lisbon\nBob: nice!\nAlice: when did I fly there?", "when did I fly there?"],
    ["User: we went to Lisbon\nDr Patel: how was it?", "how was it?"],
    // Not a transcript: one line, or one labelled line among others.
    ["Note: buy milk", "Note: buy milk"],
    ["we went to Lisbon\nQuestion: when did I fly there?", "Question: when did I fly there?"],
    // A label with nothing after it stays: there is nothing else to ask.
    ["user: hi\nuser:", "user:"],
    // A colon that is not followed by a space is no label.
    ["user: see this\nuser: https://example.com/a:b", "https://example.com/a:b"],
  ])("%j is asking %j", (query, last) => {
    expect(queryTurns(query).last).toBe(last);
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

describe("contextWeight: the earlier turns count as much as the last turn's words miss", () => {
  test.each([
    [0, 1],
    [0.5, 0.25],
    [1, 0],
    // Out of range is read as the nearest end.
    [-0.2, 1],
    [1.5, 0],
  ])("confidence %s → %s", (confidence, weight) => {
    expect(contextWeight(confidence)).toBeCloseTo(weight, 12);
  });

  test("with weight 0 the query vector is the last turn's", () => {
    const last = Float32Array.from([0.6, 0.8, 0]);
    expect([...conversationVector(last, Float32Array.from([0, 0, 1]), 0)].map((v) => v.toFixed(6))).toEqual([
      "0.600000",
      "0.800000",
      "0.000000",
    ]);
  });
});
