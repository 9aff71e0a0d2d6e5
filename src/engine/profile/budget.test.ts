import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { characterCount } from "../markdown/lines.js";
import { parseSections, serializeSections } from "../markdown/sections.js";
import { trimToBudget } from "./budget.js";

const sectionArbitrary = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,11}$/),
    fc.array(
      fc.string({ maxLength: 60 }).map((line) => line.replace(/[\r\n]/g, "")),
      { maxLength: 6 },
    ),
  )
  .map(
    ([name, lines]) =>
      `## ${name.trim() || "S"}\n${lines.filter((line) => !line.startsWith("## ") && line !== "##").join("\n")}\n\n`,
  );
const documentArbitrary = fc
  .array(sectionArbitrary, { maxLength: 8 })
  .map((sections) => `# Title\n\n${sections.join("")}`);

describe("character budgets", () => {
  test.prop(
    [documentArbitrary, fc.integer({ min: 10, max: 800 }), fc.constantFrom("end" as const, "start" as const)],
    { numRuns: 200 },
  )(
    "the result is within budget (or only the preamble is left), and nothing is lost: kept + overflow = original",
    (text, budget, from) => {
      const { document, overflow } = trimToBudget(parseSections(text), { budget, from });
      const kept = serializeSections(document);
      expect(characterCount(kept) <= budget || document.sections.length === 0).toBe(true);
      const originalCharacters = text.replace(/\s/g, "");
      const keptAndArchived = (kept + overflow.join("")).replace(/\s/g, "");
      expect([...keptAndArchived].sort().join("")).toBe([...originalCharacters].sort().join(""));
    },
  );

  test("from the end: the earliest sections are kept (seed 002)", () => {
    const text =
      "## Identity\nI am Mo.\n\n## Personality\nKind.\n\n## Style\nBrief and to the point, always.\n";
    const { document, overflow } = trimToBudget(parseSections(text), { budget: 45, from: "end" });
    expect(document.sections.map((section) => section.name)).toEqual(["Identity", "Personality"]);
    expect(overflow).toEqual(["## Style\nBrief and to the point, always."]);
  });

  test("from the start: the latest sections are kept (daily logs)", () => {
    const text = "## 09:00\nmorning\n\n## 12:00\nnoon\n\n## 18:00\nevening\n";
    const { document, overflow } = trimToBudget(parseSections(text), { budget: 40, from: "start" });
    expect(document.sections.map((section) => section.name)).toEqual(["12:00", "18:00"]);
    expect(overflow).toEqual(["## 09:00\nmorning"]);
  });

  test("one section too long loses its last lines, not its heading", () => {
    const { document, overflow } = trimToBudget(parseSections("## Notes\none\ntwo\nthree\n"), {
      budget: 16,
      from: "end",
    });
    expect(serializeSections(document)).toBe("## Notes\none\n");
    expect(overflow).toEqual(["two\nthree"]);
  });

  test("exempt sections are neither counted nor trimmed", () => {
    const text =
      "## Notes\nshort\n\n## Memories\n- [a](memories/user_a.md) — a very long index line that is over budget\n";
    const { document, overflow } = trimToBudget(parseSections(text), {
      budget: 20,
      from: "end",
      exempt: (section) => section.name === "Memories",
    });
    expect(overflow).toEqual([]);
    expect(serializeSections(document)).toBe(text);
  });
});
