import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { entryContentArbitrary } from "../../testing/test-arbitraries.js";
import { appendMessages, parseConversation, turnsAround } from "./conversation-file.js";

const messageArbitrary = fc.record({
  speaker: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
  text: entryContentArbitrary,
  time: fc
    .date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2099-12-31T23:59:00Z"),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 16).replace("T", " ")),
});

describe("conversation transcripts", () => {
  test.prop([
    fc.array(messageArbitrary, { minLength: 1, maxLength: 6 }),
    fc.array(messageArbitrary, { maxLength: 6 }),
  ])(
    "appending in two steps reads back every message, in order, numbered from 1, text that looks like structure included",
    (first, second) => {
      const text = appendMessages(appendMessages("", "s1", first), "s1", second);
      expect(
        parseConversation(text).map(({ turn, speaker, time, text }) => ({ turn, speaker, time, text })),
      ).toEqual([...first, ...second].map((message, index) => ({ turn: index + 1, ...message })));
    },
  );

  test("what a person wrote around the entries is kept byte for byte", () => {
    const edited = "# Conversation s1\n\nNotes written by hand.\n";
    const text = appendMessages(edited, "s1", [{ speaker: "user", text: "Hi.", time: "2026-05-03 10:15" }]);
    expect(text.startsWith(edited)).toBe(true);
    expect(parseConversation(text)).toEqual([
      { turn: 1, speaker: "user", time: "2026-05-03 10:15", text: "Hi.", line: 5 },
    ]);
  });

  test.prop([fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 3 })])(
    "the turns around a turn are at most `around` on each side, adjacent, and never the turn itself",
    (count, wanted, around) => {
      const turns = Array.from({ length: count }, (_, index) => ({
        turn: index + 1,
        speaker: "user",
        time: "2026-05-03 10:15",
        text: `turn ${index + 1}`,
      }));
      const { before, after } = turnsAround(turns, wanted, around);
      if (wanted > count) {
        expect([...before, ...after]).toEqual([]);
        return;
      }
      expect(before.map((turn) => turn.turn)).toEqual(
        Array.from(
          { length: Math.min(around, wanted - 1) },
          (_, index) => wanted - Math.min(around, wanted - 1) + index,
        ),
      );
      expect(after.map((turn) => turn.turn)).toEqual(
        Array.from({ length: Math.min(around, count - wanted) }, (_, index) => wanted + 1 + index),
      );
    },
  );
});
