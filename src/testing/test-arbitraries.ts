import { fc } from "@fast-check/vitest";
import { type JournalEntry, normalizeEntryContent } from "../engine/markdown/journal-entries.js";

/** fast-check generators shared by the property tests. */
const timestampArbitrary = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 16).replace("T", " "));

const contentLine = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("---", "\\---", "### [2026-01-01 10:00] general", "## Heading", "\\\\## x", "", "- item"),
);

/** Entry content as mnemo stores it: normalised, never empty, including lines that look like structure. */
export const entryContentArbitrary = fc
  .array(contentLine, { minLength: 1, maxLength: 8 })
  .map((lines) => normalizeEntryContent(lines.join("\n")))
  .filter((content) => content !== "");

export const entryArbitrary: fc.Arbitrary<JournalEntry> = fc.record(
  {
    timestamp: timestampArbitrary,
    category: fc.constantFrom("file_pattern", "user_pref", "error_solution", "general"),
    content: entryContentArbitrary,
    source: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ():_-]{0,40}[A-Za-z0-9)]$/),
  },
  { requiredKeys: ["timestamp", "category", "content"] },
);
