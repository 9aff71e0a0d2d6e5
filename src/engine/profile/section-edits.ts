import { MnemoError } from "../../errors.js";
import {
  findSection,
  insertSection,
  makeSection,
  type Section,
  type SectionDocument,
  sameSectionName,
  sectionContent,
  serializeSections,
  withContent,
} from "../markdown/sections.js";

/**
 * Section-level edits of seed 002 (add / replace / remove), as pure functions on a parsed
 * document. Text arrives validated (see validateSectionText); errors are written for an agent, so
 * a failed replace shows the section as it is and the agent does not loop.
 */
export function addToSection(
  document: SectionDocument,
  name: string,
  text: string,
  options: { insertBefore?: string[] } = {},
): SectionDocument {
  const existing = findSection(document, name);
  if (!existing) return insertSection(document, makeSection(name, text), options.insertBefore);
  const content = sectionContent(existing);
  const updated = withContent(existing, content === "" ? text : `${content}\n${text}`);
  return replaceSectionObject(document, existing, updated);
}

export function replaceInSection(
  document: SectionDocument,
  name: string,
  oldText: string,
  newText: string,
  fileLabel: string,
): SectionDocument {
  const existing = requireSection(document, name, fileLabel);
  if (oldText === "")
    throw new MnemoError("INVALID_INPUT", "The text to replace is empty; give the exact text to find.");
  const matches = existing.body.split(oldText).length - 1;
  if (matches !== 1) {
    const problem =
      matches === 0
        ? `The text to replace was not found in section "${existing.name}" of ${fileLabel}.`
        : `The text to replace occurs ${matches} times in section "${existing.name}" of ${fileLabel}; include more of the surrounding text so it matches once.`;
    throw new MnemoError(
      matches === 0 ? "NOT_FOUND" : "INVALID_INPUT",
      `${problem} The section currently reads:\n${sectionContent(existing) || "(empty)"}`,
    );
  }
  const body = existing.body.replace(oldText, () => newText);
  return replaceSectionObject(document, existing, { ...existing, body });
}

export function removeSection(
  document: SectionDocument,
  name: string,
  fileLabel: string,
): { document: SectionDocument; removed: Section } {
  const existing = requireSection(document, name, fileLabel);
  return {
    document: { ...document, sections: document.sections.filter((section) => section !== existing) },
    removed: existing,
  };
}

export function requireSection(document: SectionDocument, name: string, fileLabel: string): Section {
  const existing = findSection(document, name);
  if (existing) return existing;
  const names = document.sections.map((section) => `"${section.name}"`);
  throw new MnemoError(
    "NOT_FOUND",
    `${fileLabel} has no section "${name}". ${names.length > 0 ? `Its sections are ${names.join(", ")}.` : "It has no sections yet."}`,
  );
}

export function sectionNames(document: SectionDocument): string[] {
  return document.sections.map((section) => section.name);
}

export function isSectionNamed(section: Section, names: string[]): boolean {
  return names.some((name) => sameSectionName(section.name, name));
}

/** The text of a removed section, heading included, as it will read in the archive. */
export function sectionText(section: Section): string {
  return serializeSections({ preamble: "", sections: [section] }).trimEnd();
}

function replaceSectionObject(document: SectionDocument, old: Section, updated: Section): SectionDocument {
  return { ...document, sections: document.sections.map((section) => (section === old ? updated : section)) };
}
