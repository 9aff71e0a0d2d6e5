import { fc, test } from "@fast-check/vitest";
import { describe, test as example, expect } from "vitest";
import type { JournalEntry } from "../../engine/markdown/journal-entries.js";
import { entryArbitrary } from "../../testing/test-arbitraries.js";
import { entryLine, journalPage } from "./journal-page.js";

test.prop([
  fc.array(entryArbitrary, { maxLength: 40 }),
  fc.integer({ min: 1, max: 10 }),
  fc.integer({ min: 0, max: 2_000 }),
])(
  "following nextOffset from 0 visits every entry once, newest first, a page within its limit",
  (entries, limit, room) => {
    const visited: JournalEntry[] = [];
    let page = journalPage(entries, { offset: 0, limit, room });
    for (;;) {
      expect(page.entries.length).toBeLessThanOrEqual(limit);
      expect(page.lines).toHaveLength(page.entries.length);
      visited.push(...page.entries);
      if (page.nextOffset === undefined) break;
      expect(page.entries.length).toBeGreaterThan(0);
      page = journalPage(entries, { offset: page.nextOffset, limit, room });
    }
    expect(visited).toEqual([...entries].reverse());
  },
);

describe("a page's room, to the character", () => {
  const entry = (minute: number): JournalEntry => ({
    timestamp: `2026-03-04 10:0${minute}`,
    category: "user_pref",
    content: "Answers in French.",
  });
  const entries = [entry(1), entry(2), entry(3)];
  const width = entryLine(entry(1)).length; // every line has this length, and a newline after it

  example(
    "two lines and their newlines fill a room of exactly that size; one character less holds one",
    () => {
      const page = (room: number) => journalPage(entries, { offset: 0, limit: 10, room }).entries.length;
      expect(page(2 * (width + 1))).toBe(2);
      expect(page(2 * (width + 1) - 1)).toBe(1);
      expect(page(3 * (width + 1))).toBe(3);
      expect(page(0)).toBe(1); // the first of a page always shows
    },
  );

  example("a line reads time, category, the source when there is one, and the content", () => {
    expect(entryLine(entry(1))).toBe("[2026-03-04 10:01] user_pref: Answers in French.");
    expect(entryLine({ ...entry(1), source: "session 4f2a" })).toBe(
      "[2026-03-04 10:01] user_pref (source: session 4f2a): Answers in French.",
    );
  });
});
