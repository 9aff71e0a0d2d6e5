import { describe, expect, test } from "vitest";
import { EXTRACTION_LIMITS, prepareCandidates } from "./extraction-candidates.js";
import type { ExtractionAnswer } from "./extraction-schema.js";

const CATEGORIES = {
  file_pattern: "file_patterns",
  user_pref: "user_prefs",
  error_solution: "MEMORY",
  general: "MEMORY",
};

function answer(part: Partial<ExtractionAnswer>): ExtractionAnswer {
  return { memories: [], entries: [], summary: "", ...part };
}

const memory = { type: "user" as const, description: "d", body: "b", supersedes: null };

describe("prepareCandidates", () => {
  test("refuses names that would leave memories/ or overwrite a reserved file, and keeps the rest", () => {
    const prepared = prepareCandidates(
      answer({
        memories: [
          { ...memory, name: "../../etc/passwd" },
          { ...memory, name: "a/b" },
          { ...memory, name: "MEMORY.md" },
          { ...memory, name: "Go expert" },
        ],
      }),
      CATEGORIES,
    );
    expect(prepared.memories.map((each) => each.name)).toEqual(["Go expert"]);
    expect(prepared.refused.map((each) => each.label)).toEqual(["../../etc/passwd", "a/b", "MEMORY.md"]);
    expect(prepared.refused[0]?.reason).toContain("Invalid memory name");
  });

  test("routes entries to their journal file; an unknown category becomes general, with a note", () => {
    const prepared = prepareCandidates(
      answer({
        entries: [
          { category: "user_pref", text: "Answers in French." },
          { category: "Decision", text: "We ship on Fridays." },
        ],
      }),
      CATEGORIES,
    );
    expect(prepared.entries).toEqual([
      { category: "user_pref", text: "Answers in French.", path: "topics/user_prefs.md" },
      { category: "general", text: "We ship on Fridays.", path: "MEMORY.md" },
    ]);
    expect(prepared.notes).toEqual(['entry category "Decision" is not configured; recorded as general']);
  });

  test("without a general category, an unknown one is refused", () => {
    const prepared = prepareCandidates(answer({ entries: [{ category: "x", text: "t" }] }), {
      decision: "decisions",
    });
    expect(prepared.entries).toEqual([]);
    expect(prepared.refused[0]?.reason).toBe('category "x" is not configured (categories: decision)');
  });

  test("refuses over-long bodies and entries, cuts descriptions and the summary to one short line", () => {
    const prepared = prepareCandidates(
      answer({
        memories: [
          { ...memory, name: "Long", body: "x".repeat(EXTRACTION_LIMITS.bodyCharacters + 1) },
          { ...memory, name: "Short", description: "d ".repeat(400) },
        ],
        entries: [{ category: "general", text: "y".repeat(EXTRACTION_LIMITS.entryCharacters + 1) }],
        summary: `Did things.\n\n${"z".repeat(500)}`,
      }),
      CATEGORIES,
    );
    expect(prepared.refused.map((each) => [each.kind, each.reason.split(";")[0]])).toEqual([
      ["memory", "the body is 4001 characters"],
      ["entry", "the entry is 2001 characters"],
    ]);
    expect(prepared.memories[0]?.description.length).toBe(EXTRACTION_LIMITS.descriptionCharacters);
    expect(prepared.summary).toMatch(/^Did things\. z+…$/);
    expect([...prepared.summary].length).toBe(EXTRACTION_LIMITS.summaryCharacters);
    expect(prepared.notes).toHaveLength(2);
  });

  test("an invalid supersedes is dropped with a note; a path to a memory file is read as its name", () => {
    const prepared = prepareCandidates(
      answer({
        memories: [
          { ...memory, name: "A", supersedes: "../x" },
          { ...memory, name: "B", supersedes: "memories/user_old-b.md" },
          { ...memory, name: "C", supersedes: " " },
        ],
      }),
      CATEGORIES,
    );
    expect(prepared.memories.map((each) => each.supersedes)).toEqual([undefined, "user_old-b", undefined]);
    expect(prepared.notes[0]).toContain('"A" names an invalid memory to supersede');
  });
});
