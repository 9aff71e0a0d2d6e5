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
  test("a document exactly at its budget keeps everything", () => {
    const text = "## A\none\n## B\ntwo\n";
    const { document, overflow } = trimToBudget(parseSections(text), {
      budget: characterCount(text),
      from: "end",
    });
    expect(serializeSections(document)).toBe(text);
    expect(overflow).toEqual([]);
  });

  test("several chunks come back in the order they stood in the file, from either end", () => {
    const text = "## A\na\n## B\nb\n## C\nc\n## D\nd\n";
    const fromEnd = trimToBudget(parseSections(text), { budget: 12, from: "end" });
    expect(serializeSections(fromEnd.document)).toBe("## A\na\n");
    expect(fromEnd.overflow).toEqual(["## B\nb", "## C\nc", "## D\nd"]);
    const fromStart = trimToBudget(parseSections(text), { budget: 12, from: "start" });
    expect(serializeSections(fromStart.document)).toBe("## D\nd\n");
    expect(fromStart.overflow).toEqual(["## A\na", "## B\nb", "## C\nc"]);
  });

  test("while other sections remain, the last one goes whole, not line by line", () => {
    const text = "## A\na\n## B\none\ntwo\nthree\n";
    const { document, overflow } = trimToBudget(parseSections(text), { budget: 20, from: "end" });
    expect(serializeSections(document)).toBe("## A\na\n");
    expect(overflow).toEqual(["## B\none\ntwo\nthree"]);
  });

  test("the one section left loses lines from the start when trimming from the start", () => {
    const { document, overflow } = trimToBudget(parseSections("## Log\none\ntwo\nthree\n"), {
      budget: 16,
      from: "start",
    });
    expect(serializeSections(document)).toBe("## Log\nthree\n");
    expect(overflow).toEqual(["one\ntwo"]);
  });

  test("a section that would keep only blank lines goes whole", () => {
    const { document, overflow } = trimToBudget(parseSections("## Notes\n\n\nlong line here\n"), {
      budget: 12,
      from: "end",
    });
    expect(document.sections).toEqual([]);
    expect(overflow).toEqual(["## Notes\n\n\nlong line here"]);
  });

  test("exempt sections stay, and stay themselves, while the others are trimmed", () => {
    const text = "## Notes\nkeep\ndrop this line\n## Memories\n- [a](memories/user_a.md) — an index line\n";
    const exempt = (section: { name: string }) => section.name === "Memories";
    const { document, overflow } = trimToBudget(parseSections(text), { budget: 14, from: "end", exempt });
    expect(serializeSections(document)).toBe(
      "## Notes\nkeep\n## Memories\n- [a](memories/user_a.md) — an index line\n",
    );
    expect(overflow).toEqual(["drop this line"]);
  });

  test("only the preamble left over budget: nothing more can go, and nothing is lost", () => {
    const text = "A long preamble a person wrote, over any budget.\n## Memories\n- index\n";
    const { document, overflow } = trimToBudget(parseSections(text), {
      budget: 5,
      from: "end",
      exempt: (section) => section.name === "Memories",
    });
    expect(serializeSections(document)).toBe(text);
    expect(overflow).toEqual([]);
  });
});
