import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { entryArbitrary } from "../../testing/test-arbitraries.js";
import { appendEntry, journalEntries, parseJournal } from "../markdown/journal-entries.js";
import { countLines } from "../markdown/lines.js";
import { enforceCapacity } from "./capacity.js";

const options = { maxLines: 500, targetLines: 400, lineCount: countLines };

describe("journal capacity (seed 000)", () => {
  test.prop([fc.array(entryArbitrary, { minLength: 1, maxLength: 200 }), fc.string({ maxLength: 40 })], {
    numRuns: 100,
  })(
    "seed 000 property 4: a file over 500 lines comes under 400 keeping its newest entries",
    (entries, title) => {
      const padded = entries.map((entry) => ({
        ...entry,
        content: `${entry.content}\n${"detail\n".repeat(8)}`.trim(),
      }));
      const text = padded.reduce(appendEntry, `# ${title.replace(/[\r\n#]/g, "")}\n\n`);
      const { text: kept, removed } = enforceCapacity(text, options);
      const before = journalEntries(parseJournal(text).blocks);
      const after = journalEntries(parseJournal(kept).blocks);
      if (countLines(text) <= 500) {
        expect(kept).toBe(text);
        return;
      }
      expect(countLines(kept)).toBeLessThanOrEqual(400);
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
});
