import { characterCount, splitLinesKeepEnds } from "../markdown/lines.js";
import { type Section, type SectionDocument, serializeSections } from "../markdown/sections.js";
import { sectionText } from "./section-edits.js";

/**
 * Character budgets of seed 002. What does not fit is returned, to be archived, never dropped.
 * `from: "end"` keeps the earlier sections (identity first); `from: "start"` keeps the latest ones
 * (daily logs grow at the end). Sections `exempt` from the budget are neither counted nor trimmed
 * (MEMORY.md's index and journal have limits of their own).
 */
export interface BudgetOptions {
  budget: number;
  from: "end" | "start";
  exempt?: (section: Section) => boolean;
}

export interface BudgetResult {
  document: SectionDocument;
  /** Removed text, in the order it stood in the file. */
  overflow: string[];
}

export function budgetedSize(document: SectionDocument, exempt: (section: Section) => boolean): number {
  const counted = document.sections.filter((section) => !exempt(section));
  return characterCount(serializeSections({ preamble: document.preamble, sections: counted }));
}

export function trimToBudget(document: SectionDocument, options: BudgetOptions): BudgetResult {
  const exempt = options.exempt ?? (() => false);
  let current = document;
  const overflow: string[] = [];
  while (budgetedSize(current, exempt) > options.budget) {
    const trimmable = current.sections.filter((section) => !exempt(section));
    if (trimmable.length === 0) break; // only the preamble is left: a person wrote it, doctor reports it
    const victim = (options.from === "end" ? trimmable.at(-1) : trimmable[0]) as Section;
    const excess = budgetedSize(current, exempt) - options.budget;
    const trimmed = trimmable.length === 1 ? trimBodyLines(victim, excess, options.from) : undefined;
    if (trimmed) {
      current = {
        ...current,
        sections: current.sections.map((section) => (section === victim ? trimmed.kept : section)),
      };
      overflow.push(trimmed.removed.trimEnd());
    } else {
      current = { ...current, sections: current.sections.filter((section) => section !== victim) };
      overflow.push(sectionText(victim));
    }
  }
  return { document: current, overflow: options.from === "end" ? overflow.reverse() : overflow };
}

/**
 * Removes whole lines from one end of the last remaining section's body until `excess` characters
 * are gone; undefined when only the heading would be left (then the whole section goes).
 */
function trimBodyLines(
  section: Section,
  excess: number,
  from: "end" | "start",
): { kept: Section; removed: string } | undefined {
  if (characterCount(section.body) < excess) return undefined;
  const lines = splitLinesKeepEnds(section.body);
  const removedLines: string[] = [];
  let removedCount = 0;
  while (lines.length > 0 && removedCount < excess) {
    const line = (from === "end" ? lines.pop() : lines.shift()) as string;
    removedCount += characterCount(line);
    if (from === "end") removedLines.unshift(line);
    else removedLines.push(line);
  }
  if (lines.join("").trim() === "") return undefined; // nothing but blank lines would remain
  return { kept: { ...section, body: lines.join("") }, removed: removedLines.join("") };
}
