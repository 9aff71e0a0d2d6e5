/**
 * Puts restored text back, inside the restore's transaction: a typed memory into its file and
 * MEMORY.md's index (a current version, or the same memory under another type, goes to the archive
 * first), profile sections into their file through the same edit and budget as `profile.add`.
 */
import type { DocumentWriter } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import { MANAGED_MEMORY_SECTIONS } from "../../rules/home-layout.js";
import type { HomeContext } from "../home/home-context.js";
import { validateSectionText } from "../markdown/sections.js";
import { moveToArchive, updateIndex } from "../memdir/memdir.js";
import { parseMemoryFile } from "../memdir/memory-file.js";
import { removeIndexLines, upsertIndexLine } from "../memdir/memory-index.js";
import { findNamedFiles } from "../memdir/memory-lookup.js";
import { prepareSave } from "../memdir/prepare-save.js";
import { mayReplace } from "../memdir/replaceable-memories.js";
import { applyProfileEdit, checkWritableSection, type Edit, type ProfileUsage } from "../profile/profile.js";
import { addToSection } from "../profile/section-edits.js";
import type { ArchivedChunk } from "./archive.js";
import type { RestorePlan } from "./restore-plan.js";

const DISPLACED = "replaced by a restore from the archive";

export interface RestoreResult {
  /** The file the text went back to. */
  path: string;
  kind: "memory" | "sections";
  /** The memory's name, or the names of the sections restored. */
  names: string[];
  /** What the restore pushed out in turn: a memory's current version, or a budget's overflow. */
  archived: ArchivedChunk[];
  /** A profile file's usage against its budget after the restore. */
  usage?: ProfileUsage;
}

export async function restoreMemoryFile(
  home: HomeContext,
  writer: DocumentWriter,
  plan: Extract<RestorePlan, { kind: "memory" }> & { text: string },
): Promise<RestoreResult> {
  const name = checkLikeASave(home, plan);
  const named = await findNamedFiles(writer, name);
  const displaced = [...new Set([...named.holding, ...(named.present.has(plan.path) ? [plan.path] : [])])];
  const now = home.now();
  const archived: ArchivedChunk[] = [];
  for (const path of displaced) archived.push(...(await moveToArchive(writer, path, DISPLACED, now)));
  // Stryker disable next-line MethodExpression: a chunk's text never starts or ends with a newline (parseArchiveChunks trims it).
  await writer.write(plan.path, plan.text.endsWith("\n") ? plan.text : `${plan.text}\n`);
  const parsed = parseMemoryFile(plan.path, plan.text);
  // Stryker disable next-line StringLiteral: the text passed checkLikeASave, so it parses.
  const summary = parsed.ok ? parsed.header.description : "";
  const others = displaced.filter((path) => path !== plan.path);
  await updateIndex(writer, (body) =>
    upsertIndexLine(removeIndexLines(body, others), { title: name, path: plan.path, summary }),
  );
  return { path: plan.path, kind: "memory", names: [name], archived };
}

/**
 * For a writer that replaces only its own agent's memories: refuses, before anything is written, the
 * restore of a memory another agent wrote, or one that would push out another agent's memory.
 */
export async function checkRestoreIsOwn(
  home: HomeContext,
  writer: DocumentWriter,
  plan: Extract<RestorePlan, { kind: "memory" }> & { text: string },
): Promise<void> {
  // Stryker disable next-line ConditionalExpression: a speed-only return; without it mayReplace allows every text.
  if (!home.replacesOnlyOwn) return;
  const name = checkLikeASave(home, plan);
  const named = await findNamedFiles(writer, name);
  // Stryker disable next-line ArrayDeclaration: a path added here that holds no file reads as undefined and is skipped.
  const displaced = [...new Set([...named.holding, ...(named.present.has(plan.path) ? [plan.path] : [])])];
  const texts = [plan.text, ...(await Promise.all(displaced.map((path) => writer.read(path))))];
  for (const text of texts) {
    // Stryker disable next-line ConditionalExpression,OptionalChaining: undefined only for a file removed between the listing and its read.
    const parsed = text === undefined ? undefined : parseMemoryFile(plan.path, text);
    // Stryker disable next-line OptionalChaining: the same race.
    const agent = parsed?.ok ? parsed.header.agent : undefined;
    // Stryker disable next-line ConditionalExpression: the same race.
    if (text !== undefined && !mayReplace(home, agent))
      throw new MnemoError(
        "INVALID_INPUT",
        // Stryker disable next-line OptionalChaining: a writer limited to its own agent always has an author (writingAs).
        `The archived memory "${name}" would bring back or replace a memory ${agent === undefined ? "nobody named" : `agent "${agent}"`} wrote, and this writer (agent "${home.author?.agent}") may replace only its own agent's memories.`,
      );
  }
}

/**
 * A restored memory passes the checks of a save (name, content and description limits, type,
 * credentials): a hand-edited archive cannot bring back what a save would refuse. Returns its name.
 */
function checkLikeASave(home: HomeContext, plan: { path: string; text: string }): string {
  const parsed = parseMemoryFile(plan.path, plan.text);
  // Stryker disable next-line ConditionalExpression: planRestore refused a text that is no memory file before this check.
  if (!parsed.ok)
    // Stryker disable next-line StringLiteral: unreachable, as above.
    throw new MnemoError("MALFORMED_FILE", `The archived memory is not a memory file: ${parsed.problem}.`);
  const { name, description, type } = parsed.header;
  return prepareSave(home, { type, name, description, content: parsed.body }).name;
}

export async function restoreSections(
  home: HomeContext,
  writer: DocumentWriter,
  plan: Extract<RestorePlan, { kind: "sections" }>,
): Promise<RestoreResult> {
  const sections = plan.sections.map((section) => ({
    name: checkWritableSection(plan.file, section.name),
    content: validateSectionText(section.content, `archived text of ## ${section.name}`),
  }));
  const insertBefore = plan.file === "memory" ? MANAGED_MEMORY_SECTIONS : [];
  const edit: Edit = (document) => ({
    document: sections.reduce(
      (edited, section) => addToSection(edited, section.name, section.content, { insertBefore }),
      document,
    ),
  });
  const names = sections.map((section) => section.name);
  const change = await applyProfileEdit(home, writer, {
    file: plan.file,
    // Stryker disable next-line StringLiteral: a planned restore has at least one section.
    section: names[0] ?? "",
    // Stryker disable next-line StringLiteral: the action is not part of a restore's result.
    action: "added",
    edit,
  });
  return { path: change.path, kind: "sections", names, archived: change.archived, usage: change.usage };
}
