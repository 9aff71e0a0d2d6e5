import { ARCHIVE_DIR, archivePathFor, PENDING_DIR, SESSIONS_DIR } from "../../rules/home-layout.js";
import type { TreeFile } from "../../rules/tree-layout.js";

/**
 * What importing a tree does to each of its files, decided from the texts alone. The tree wins,
 * and nothing the home held is lost:
 * - a file the home lacks is added;
 * - a file with other text is replaced, and the home's version goes to archive/ like every other
 *   replaced text (docs/format.md);
 * - an archive file is never cut: the tree's archive text is added after the home's, unless one
 *   already holds the other (archives only grow, so a newer export of the same home starts with
 *   the home's text);
 * - a record (.pending/, .sessions/) is never archived: one the home holds with other text is
 *   kept, and the tree's is refused (the home's queued conversation or session log is not lost);
 * - a file with the same text is left as it is.
 * Importing the same tree twice changes nothing the second time.
 */
export type ImportStep =
  | { action: "add"; path: string; text: string }
  | { action: "replace"; path: string; text: string; previous: string; archivedTo: string }
  | { action: "append"; path: string; text: string }
  | { action: "keep"; path: string }
  | { action: "refuse"; path: string; reason: string };

export function planImport(files: readonly TreeFile[], existing: ReadonlyMap<string, string>): ImportStep[] {
  return files.map(({ path, text }): ImportStep => {
    const previous = existing.get(path);
    if (previous === undefined) return { action: "add", path, text };
    if (isRecordPath(path) && previous !== text)
      return { action: "refuse", path, reason: recordConflict(path) };
    if (isArchivePath(path)) {
      const merged = mergeArchiveText(previous, text);
      return merged === previous ? { action: "keep", path } : { action: "append", path, text: merged };
    }
    if (previous === text) return { action: "keep", path };
    return { action: "replace", path, text, previous, archivedTo: archivePathFor(path) };
  });
}

/**
 * The home's archive text and the tree's in one: the one that already holds the other, else the
 * tree's after the home's, separated by a blank line as archived chunks are.
 */
export function mergeArchiveText(home: string, tree: string): string {
  if (home.includes(tree)) return home;
  if (tree.startsWith(home)) return tree;
  const separator = home === "" || home.endsWith("\n\n") ? "" : home.endsWith("\n") ? "\n" : "\n\n";
  return `${home}${separator}${tree}`;
}

export function isArchivePath(path: string): boolean {
  return path.startsWith(`${ARCHIVE_DIR}/`);
}

function isRecordPath(path: string): boolean {
  return path.startsWith(`${PENDING_DIR}/`) || path.startsWith(`${SESSIONS_DIR}/`);
}

function recordConflict(path: string): string {
  const rename = path.startsWith(`${PENDING_DIR}/`)
    ? `; to queue this conversation as well, rename it to ${path.replace(/\.json$/, ".2.json")}`
    : "";
  return `the home holds another version of this record, which is kept (records are never archived)${rename}`;
}
