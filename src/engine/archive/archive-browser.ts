/**
 * The archive as a person browses it: every chunk that left a file, newest first, with whether it can
 * be restored; and the restore itself, which moves a chunk back through the same rules as any write
 * (a memory's index line, a profile file's budget, the archive for whatever it displaces), all in one
 * transaction: the chunk leaves the archive exactly when its text is back.
 */
import type { DocumentReader, DocumentWriter } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import { guardSecrets, secretMode } from "../guard/secret-guard.js";
import { localDate } from "../home/clock.js";
import type { HomeContext } from "../home/home-context.js";
import { ARCHIVE_DIR, DAILY_DIR, MEMORIES_DIR, TOPICS_DIR } from "../home/layout.js";
import type { ProfileUsage } from "../profile/profile.js";
import type { ArchivedChunk } from "./archive.js";
import { type ArchiveChunk, parseArchiveChunks, withoutChunk } from "./archive-chunks.js";
import { restoreMemoryFile, restoreSections } from "./restore-into.js";
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
  const today = localDate(home.now());
  const items: ArchivedItem[] = [];
  for (const path of await archiveFiles(home.store)) {
    const chunks = parseArchiveChunks((await home.store.read(path)) ?? "", sourceOf(path));
    for (const chunk of chunks) items.push(toItem(path, chunk, today));
  }
  // Newest first; within one minute, the later in its file first.
  const ordered = items
    .map((item, order) => ({ item, order }))
    .sort((a, b) => (b.item.archivedAt ?? "").localeCompare(a.item.archivedAt ?? "") || b.order - a.order)
    .map(({ item }) => item);
  const page = ordered.slice(offset, offset + limit);
  return { items: page, total: ordered.length, offset, truncated: offset + limit < ordered.length };
}

/** The archive's files, folder by folder, each folder by name: a store may list in any order, pages need one. */
export async function archiveFiles(reader: DocumentReader): Promise<string[]> {
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

/** Moves the chunk `id` of the archive file `path` back where it came from. */
export function restoreFromArchive(
  home: HomeContext,
  target: { path: string; id: string },
): Promise<RestoreResult> {
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
