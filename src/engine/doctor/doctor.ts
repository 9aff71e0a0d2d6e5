import type { DocumentWriter } from "../../contracts/document-store.js";
import {
  DAILY_DIR,
  dailyPath,
  MEMORY_JOURNAL_SECTION,
  MEMORY_PATH,
  SOUL_PATH,
  TOPICS_DIR,
  USER_PATH,
} from "../../rules/home-layout.js";
import { archiveOldDailies, listDailyDates, oldestRecentDate } from "../daily/daily-log.js";
import { localDate } from "../home/clock.js";
import type { HomeContext } from "../home/home-context.js";
import { enforceJournalCapacity, memoryLinesWithoutIndex } from "../journal/journal.js";
import { parseJournal } from "../markdown/journal-entries.js";
import { countLines, splitLinesKeepEnds } from "../markdown/lines.js";
import { findSection, parseSections, sameSectionName } from "../markdown/sections.js";
import { enforceProfileBudget, type ProfileFile, usageOf } from "../profile/profile.js";
import { checkConsolidation } from "./consolidation-check.js";
import type { DoctorProblem } from "./doctor-problem.js";
import { checkSearchIndex, type SearchIndexHealth, searchIndexProblems } from "./index-check.js";
import { checkInstructionLikeText } from "./instruction-check.js";
import { checkInterruptedSessions, queueInterruptedConversations } from "./interrupted-session-check.js";
import { checkJournalCategories } from "./journal-category-check.js";
import { checkMemories, rebuildIndexLines } from "./memory-check.js";
import { memoryTextFiles } from "./memory-text-files.js";
import { checkStoredSecrets } from "./secret-check.js";
import { checkSecretsInNames } from "./secret-name-check.js";
import { checkWriteLeftovers, cleanWriteLeftovers } from "./write-leftover-check.js";

export type { DoctorProblem, DoctorProblemKind } from "./doctor-problem.js";

/**
 * `mnemo doctor`: finds what a hand edit, a crash or an older version left behind, and with `fix`
 * repairs what can be repaired without losing anything (overflow goes to the archive, index lines
 * are rebuilt from the files). Malformed files are reported with file and line, never rewritten.
 */
export interface DoctorReport {
  problems: DoctorProblem[];
  /** What `fix` changed, one line each. */
  fixed: string[];
  searchIndex: SearchIndexHealth;
}

export async function runDoctor(home: HomeContext, options: { fix?: boolean } = {}): Promise<DoctorReport> {
  const searchIndex = await checkSearchIndex(home);
  // Read once for the four checks that look at every memory's text.
  const files = await memoryTextFiles(home);
  const problems = [
    ...(await checkMemories(home, files)),
    ...(await checkProfiles(home)),
    ...(await checkJournals(home)),
    ...(await checkDailies(home)),
    ...(await checkWriteLeftovers(home)),
    ...(await checkInterruptedSessions(home)),
    ...checkInstructionLikeText(files),
    ...checkStoredSecrets(files),
    ...(await checkSecretsInNames(home)),
    ...checkConsolidation(files),
    ...searchIndexProblems(searchIndex),
  ];
  if (!options.fix) return { problems, fixed: [], searchIndex };
  const fixed = problems.some((problem) => problem.fixable && problem.kind !== "interrupted-session")
    ? await home.store.transaction((writer) => fixProblems(home, writer, problems))
    : [];
  // Always, not only when the check above found some: without the lock, a temporary file younger
  // than 10 s may still be a live write's and is not reported; under the lock every one is a
  // leftover. A writer killed 9.9 s before `doctor --fix` otherwise left its file for the next run.
  fixed.push(...(await cleanWriteLeftovers(home)));
  if (problems.some((problem) => problem.kind === "interrupted-session"))
    fixed.push(...(await queueInterruptedConversations(home)));
  return { problems, fixed, searchIndex };
}

async function checkProfiles(home: HomeContext): Promise<DoctorProblem[]> {
  const problems: DoctorProblem[] = [];
  const files: Array<[ProfileFile, string]> = [
    ["soul", SOUL_PATH],
    ["user", USER_PATH],
    ["memory", MEMORY_PATH],
    ...(await listDailyDates(home.store)).map((date): [ProfileFile, string] => ["daily", dailyPath(date)]),
  ];
  for (const [file, path] of files) {
    const text = await home.store.read(path);
    if (text === undefined) continue;
    const document = parseSections(text);
    const usage = usageOf(home, file, document);
    if (usage.characters > usage.budget) {
      problems.push({
        kind: "over-budget",
        path,
        message: `${usage.characters} characters, budget ${usage.budget}`,
        fixable: true,
      });
    }
    const seen: string[] = [];
    for (const section of document.sections) {
      if (seen.some((name) => sameSectionName(name, section.name))) {
        problems.push({
          kind: "duplicate-section",
          path,
          message: `section "${section.name}" appears more than once; edits reach only the first`,
          fixable: false,
        });
      }
      seen.push(section.name);
    }
  }
  return problems;
}

