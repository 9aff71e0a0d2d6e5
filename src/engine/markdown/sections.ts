import { MnemoError } from "../../errors.js";
import { stripLineEnd } from "./lines.js";

/**
 * A `## Section` document (SOUL.md, USER.md, MEMORY.md, daily logs). Every byte of the source is
 * kept: the preamble is the text before the first heading, each section keeps its heading line and
 * its body verbatim, so `serializeSections(parseSections(text)) === text` for any text.
 */
export interface Section {
  /** Trimmed heading text: "Identity" for "## Identity". */
  name: string;
  /** The heading line as written, with its line ending. */
  headingLine: string;
  /** Everything after the heading line up to the next heading, as written. */
  body: string;
}

export interface SectionDocument {
  preamble: string;
  sections: Section[];
}

const HEADING = /^##[ \t]+(\S.*?)[ \t]*$/;

export function parseSectionHeading(line: string): string | undefined {
  return HEADING.exec(stripLineEnd(line))?.[1];
}

/**
 * Slices of the text, not copies built line by line: MEMORY.md's index section holds a line per
 * memory, and in a home of 2,000 a body grown by `+=` was a 2,000-piece string that every later
 * search or comparison had to flatten first (bench/consolidation/save-cpu.ts).
 */
export function parseSections(text: string): SectionDocument {
  const sections: Section[] = [];
  let preamble: string | undefined;
  let current: { name: string; headingLine: string; bodyStart: number } | undefined;
  const close = (end: number) => {
    if (current === undefined) preamble = text.slice(0, end);
    else
      sections.push({
        name: current.name,
        headingLine: current.headingLine,
        body: text.slice(current.bodyStart, end),
      });
  };
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline + 1;
    // Only a line starting with "##" can be a heading: the others are not matched at all.
    if (text.startsWith("##", start)) {
      const headingLine = text.slice(start, end);
      const name = parseSectionHeading(headingLine);
      if (name !== undefined) {
        close(start);
        current = { name, headingLine, bodyStart: end };
      }
    }
    start = end;
  }
  close(text.length);
  return { preamble: preamble ?? "", sections };
}

export function serializeSections(document: SectionDocument): string {
  // One join: MEMORY.md of 2,000 memories is ~500 kB in memory, and each concatenation of it is a copy.
  const pieces = [document.preamble];
  for (const section of document.sections) pieces.push(section.headingLine, section.body);
  return pieces.join("");
}

/** Section names match ignoring case and repeated spaces, as a person would type them. */
export function sameSectionName(a: string, b: string): boolean {
  const normalize = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();
  return normalize(a) === normalize(b);
}

export function findSection(document: SectionDocument, name: string): Section | undefined {
  return document.sections.find((section) => sameSectionName(section.name, name));
}

/** A section's content without the blank lines that separate it from its neighbours. */
export function sectionContent(section: Section): string {
  return section.body.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd();
}

/** Checks a section name from a caller: one line, not empty, no "#" prefix. */
export function validateSectionName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "" || /[\r\n]/.test(trimmed) || trimmed.startsWith("#") || trimmed.length > 120) {
    throw new MnemoError(
      "INVALID_INPUT",
      `Invalid section name "${name}": use one line of at most 120 characters without a leading "#".`,
    );
  }
  if (/^\.{1,2}$/.test(trimmed)) {
    throw new MnemoError(
      "INVALID_INPUT",
      `Invalid section name "${name}": "." and ".." cannot be sent in a URL path (clients remove them as dot segments); use a word.`,
    );
  }
  return trimmed;
}

/** Text written into a section must not contain a heading line, which would split the section. */
export function validateSectionText(text: string, what: string): string {
  const trimmed = text.replace(/\r\n?/g, "\n").trim();
  if (trimmed === "") throw new MnemoError("INVALID_INPUT", `The ${what} is empty; give the text to write.`);
  const heading = trimmed.split("\n").find((line) => parseSectionHeading(line) !== undefined);
  if (heading !== undefined) {
    throw new MnemoError(
      "INVALID_INPUT",
      `The ${what} contains the heading line "${heading}", which would start a new section. ` +
        "Write each section separately, or use ### for sub-headings.",
    );
  }
  return trimmed;
}

/** A new section in canonical form: heading, content, one blank line after. */
export function makeSection(name: string, content: string): Section {
  return { name, headingLine: `## ${name}\n`, body: `${content}\n\n` };
}

/** Gives a section new content, keeping the blank line that separated it from the next section. */
export function withContent(section: Section, content: string): Section {
  return { ...section, body: content === "" ? "\n" : `${content}\n\n` };
}

/** Makes sure the text ends with a blank line, so a section appended after it starts cleanly. */
export function endWithBlankLine(text: string): string {
  if (text === "") return text;
  if (text.endsWith("\n\n")) return text;
  return text.endsWith("\n") ? `${text}\n` : `${text}\n\n`;
}

function separateFromNext(section: Section): Section {
  if (section.body === "") {
    return { ...section, body: section.headingLine.endsWith("\n") ? "\n" : "\n\n" };
  }
  return { ...section, body: endWithBlankLine(section.body) };
}

/** Inserts a section before the first of `beforeNames` that exists, else at the end. */
export function insertSection(
  document: SectionDocument,
  section: Section,
  beforeNames: string[] = [],
): SectionDocument {
  const sections = [...document.sections];
  const position = sections.findIndex((existing) =>
    beforeNames.some((name) => sameSectionName(existing.name, name)),
  );
  const index = position === -1 ? sections.length : position;
  const previous = sections[index - 1];
  let preamble = document.preamble;
  if (previous) sections[index - 1] = separateFromNext(previous);
  else preamble = endWithBlankLine(preamble);
  sections.splice(index, 0, section);
  return { preamble, sections };
}
