import { z } from "zod";
import type { DocumentWriter } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import {
  dailyPath,
  MANAGED_MEMORY_SECTIONS,
  MEMORY_PATH,
  SOUL_PATH,
  USER_PATH,
} from "../../rules/home-layout.js";
import { type ArchivedChunk, archiveText } from "../archive/archive.js";
import { archiveOldDailies } from "../daily/daily-log.js";
import { guardSecrets, secretMode } from "../guard/secret-guard.js";
import { localDate } from "../home/clock.js";
import type { HomeContext } from "../home/home-context.js";
import {
  findSection,
  parseSections,
  type Section,
  type SectionDocument,
  sectionContent,
  serializeSections,
  validateSectionName,
  validateSectionText,
} from "../markdown/sections.js";
import { budgetedSize, trimToBudget } from "./budget.js";
import { describeMoved, doesNotFitMessage, makeRoom } from "./make-room.js";
import {
  addToSection,
  isSectionNamed,
  removeSection,
  replaceInSection,
  requireSection,
  sectionText,
} from "./section-edits.js";

/** The always-loaded `## Section` files of seed 002; "daily" is today's log. */
export const PROFILE_FILES = ["soul", "user", "memory", "daily"] as const;
export type ProfileFile = (typeof PROFILE_FILES)[number];

export const profileUsageSchema = z
  .object({ characters: z.number().int(), budget: z.number().int() })
  .describe("The file's size against its character budget.");

/** Defined by its schema, which the section tools' results declare. */
export type ProfileUsage = z.output<typeof profileUsageSchema>;

export interface ProfileRead {
  file: ProfileFile;
  path: string;
  /** The whole file, or the section's content when a section was asked for. */
  text: string;
  sections: string[];
  usage: ProfileUsage;
}

export interface ProfileChange {
  file: ProfileFile;
  path: string;
  section: string;
  action: "added" | "replaced" | "removed";
  usage: ProfileUsage;
  /** What the budget pushed out of the file, or the removed section. */
  archived: ArchivedChunk[];
  /**
   * True when the budget moved the oldest lines of the edited section to the archive to make room.
   * The text just written always stays in the file: an edit that cannot fit is refused (TOO_LARGE).
   */
  editedSectionTrimmed: boolean;
  /** The kinds of secret replaced by `[REDACTED:<kind>]` in the text written, one per secret. */
  redactedSecrets: string[];
}

export interface ProfileWriteOptions {
  /**
   * A credential in the section name or text is stored as `[REDACTED:<kind>]` (true) or refused
   * with SECRET_DETECTED (false); default: the home's `secrets` setting.
   */
  redactSecrets?: boolean;
}

const TITLES: Record<ProfileFile, string> = { soul: "Soul", user: "User", memory: "Memory", daily: "" };

export function parseProfileFile(value: string): ProfileFile {
  const lower = value.toLowerCase();
  if ((PROFILE_FILES as readonly string[]).includes(lower)) return lower as ProfileFile;
  throw new MnemoError(
    "INVALID_INPUT",
    `Unknown profile file "${value}"; use one of ${PROFILE_FILES.join(", ")}.`,
  );
}

export function profilePath(file: ProfileFile, now: Date): string {
  if (file === "soul") return SOUL_PATH;
  if (file === "user") return USER_PATH;
  if (file === "memory") return MEMORY_PATH;
  return dailyPath(localDate(now));
}

export async function readProfile(
  home: HomeContext,
  file: ProfileFile,
  section?: string,
): Promise<ProfileRead> {
  const path = profilePath(file, home.now());
  const text = (await home.store.read(path)) ?? "";
  const document = parseSections(text);
  const usage = usageOf(home, file, document);
  const sections = document.sections.map((each) => each.name);
  if (section === undefined) return { file, path, text, sections, usage };
  const found = requireSection(document, validateSectionName(section), path);
  return { file, path, text: sectionContent(found), sections, usage };
}

export function addToProfile(
  home: HomeContext,
  file: ProfileFile,
  options: { section: string; text: string } & ProfileWriteOptions,
): Promise<ProfileChange> {
  const guard = profileGuard(home, file, options);
  const name = checkWritableSection(file, guard(options.section, "the section name").text);
  const guarded = guard(options.text, `the text for ## ${name}`);
  const content = validateSectionText(guarded.text, "text to add");
  const edit: Edit = (document) => ({
    document: addToSection(document, name, content, {
      insertBefore: file === "memory" ? MANAGED_MEMORY_SECTIONS : [],
    }),
  });
  return editProfile(home, file, name, "added", edit, guarded.redactedSecrets);
}

export function replaceInProfile(
  home: HomeContext,
  file: ProfileFile,
  options: { section: string; oldText: string; newText: string } & ProfileWriteOptions,
): Promise<ProfileChange> {
  const name = checkWritableSection(file, options.section);
  const guarded = profileGuard(home, file, options)(options.newText, `the replacement text for ## ${name}`);
  const newText = guarded.text.replace(/\r\n?/g, "\n");
  if (newText.trim() !== "") validateSectionText(newText, "replacement text");
  const edit: Edit = (document, path) => ({
    document: replaceInSection(document, name, options.oldText, newText, path),
  });
  return editProfile(home, file, name, "replaced", edit, guarded.redactedSecrets);
}

