import { characterCount } from "../markdown/lines.js";
import {
  type Section,
  type SectionDocument,
  sameSectionName,
  sectionContent,
  withContent,
} from "../markdown/sections.js";
import { budgetedSize } from "./budget.js";
import { sectionText } from "./section-edits.js";

/**
 * Seed 002's budgets when an edit grows a file (issue 26): the text just written stays, and room is
 * made by moving out the OLDEST text of the section the edit changed, its first lines first. Other
 * sections hold other facts and stay as they are; only today's log, whose start is the day's oldest
 * text, also gives up its earliest sections. When that is not enough, the edit does not fit: the
 * caller refuses it rather than archive what was just written. Pure.
 */
export interface RoomOptions {
  budget: number;
  /** Today's log: after the edited section's old lines, whole sections from the start of the day. */
  earliestSectionsToo: boolean;
  /** Sections neither counted nor moved (MEMORY.md's index and journal). */
  exempt: (section: Section) => boolean;
}

/** Text that leaves the file, as the archive will hold it. */
export interface MovedText {
  section: string;
  /** `## Name` and the lines moved, or the whole section. */
  text: string;
  /** Lines moved out of a section that stays; 0 when the whole section left. */
  lines: number;
}

export type RoomResult =
  | { fits: true; document: SectionDocument; moved: MovedText[] }
  /** `characters`: what the file would still count with every movable line moved out. */
  | { fits: false; characters: number };

export function makeRoom(before: SectionDocument, edited: SectionDocument, options: RoomOptions): RoomResult {
  const sizeOf = (document: SectionDocument) => budgetedSize(document, options.exempt);
  const editedSize = sizeOf(edited);
  // A file already over its budget (a hand edit) that the edit does not grow is left to doctor.
  if (editedSize <= options.budget || editedSize <= sizeOf(before))
    return { fits: true, document: edited, moved: [] };
  let document = edited;
  const moved: MovedText[] = [];
  const changed = changedSections(before, edited, options.exempt);
  for (const { section, movable } of changed) {
    const taken: number[] = [];
    let current = section;
    while (sizeOf(document) > options.budget && taken.length < movable.length) {
      taken.push(...oldestLines(movable.slice(taken.length), sizeOf(document) - options.budget));
      const lines = contentLines(section).filter((_, index) => !taken.includes(index));
      const updated = withContent(section, lines.join("\n"));
      document = replaceSection(document, current, updated);
      current = updated;
    }
    if (taken.length === 0) continue;
    const lines = taken.sort((a, b) => a - b).map((index) => contentLines(section)[index] as string);
    moved.push({
      section: section.name,
      text: `${section.headingLine}${lines.join("\n")}`,
      lines: lines.length,
    });
  }
  if (options.earliestSectionsToo) {
    const edits = new Set(changed.map((each) => each.section));
    const others = edited.sections.filter((section) => !options.exempt(section) && !edits.has(section));
    for (const section of others) {
      if (sizeOf(document) <= options.budget) break;
      document = { ...document, sections: document.sections.filter((each) => each !== section) };
      moved.push({ section: section.name, text: sectionText(section), lines: 0 });
    }
  }
  const size = sizeOf(document);
  return size <= options.budget ? { fits: true, document, moved } : { fits: false, characters: size };
}

interface ChangedSection {
  section: Section;
  /** Indexes of its content lines the edit did not write, oldest (first in the file) first. */
  movable: Array<{ index: number; characters: number }>;
}

/**
 * The sections whose content the edit changed, each paired with the same-named section before it
 * (the n-th of that name with the n-th). Lines the edit did not write are those it shares with
 * the section before, at its start and at its end: an add writes after them, a replace between.
 */
function changedSections(
  before: SectionDocument,
  edited: SectionDocument,
  exempt: (section: Section) => boolean,
): ChangedSection[] {
  const changed: ChangedSection[] = [];
  const seen = new Map<string, number>();
  for (const section of edited.sections) {
    const key = section.name.trim().replace(/\s+/g, " ").toLowerCase();
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    if (exempt(section)) continue;
    const previous = before.sections.filter((each) => sameSectionName(each.name, section.name))[nth];
    const after = contentLines(section);
    const old = previous ? contentLines(previous) : [];
    if (previous && after.join("\n") === old.join("\n")) continue;
    let prefix = 0;
    while (prefix < after.length && prefix < old.length && after[prefix] === old[prefix]) prefix++;
    let suffix = 0;
    while (
      suffix < after.length - prefix &&
      suffix < old.length - prefix &&
      after[after.length - 1 - suffix] === old[old.length - 1 - suffix]
    )
      suffix++;
    const indexes = [
      ...Array.from({ length: prefix }, (_, index) => index),
      ...Array.from({ length: suffix }, (_, index) => after.length - suffix + index),
    ];
    changed.push({
      section,
      movable: indexes.map((index) => ({ index, characters: characterCount(after[index] as string) + 1 })),
    });
  }
  return changed;
}

/** The first movable lines whose characters (each with its line end) cover `excess`, or all of them. */
function oldestLines(movable: ChangedSection["movable"], excess: number): number[] {
  const taken: number[] = [];
  let freed = 0;
  for (const line of movable) {
    if (freed >= excess) break;
    taken.push(line.index);
    freed += line.characters;
  }
  return taken;
}

function contentLines(section: Section): string[] {
  const content = sectionContent(section);
  return content === "" ? [] : content.split("\n");
}

function replaceSection(document: SectionDocument, old: Section, updated: Section): SectionDocument {
  return { ...document, sections: document.sections.map((section) => (section === old ? updated : section)) };
}

/** "the oldest 2 lines of ## Likes", or "## 09:00, the earliest section of the day". */
export function describeMoved(moved: MovedText): string {
  if (moved.lines === 0) return `## ${moved.section}, the earliest section of the day`;
  return `the oldest ${moved.lines === 1 ? "line" : `${moved.lines} lines`} of ## ${moved.section}`;
}

/** Why an edit was refused, and what to do: `before` and `after` are the file's budgeted characters. */
export function doesNotFitMessage(options: {
  path: string;
  section: string;
  budget: number;
  before: number;
  after: number;
  daily: boolean;
}): string {
  const { path, section, budget, before, after } = options;
  const movable = options.daily ? "the day's earlier text" : `the older text of ## ${section}`;
  const handEdited =
    before > budget
      ? ` ${path} was already over its budget (${before} characters, edited by hand?): \`mnemo doctor --fix\` moves what does not fit to archive/.`
      : "";
  return (
    `Not written: the change to ## ${section} does not fit in ${path}, whose budget is ${budget} characters; ` +
    `even with ${movable} moved to archive/ it would hold ${after}. Nothing was changed. ` +
    `Shorten the text, or make room first by shortening or removing other sections (replace / remove).${handEdited}`
  );
}
