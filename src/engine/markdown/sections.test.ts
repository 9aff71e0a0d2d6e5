import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { splitLinesKeepEnds } from "./lines.js";
import {
  findSection,
  insertSection,
  makeSection,
  parseSectionHeading,
  parseSections,
  type SectionDocument,
  sectionContent,
  serializeSections,
  validateSectionText,
} from "./sections.js";

const lineArbitrary = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom("## Identity", "##  Spaced ", "## ", "##NoSpace", "### Sub", "# Title", "", "---", "\r"),
);
const textArbitrary = fc
  .tuple(fc.array(lineArbitrary, { maxLength: 30 }), fc.constantFrom("\n", "\r\n"), fc.boolean())
  .map(([lines, ending, finalNewline]) => lines.join(ending) + (finalNewline ? ending : ""));

/** The line-by-line parse parseSections replaced with slices: the oracle its result must equal. */
function parseLineByLine(text: string): SectionDocument {
  const document: SectionDocument = { preamble: "", sections: [] };
  let current: SectionDocument["sections"][number] | undefined;
  for (const line of splitLinesKeepEnds(text)) {
    const name = parseSectionHeading(line);
    if (name !== undefined) {
      current = { name, headingLine: line, body: "" };
      document.sections.push(current);
    } else if (current) current.body += line;
    else document.preamble += line;
  }
  return document;
}

describe("section documents", () => {
  test.prop([fc.oneof(textArbitrary, fc.string())], { numRuns: 300 })(
    "the sliced parse finds the same preamble, headings and bodies as a line-by-line parse",
    (text) => {
      expect(parseSections(text)).toEqual(parseLineByLine(text));
    },
  );

  test.prop([fc.string()], { numRuns: 200 })(
    "any text survives parse and serialize byte for byte",
    (text) => {
      expect(serializeSections(parseSections(text))).toBe(text);
    },
  );

  test.prop([textArbitrary], { numRuns: 200 })(
    "markdown-like text survives parse and serialize byte for byte",
    (text) => {
      expect(serializeSections(parseSections(text))).toBe(text);
    },
  );

  test.prop([textArbitrary], { numRuns: 100 })(
    "parse is stable: parsing the serialized document gives the same document",
    (text) => {
      const document = parseSections(text);
      expect(parseSections(serializeSections(document))).toEqual(document);
    },
  );

  test("reads the preamble, headings and bodies", () => {
    const document = parseSections("# Soul\n\nIntro\n## Identity\nI am Mo.\n\n##   Style  \nBrief.\n");
    expect(document.preamble).toBe("# Soul\n\nIntro\n");
    expect(document.sections.map((section) => section.name)).toEqual(["Identity", "Style"]);
    expect(sectionContent(document.sections[0] ?? makeSection("x", ""))).toBe("I am Mo.");
    expect(findSection(document, "  identity ")?.name).toBe("Identity");
  });

  test("a ### heading stays inside its section", () => {
    const document = parseSections("## A\n### inner\ntext\n");
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0]?.body).toBe("### inner\ntext\n");
  });

  test("inserting a section keeps a blank line before it, also after a heading with no newline", () => {
    const document = insertSection(parseSections("## A"), makeSection("B", "b"));
    expect(serializeSections(document)).toBe("## A\n\n## B\nb\n\n");
    const before = insertSection(parseSections("## A\na\n\n## C\nc\n"), makeSection("B", "b"), ["C"]);
    expect(serializeSections(before)).toBe("## A\na\n\n## B\nb\n\n## C\nc\n");
  });

  test("text with a heading line is refused, with the line named", () => {
    expect(() => validateSectionText("fine\n## Sneaky", "text to add")).toThrow(/## Sneaky/);
    expect(validateSectionText("  keep\r\n### sub ok \n", "text")).toBe("keep\n### sub ok");
  });
});