/** Guards text bound for `file` (see guardSecrets); `field` says which part, for the refusal. */
function profileGuard(home: HomeContext, file: ProfileFile, options: ProfileWriteOptions) {
  const mode = secretMode(home.config.secrets, options.redactSecrets);
  const where = file === "daily" ? "today's daily log" : profilePath(file, home.now());
  return (text: string, field: string) => guardSecrets(text, { field: `${field} in ${where}`, mode });
}

export function removeFromProfile(
  home: HomeContext,
  file: ProfileFile,
  section: string,
): Promise<ProfileChange> {
  const name = checkWritableSection(file, section);
  return editProfile(home, file, name, "removed", (document, path) => {
    const { document: updated, removed } = removeSection(document, name, path);
    return { document: updated, removed };
  });
}

export type Edit = (
  document: SectionDocument,
  path: string,
) => { document: SectionDocument; removed?: Section };

/** One edit of a profile file: the section it is about, what it does, and the change itself. */
export interface ProfileEdit {
  file: ProfileFile;
  section: string;
  action: ProfileChange["action"];
  edit: Edit;
  redactedSecrets?: string[];
}

function editProfile(
  home: HomeContext,
  file: ProfileFile,
  section: string,
  action: ProfileChange["action"],
  edit: Edit,
  redactedSecrets: string[] = [],
): Promise<ProfileChange> {
  return home.store.transaction((writer) =>
    applyProfileEdit(home, writer, { file, section, action, edit, redactedSecrets }),
  );
}

/**
 * Inside the caller's transaction: re-reads the file, applies the edit, keeps it within budget,
 * archives what leaves. A restore from the archive calls it with its own transaction open.
 */
export async function applyProfileEdit(
  home: HomeContext,
  writer: DocumentWriter,
  options: ProfileEdit,
): Promise<ProfileChange> {
  const { file, section, action, edit } = options;
  const now = home.now();
  const path = profilePath(file, now);
  const before = parseSections((await writer.read(path)) ?? initialText(file, now));
  const { document: edited, removed } = edit(before, path);
  const [budget, exempt, daily] = [budgetOf(home, file), exemptSections(file), file === "daily"];
  const room = makeRoom(before, edited, { budget, exempt, earliestSectionsToo: daily });
  const name = findSection(edited, section)?.name ?? section;
  if (!room.fits) {
    const sizes = { budget, before: budgetedSize(before, exempt), after: room.characters };
    throw new MnemoError("TOO_LARGE", doesNotFitMessage({ path, section: name, daily, ...sizes }));
  }
  await writer.write(path, serializeSections(room.document));
  const archived = removed
    ? await archiveText(writer, {
        sourcePath: path,
        chunks: [sectionText(removed)],
        reason: "section removed",
        now,
      })
    : [];
  for (const moved of room.moved) {
    const reason = `over budget (${budget} characters): ${describeMoved(moved)}`;
    archived.push(...(await archiveText(writer, { sourcePath: path, chunks: [moved.text], reason, now })));
  }
  if (file === "daily") await archiveOldDailies(home, writer);
  return {
    file,
    path,
    section: name,
    action,
    usage: usageOf(home, file, room.document),
    archived,
    editedSectionTrimmed: room.moved.some((moved) => moved.lines > 0),
    redactedSecrets: options.redactedSecrets ?? [],
  };
}

/** Writes the budget-trimmed form of a profile file (used by doctor --fix). */
export async function enforceProfileBudget(
  home: HomeContext,
  writer: DocumentWriter,
  file: ProfileFile,
  path: string,
) {
  const text = await writer.read(path);
  if (text === undefined) return [];
  const trimmed = trimToBudget(parseSections(text), budgetOptions(home, file));
  if (trimmed.overflow.length === 0) return [];
  await writer.write(path, serializeSections(trimmed.document));
  return archiveText(writer, {
    sourcePath: path,
    chunks: trimmed.overflow,
    reason: `over budget (${budgetOf(home, file)} characters)`,
    now: home.now(),
  });
}

export function usageOf(home: HomeContext, file: ProfileFile, document: SectionDocument): ProfileUsage {
  return { characters: budgetedSize(document, exemptSections(file)), budget: budgetOf(home, file) };
}

export function budgetOf(home: HomeContext, file: ProfileFile): number {
  return home.config.budgets[file];
}

function budgetOptions(home: HomeContext, file: ProfileFile) {
  return {
    budget: budgetOf(home, file),
    from: file === "daily" ? ("start" as const) : ("end" as const),
    exempt: exemptSections(file),
  };
}

function exemptSections(file: ProfileFile): (section: Section) => boolean {
  return file === "memory" ? (section) => isSectionNamed(section, MANAGED_MEMORY_SECTIONS) : () => false;
}

export function checkWritableSection(file: ProfileFile, section: string): string {
  const name = validateSectionName(section);
  if (
    file === "memory" &&
    MANAGED_MEMORY_SECTIONS.some((managed) => managed.toLowerCase() === name.toLowerCase())
  ) {
    throw new MnemoError(
      "INVALID_INPUT",
      `Section "${name}" of MEMORY.md is managed by mnemo: save typed memories with remember/memory_save and journal entries with journal add.`,
    );
  }
  return name;
}

function initialText(file: ProfileFile, now: Date): string {
  const title = file === "daily" ? localDate(now) : TITLES[file];
  return `# ${title}\n\n`;
}
