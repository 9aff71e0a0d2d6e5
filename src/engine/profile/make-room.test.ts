import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { parseSections, sectionContent, serializeSections } from "../markdown/sections.js";
import { budgetedSize } from "./budget.js";
import { makeRoom } from "./make-room.js";
import { addToSection, replaceInSection } from "./section-edits.js";

const NOT_EXEMPT = () => false;
const line = fc.stringMatching(/^[a-z]([a-z ]{0,29}[a-z])?$/);
const sectionArbitrary = fc.tuple(fc.constantFrom("A", "B", "C", "D"), fc.array(line, { maxLength: 5 }));
const documentArbitrary = fc
  .uniqueArray(sectionArbitrary, { selector: ([name]) => name, maxLength: 4 })
  .map(
    (sections) => `# T\n\n${sections.map(([name, lines]) => `## ${name}\n${lines.join("\n")}\n\n`).join("")}`,
  );

describe("makeRoom", () => {
  test.prop(
    [
      documentArbitrary,
      fc.constantFrom("A", "B", "C", "D"),
      fc.array(line, { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 10, max: 300 }),
      fc.boolean(),
    ],
    { numRuns: 300 },
  )(
    "an add keeps its text and every other section; what it moves is the section's oldest lines, and nothing is lost",
    (text, name, added, budget, daily) => {
      const before = parseSections(text);
      const edited = addToSection(before, name, added.join("\n"));
      const room = makeRoom(before, edited, { budget, exempt: NOT_EXEMPT, earliestSectionsToo: daily });
      if (!room.fits) {
        expect(room.characters).toBeGreaterThan(budget);
        return;
      }
      const size = budgetedSize(room.document, NOT_EXEMPT);
      expect(size <= budget || size <= budgetedSize(before, NOT_EXEMPT)).toBe(true);
      const section = room.document.sections.find((each) => each.name === name);
      expect(sectionContent(section ?? { name, headingLine: "", body: "" }).endsWith(added.join("\n"))).toBe(
        true,
      );
      const movedWhole = room.moved.filter((moved) => moved.lines === 0).map((moved) => moved.section);
      for (const other of before.sections.filter((each) => each.name !== name)) {
        if (movedWhole.includes(other.name)) continue;
        expect(room.document.sections.find((each) => each.name === other.name)).toEqual(other);
      }
      if (!daily) expect(movedWhole).toEqual([]);
      // The lines moved out of the section were its first ones, in order.
      const moved = room.moved.find((each) => each.section === name && each.lines > 0);
      const old = before.sections.find((each) => each.name === name);
      const oldLines = old ? sectionContent(old).split("\n") : [];
      if (moved) expect(moved.text).toBe(`## ${name}\n${oldLines.slice(0, moved.lines).join("\n")}`);
      // Lines moved out of a section that stays carry its heading a second time: leave it out here.
      const movedText = room.moved.map((each) =>
        each.lines > 0 ? each.text.replace(/^.*\n/, "") : each.text,
      );
      const kept = serializeSections(room.document) + movedText.join("");
      const letters = (value: string) => [...value.replace(/[\s#]/g, "")].sort().join("");
      expect(letters(kept)).toBe(letters(serializeSections(edited)));
    },
  );

  test("a replace keeps the line it wrote; the section's other lines, first ones first, make room", () => {
    const before = parseSections("# T\n\n## A\none\ntwo\nthree\n\n## B\nother\n");
    const edited = replaceInSection(before, "A", "two", "two, now much longer than before", "T.md");
    const room = makeRoom(before, edited, { budget: 61, exempt: NOT_EXEMPT, earliestSectionsToo: false });
    expect(room).toEqual({
      fits: true,
      document: parseSections("# T\n\n## A\ntwo, now much longer than before\nthree\n\n## B\nother\n"),
      moved: [{ section: "A", text: "## A\none", lines: 1 }],
    });
  });

  test("an edit that does not grow a file already over its budget (a hand edit) moves nothing", () => {
    const before = parseSections("## A\none\ntwo\nthree\n");
    const edited = replaceInSection(before, "A", "three", "3", "T.md");
    expect(makeRoom(before, edited, { budget: 5, exempt: NOT_EXEMPT, earliestSectionsToo: false })).toEqual({
      fits: true,
      document: edited,
      moved: [],
    });
  });

  test("exempt sections are neither counted nor moved", () => {
    const before = parseSections("## Notes\nold\n\n## Memories\n- a long index line that is exempt\n");
    const edited = addToSection(before, "Notes", "new", { insertBefore: ["Memories"] });
    const exempt = (section: { name: string }) => section.name === "Memories";
    const room = makeRoom(before, edited, { budget: 14, exempt, earliestSectionsToo: true });
    expect(room).toMatchObject({
      fits: true,
      moved: [{ section: "Notes", text: "## Notes\nold", lines: 1 }],
    });
  });
});