async function checkJournals(home: HomeContext): Promise<DoctorProblem[]> {
  const problems: DoctorProblem[] = [];
  const journals = [MEMORY_PATH, ...(await home.store.list(TOPICS_DIR)).map((document) => document.path)];
  for (const path of journals) {
    const text = (await home.store.read(path)) ?? "";
    const { journal, firstLine } =
      path === MEMORY_PATH ? memoryJournal(text) : { journal: text, firstLine: 1 };
    for (const warning of parseJournal(journal).warnings) {
      problems.push({
        kind: "malformed-journal-entry",
        path,
        line: firstLine + warning.line - 1,
        message: warning.message,
        fixable: false,
      });
    }
    problems.push(...checkJournalCategories(home, path, { text: journal, firstLine }));
    const lines = path === MEMORY_PATH ? memoryLinesWithoutIndex(text) : countLines(text);
    if (
      lines > home.config.capacity.maxLines &&
      parseJournal(journal).blocks.some((block) => block.kind === "entry")
    ) {
      problems.push({
        kind: "over-capacity",
        path,
        message: `${lines} lines, limit ${home.config.capacity.maxLines}`,
        fixable: true,
      });
    }
  }
  return problems;
}

/** MEMORY.md's journal section and the file line its body starts on. */
function memoryJournal(text: string): { journal: string; firstLine: number } {
  const document = parseSections(text);
  const section = findSection(document, MEMORY_JOURNAL_SECTION);
  if (!section) return { journal: "", firstLine: 1 };
  let line = splitLinesKeepEnds(document.preamble).length + 1;
  for (const each of document.sections) {
    if (each === section) break;
    line += splitLinesKeepEnds(each.headingLine + each.body).length;
  }
  return { journal: section.body, firstLine: line + 1 };
}

async function checkDailies(home: HomeContext): Promise<DoctorProblem[]> {
  const problems: DoctorProblem[] = [];
  const dates = await listDailyDates(home.store);
  const cutoff = oldestRecentDate(home.now(), home.config.dailyDays);
  for (const date of dates.filter((each) => each < cutoff)) {
    problems.push({
      kind: "old-daily-log",
      path: dailyPath(date),
      message: `older than the last ${home.config.dailyDays} days; belongs in the archive`,
      fixable: true,
    });
  }
  for (const document of await home.store.list(DAILY_DIR)) {
    if (!dates.some((date) => document.path === dailyPath(date))) {
      problems.push({
        kind: "misnamed-daily-log",
        path: document.path,
        message: `daily logs are named YYYY-MM-DD.md (today: ${localDate(home.now())}.md); this file is not loaded`,
        fixable: false,
      });
    }
  }
  return problems;
}

async function fixProblems(
  home: HomeContext,
  writer: DocumentWriter,
  problems: DoctorProblem[],
): Promise<string[]> {
  const fixed: string[] = [];
  const kinds = new Set(problems.filter((problem) => problem.fixable).map((problem) => problem.kind));
  if (kinds.has("dangling-index-line") || kinds.has("unindexed-memory")) {
    fixed.push(...(await rebuildIndexLines(home, writer, problems)));
  }
  for (const problem of problems.filter((each) => each.kind === "over-budget")) {
    const file: ProfileFile =
      problem.path === SOUL_PATH
        ? "soul"
        : problem.path === USER_PATH
          ? "user"
          : problem.path === MEMORY_PATH
            ? "memory"
            : "daily";
    const archived = await enforceProfileBudget(home, writer, file, problem.path);
    if (archived.length > 0)
      fixed.push(`${problem.path}: moved ${archived.length} part(s) over budget to ${archived[0]?.path}`);
  }
  for (const problem of problems.filter((each) => each.kind === "over-capacity")) {
    const archived = await enforceJournalCapacity(home, writer, problem.path);
    if (archived.length > 0)
      fixed.push(`${problem.path}: moved ${archived.length} oldest entries to ${archived[0]?.path}`);
  }
  if (kinds.has("old-daily-log")) {
    for (const path of await archiveOldDailies(home, writer)) fixed.push(`${path}: moved to the archive`);
  }
  return fixed;
}
