/**
 * The archive as a person browses it: every chunk that left a file, newest first, with whether it can
 * be restored; and the restore itself, which moves a chunk back through the same rules as any write
 * (a memory's index line, a profile file's budget, the archive for whatever it displaces), all in one
 * transaction: the chunk leaves the archive exactly when its text is back.
 */
import type { DocumentReader, DocumentWriter } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import { ARCHIVE_DIR, DAILY_DIR, MEMORIES_DIR, TOPICS_DIR } from "../../rules/home-layout.js";
import { guardSecrets, secretMode } from "../guard/secret-guard.js";
import { localDate } from "../home/clock.js";
import type { HomeContext } from "../home/home-context.js";
import { type ArchiveChunk, parseArchiveChunks, withoutChunk } from "./archive-chunks.js";
import { checkRestoreIsOwn, type RestoreResult, restoreMemoryFile, restoreSections } from "./restore-into.js";
import { planRestore } from "./restore-plan.js";

export interface ArchivedItem {
  /** The archive file, relative to the home ("archive/USER.md"). */
  path: string;
  id: string;
  source: string;
  archivedAt: string | undefined;
  reason: string | undefined;
  text: string;
  restorable: boolean;
  /** Why it cannot be restored, when it cannot. */
  restoreNote?: string;
}

export interface ArchiveListing {
  items: ArchivedItem[];
  /** Chunks in the whole archive. */
  total: number;
  offset: number;
  truncated: boolean;
}

/** The folders of archive/: it mirrors the home's own. */
const ARCHIVE_FOLDERS = ["", MEMORIES_DIR, TOPICS_DIR, DAILY_DIR].map((folder) =>
  folder === "" ? ARCHIVE_DIR : `${ARCHIVE_DIR}/${folder}`,
);

export async function listArchive(
  home: HomeContext,
  options: { offset?: number; limit?: number } = {},
): Promise<ArchiveListing> {
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 100;
  const ordered = await allArchived(home.store, localDate(home.now()));
  const page = ordered.slice(offset, offset + limit);
  return { items: page, total: ordered.length, offset, truncated: offset + limit < ordered.length };
}

/** Every archived chunk, newest first; within one minute, the later in its file first. */
async function allArchived(reader: DocumentReader, today: string): Promise<ArchivedItem[]> {
  const items: ArchivedItem[] = [];
  for (const path of await archiveFiles(reader)) {
    // Stryker disable next-line StringLiteral: the file was just listed; missing only in a race.
    const chunks = parseArchiveChunks((await reader.read(path)) ?? "", sourceOf(path));
    for (const chunk of chunks) items.push(toItem(path, chunk, today));
  }
  return items
    .map((item, order) => ({ item, order }))
    .sort((a, b) => (b.item.archivedAt ?? "").localeCompare(a.item.archivedAt ?? "") || b.order - a.order)
    .map(({ item }) => item);
}

/** The shortest start of an id a person may type for it: ids are 16 hex digits. */
export const MIN_ID_PREFIX = 4;

/**
 * The archived chunk whose id is `id`, or starts with it (at least 4 characters, naming one chunk).
 * A second copy of a chunk's text is listed as "<id>-2": that id is taken as listed.
 */
export async function findArchived(home: HomeContext, id: string): Promise<ArchivedItem> {
  const wanted = id.trim().toLowerCase();
  if (wanted.length < MIN_ID_PREFIX || !/^[0-9a-f]+(?:-[0-9]+)?$/.test(wanted))
    throw new MnemoError(
      "INVALID_INPUT",
      `"${id}" is not an archive id: give the id the archive listing shows (hex digits, at least the first ${MIN_ID_PREFIX}).`,
    );
  const items = await allArchived(home.store, localDate(home.now()));
  const exact = items.find((item) => item.id === wanted);
  const matching = exact ? [exact] : items.filter((item) => item.id.startsWith(wanted));
  const [found, other] = matching;
  if (found === undefined)
    throw new MnemoError(
      "NOT_FOUND",
      `There is no archived text with the id ${id}: it was restored, or the archive changed. List the archive again.`,
    );
  if (other !== undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      `The id ${id} starts ${matching.length} archived texts (${matching.map((item) => item.id).join(", ")}); give more of it.`,
    );
  return found;
}

/** The archive's files, folder by folder, each folder by name: a store may list in any order, pages need one. */
export async function archiveFiles(reader: DocumentReader): Promise<string[]> {
  // Stryker disable next-line ArrayDeclaration: a path that holds no file reads as no piece.
  const paths: string[] = [];
  for (const folder of ARCHIVE_FOLDERS) {
    const listed = (await reader.list(folder)).map((document) => document.path);
    paths.push(...listed.filter((path) => path.endsWith(".md")).sort());
  }
  return paths;
}

function toItem(path: string, chunk: ArchiveChunk, today: string): ArchivedItem {
  const plan = planRestore(chunk, today);
  const { id, source, archivedAt, reason, text } = chunk;
  return {
    path,
    id,
    source,
    archivedAt,
    reason,
    text,
    restorable: plan.kind !== "none",
    ...(plan.kind === "none" ? { restoreNote: plan.why } : {}),
  };
}

/** "archive/memories/user_go.md" -> "memories/user_go.md": where unmarked text in it came from. */
function sourceOf(archivePath: string): string {
  return archivePath.slice(ARCHIVE_DIR.length + 1);
}

/**
 * Moves the chunk `id` of the archive file `path` back where it came from; without `path`, the
 * chunk is looked up by its id (or the start of it) across the archive.
 */
export async function restoreFromArchive(
  home: HomeContext,
  request: { path?: string; id: string },
): Promise<RestoreResult> {
  const target =
    request.path === undefined ? await findArchived(home, request.id) : { ...request, path: request.path };
  if (!target.path.startsWith(`${ARCHIVE_DIR}/`))
    throw new MnemoError(
      "INVALID_INPUT",
      `"${target.path}" is not in ${ARCHIVE_DIR}/: give an archive file's path.`,
    );
  return home.store.transaction(async (writer) => {
    const text = await writer.read(target.path);
    const chunk = text === undefined ? undefined : findChunk(text, target);
    if (text === undefined || chunk === undefined)
      throw new MnemoError(
        "NOT_FOUND",
        `There is no archived text ${target.id} in ${target.path}: it was restored or the archive changed. List the archive again.`,
      );
    // A credential written by hand before it was archived is refused (or redacted) as on any write.
    const mode = secretMode(home.config.secrets, undefined);
    const guarded = guardSecrets(chunk.text, { field: `the archived text from ${chunk.source}`, mode }).text;
    const plan = planRestore({ source: chunk.source, text: guarded }, localDate(home.now()));
    if (plan.kind === "none")
      throw new MnemoError(
        "INVALID_INPUT",
        `The archived text ${target.id} cannot be restored: ${plan.why}.`,
      );
    if (plan.kind === "memory") await checkRestoreIsOwn(home, writer, { ...plan, text: guarded });
    await removeChunk(writer, target.path, text, chunk);
    if (plan.kind === "memory") return restoreMemoryFile(home, writer, { ...plan, text: guarded });
    return restoreSections(home, writer, plan);
  });
}

function findChunk(text: string, target: { path: string; id: string }): ArchiveChunk | undefined {
  return parseArchiveChunks(text, sourceOf(target.path)).find((chunk) => chunk.id === target.id);
}

async function removeChunk(
  writer: DocumentWriter,
  path: string,
  text: string,
  chunk: ArchiveChunk,
): Promise<void> {
  const rest = withoutChunk(text, chunk);
  if (rest === "") await writer.remove(path);
  else await writer.write(path, rest);
}
