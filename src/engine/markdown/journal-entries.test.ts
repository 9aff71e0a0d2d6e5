import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { entryArbitrary } from "../../testing/test-arbitraries.js";
import {
  appendEntry,
  formatEntry,
  journalEntries,
  parseJournal,
  serializeJournal,
} from "./journal-entries.js";

describe("journal entries (seed 000 format)", () => {
  test.prop([fc.array(entryArbitrary, { maxLength: 10 })], { numRuns: 200 })(
    "seed 000 property 2: formatting then parsing gives the same entries",
    (entries) => {
      const text = entries.reduce(appendEntry, "");
      const parsed = parseJournal(text);
      expect(parsed.warnings).toEqual([]);
      expect(journalEntries(parsed.blocks)).toEqual(entries);
    },
  );

  test.prop([fc.string()], { numRuns: 200 })(
    "any text survives parse and serialize byte for byte",
    (text) => {
      expect(serializeJournal(parseJournal(text).blocks)).toBe(text);
    },
  );

  test("writes the seed's exact layout", () => {
    expect(
      formatEntry({
        timestamp: "2025-01-15 14:30",
        category: "file_pattern",
        content: "Sales files have 5 columns.",
      }),
    ).toBe("### [2025-01-15 14:30] file_pattern\n\nSales files have 5 columns.\n\n---\n");
  });

  test("a malformed header is kept as text and reported with its line", () => {
    const text =
      "# Topic\n\n### [2026-13-40 99:99] general\n\nbad date\n\n---\n\n### [2026-01-02 10:00] general\n\nok\n\n---\n";
    const parsed = parseJournal(text);
    expect(journalEntries(parsed.blocks)).toEqual([
      { timestamp: "2026-01-02 10:00", category: "general", content: "ok" },
    ]);
    expect(parsed.warnings).toEqual([expect.objectContaining({ line: 3 })]);
    expect(serializeJournal(parsed.blocks)).toBe(text);
  });

  test("an entry without a closing line ends at the next header, with a warning", () => {
    const parsed = parseJournal(
      "### [2026-01-01 10:00] general\n\nfirst\n### [2026-01-01 11:00] general\n\nsecond\n\n---\n",
    );
    expect(journalEntries(parsed.blocks).map((entry) => entry.content)).toEqual(["first", "second"]);
    expect(parsed.warnings).toEqual([{ line: 1, message: 'entry has no closing "---" line' }]);
  });

  test("content that looks like structure is escaped and comes back as written", () => {
    const entry = {
      timestamp: "2026-01-01 10:00",
      category: "general",
      content: "a\n---\n## Not a section\n### [x",
    };
    const text = formatEntry(entry);
    expect(text).toContain("\\---\n\\## Not a section\n\\### [x");
    expect(journalEntries(parseJournal(text).blocks)).toEqual([entry]);
  });
});
