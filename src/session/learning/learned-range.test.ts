import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { TranscriptMessage } from "./formats/transcript.js";
import { findNewPart, learnedPoint } from "./learned-range.js";

const said = (content: string, id?: string): TranscriptMessage => ({
  ...(id === undefined ? {} : { id }),
  message: { role: "user", content },
});

const message = fc.record({ content: fc.string(), id: fc.option(fc.uuid(), { nil: undefined }) });
/** A transcript whose messages either all have ids (Claude Code) or none has (Codex, Markdown). */
const transcript = fc
  .tuple(fc.array(message, { maxLength: 12 }), fc.boolean())
  .map(([messages, ids]) =>
    messages.map((each, index) => said(each.content, ids ? `${each.id}-${index}` : undefined)),
  );

describe("findNewPart", () => {
  test.prop([transcript, transcript])(
    "after learning a transcript, the part appended later is exactly what is new",
    (learned, appended) => {
      const point = learnedPoint(learned, learned.length);
      expect(findNewPart([...learned, ...appended], point)).toEqual({
        start: learned.length,
        restarted: false,
      });
    },
  );

  test.prop([transcript])("a transcript learned to its end has nothing new", (messages) => {
    const point = learnedPoint(messages, messages.length);
    expect(findNewPart(messages, point).start).toBe(messages.length);
  });

  test("never learned: everything is new", () => {
    expect(findNewPart([said("a"), said("b")], undefined)).toEqual({ start: 0, restarted: false });
  });

  test("with ids, the new part starts after the last id learned even when the lines before it changed", () => {
    const point = learnedPoint([said("a", "1"), said("b", "2")], 2);
    expect(point).toMatchObject({ messages: 2, lastId: "2" });
    expect(findNewPart([said("a, edited", "1"), said("b", "2"), said("c", "3")], point)).toEqual({
      start: 2,
      restarted: false,
    });
  });

  test("without ids, a transcript that no longer starts as it did is learned again from its start, and said so", () => {
    const point = learnedPoint([said("a"), said("b")], 2);
    expect(point.lastId).toBeUndefined();
    expect(findNewPart([said("a"), said("B"), said("c")], point)).toEqual({ start: 0, restarted: true });
    // Shorter than what was learned: rewritten too.
    expect(findNewPart([said("a")], point)).toEqual({ start: 0, restarted: true });
  });

  test("an id learned last that is gone falls back to the count and hash", () => {
    const learned = [said("a", "1"), said("b", "2")];
    const point = learnedPoint(learned, 2);
    expect(findNewPart([said("x", "9")], point)).toEqual({ start: 0, restarted: true });
  });

  test("the same text said twice is two messages: the hash is of the whole prefix, in order", () => {
    const point = learnedPoint([said("yes")], 1);
    expect(findNewPart([said("yes"), said("yes")], point)).toEqual({ start: 1, restarted: false });
    expect(learnedPoint([said("yes"), said("yes")], 2).prefixHash).not.toBe(point.prefixHash);
  });
});
