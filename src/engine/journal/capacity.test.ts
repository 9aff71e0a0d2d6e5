import { fc, test } from "@fast-check/vitest";
import { afterAll, describe, expect } from "vitest";
import { entryArbitrary } from "../../testing/test-arbitraries.js";
import { appendEntry, journalEntries, parseJournal } from "../markdown/journal-entries.js";
import { countLines } from "../markdown/lines.js";
import { enforceCapacity } from "./capacity.js";

const options = { maxLines: 500, targetLines: 400, lineCount: countLines };

/** Runs of the property whose file passed maxLines: the property must exercise the pruning, not skip it. */
let propertyRuns = 0;
let prunedRuns = 0;
afterAll(() => {
  if (propertyRuns === 0) return;
  expect(prunedRuns, `runs of ${propertyRuns} over 500 lines`).toBeGreaterThanOrEqual(propertyRuns / 2);
  expect(prunedRuns, `runs of ${propertyRuns} over 500 lines`).toBeLessThan(propertyRuns);
});

describe("journal capacity (seed 000)", () => {
  // 15 to 90 entries of 5 to 25 lines each: from under 100 lines to well over 500.
  const journal = fc.array(
    fc.record({ entry: entryArbitrary, detailLines: fc.integer({ min: 2, max: 20 }) }),
    { minLength: 15, maxLength: 90, size: "max" },
  );

  test.prop([journal, fc.string({ maxLength: 40 })], { numRuns: 100 })(
    "seed 000 property 4: a file over 500 lines comes under 400 keeping its newest entries",
    (entries, title) => {
      propertyRuns++;
      const padded = entries.map(({ entry, detailLines }) => ({
        ...entry,
        content: `${entry.content}\n${"detail\n".repeat(detailLines)}`.trim(),
      }));
      const text = padded.reduce(appendEntry, `# ${title.replace(/[\r\n#]/g, "")}\n\n`);
      const { text: kept, removed } = enforceCapacity(text, options);
      const before = journalEntries(parseJournal(text).blocks);
      const after = journalEntries(parseJournal(kept).blocks);
      if (countLines(text) <= 500) {
        expect(kept).toBe(text);
        return;
      }
      prunedRuns++;
      expect(countLines(kept)).toBeLessThanOrEqual(400);
      // Only as many entries go as needed: one more kept entry would take the file over 400.
      const oneMore = removed.at(-1) ?? "";
      expect(countLines(kept) + countLines(oneMore) + 1).toBeGreaterThan(400);
      expect(after).toEqual(before.slice(before.length - after.length));
      expect(removed.length + after.length).toBe(before.length);
      expect(removed.map((raw) => journalEntries(parseJournal(raw).blocks)[0])).toEqual(
        before.slice(0, removed.length),
      );
    },
  );

  test("text that is not an entry is never removed", () => {
    const entries = Array.from({ length: 120 }, (_, index) => ({
      timestamp: "2026-01-01 10:00",
      category: "general",
      content: `entry ${index}`,
    }));
    const text = entries.reduce(appendEntry, "# Title\n\nA note a person wrote.\n\n");
    const { text: kept } = enforceCapacity(text, options);
    expect(kept.startsWith("# Title\n\nA note a person wrote.\n\n### [2026-01-01 10:00] general")).toBe(true);
    expect(kept.endsWith("entry 119\n\n---\n")).toBe(true);
  });
  test("a file exactly at maxLines is left alone; one line more is brought to targetLines", () => {
    const text = Array.from({ length: 30 }, (_, index) => ({
      timestamp: "2026-01-01 10:00",
      category: "general",
      content: `entry ${index}`,
    })).reduce(appendEntry, "# Title\n\n");
    const lines = countLines(text);
    const atMax = { maxLines: lines, targetLines: lines - 20, lineCount: countLines };
    expect(enforceCapacity(text, atMax)).toEqual({ text, removed: [] });
    const over = enforceCapacity(text, { ...atMax, maxLines: lines - 1 });
    expect(over.removed.length).toBeGreaterThan(0);
    expect(countLines(over.text)).toBeLessThanOrEqual(lines - 20);
  });

  test("a note written right after a removed entry stays, and so does the entry after it", () => {
    const entry = (content: string) => ({ timestamp: "2026-01-01 10:00", category: "general", content });
    const text = [entry("old"), entry("kept")]
      .reduce(appendEntry, "# Title\n\n")
      .replace("old\n\n---\n\n", "old\n\n---\nA note a person wrote.\n\n");
    // Over by one line; removing the oldest entry's five lines is enough.
    const lines = countLines(text);
    const { text: kept, removed } = enforceCapacity(text, {
      maxLines: lines - 1,
      targetLines: lines - 5,
      lineCount: countLines,
    });
    expect(removed).toEqual(["### [2026-01-01 10:00] general\n\nold\n\n---\n"]);
    expect(kept).toBe("# Title\n\nA note a person wrote.\n\n### [2026-01-01 10:00] general\n\nkept\n\n---\n");
  });
});
