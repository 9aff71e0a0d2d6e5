import { fc, test } from "@fast-check/vitest";
import { expect } from "vitest";
import type { JournalEntry } from "../../engine/markdown/journal-entries.js";
import { entryArbitrary } from "../../testing/test-arbitraries.js";
import { journalPage } from "./journal-page.js";

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
