import type { HomeContext } from "../home/home-context.js";
import { parseJournal } from "../markdown/journal-entries.js";
import type { DoctorProblem } from "./doctor-problem.js";

/**
 * Entries whose category is not in the config's `categories` (a typo in a hand-edited header,
 * "### [2026-05-01 10:00] usr_pref"): they are kept and read, but no `journal add` writes such a
 * category and routing, prompts and extraction know nothing of it. Reported with file and line.
 * `journal` is the journal's text and `firstLine` the file line it starts on.
 */
export function checkJournalCategories(
  home: HomeContext,
  path: string,
  journal: { text: string; firstLine: number },
): DoctorProblem[] {
  const known = Object.keys(home.config.categories);
  return parseJournal(journal.text).blocks.flatMap((block) => {
    if (block.kind !== "entry" || Object.hasOwn(home.config.categories, block.entry.category)) return [];
    const { category } = block.entry;
    return [
      {
        kind: "unknown-journal-category" as const,
        path,
        line: journal.firstLine + block.line - 1,
        message: `entry category "${category}" is not a configured category (${known.join(", ")}): correct the entry's header to one of them, or add "${category}" to "categories" in config.json`,
        fixable: false,
      },
    ];
  });
}
