import type { DocumentReader, DocumentWriter } from "../../contracts/document-store.js";
import { archivePathFor, MEMORIES_DIR, MEMORY_PATH } from "../../rules/home-layout.js";
import { moveToArchive, updateIndex } from "../memdir/memdir.js";
import { removeIndexLines } from "../memdir/memory-index.js";
import { findNamedFilesIn, MemoryFolder } from "../memdir/memory-lookup.js";

/**
 * A home holds one memory of a name. When the tree brings a memory under another file than the
 * home's of the same name ("Pet" as memories/project_pet.md, the home's as memories/user_pet.md),
 * the import does what a save of that name does: the home's file goes to archive/ and its index
 * line leaves MEMORY.md. Only files of the name's slug are read (memory-lookup.ts), so an import
 * into a new home reads nothing here.
 */
export interface ReplacedByName {
  path: string;
  archivedTo: string;
  /** The tree's file that holds the name now. */
  replacedBy: string;
}

export async function findReplacedByName(
  reader: DocumentReader,
  memories: ReadonlyArray<{ path: string; name: string }>,
): Promise<ReplacedByName[]> {
  if (memories.length === 0) return [];
  const treePaths = new Set(memories.map((memory) => memory.path));
  const listed = await reader.list(MEMORIES_DIR);
  const folder = new MemoryFolder(listed.filter((document) => !treePaths.has(document.path)));
  // A new home, or one that holds only the tree's files (a second import), has nothing to replace.
  if (folder.present.size === 0) return [];
  const found: ReplacedByName[] = [];
  for (const memory of memories) {
    const named = await findNamedFilesIn(reader, memory.name, folder);
    for (const path of named.holding)
      found.push({ path, archivedTo: archivePathFor(path), replacedBy: memory.path });
  }
  return found;
}

/** Inside the import's transaction, after the tree's files are written. */
export async function archiveReplacedByName(
  writer: DocumentWriter,
  replaced: readonly ReplacedByName[],
  now: Date,
): Promise<void> {
  for (const each of replaced)
    await moveToArchive(writer, each.path, `replaced by ${each.replacedBy} (an import)`, now);
  if (replaced.length === 0 || (await writer.read(MEMORY_PATH)) === undefined) return;
  await updateIndex(writer, (body) =>
    removeIndexLines(
      body,
      replaced.map((each) => each.path),
    ),
  );
}
