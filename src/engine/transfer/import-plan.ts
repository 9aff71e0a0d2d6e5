import { ARCHIVE_DIR, archivePathFor } from "../home/layout.js";
import type { TreeFile } from "./tree-layout.js";

/**
 * What importing a tree does to each of its files, decided from the texts alone. The tree wins,
 * and nothing the home held is lost:
 * - a file the home lacks is added;
 * - a file with other text is replaced, and the home's version goes to archive/ like every other
 *   replaced text (docs/format.md);
 * - an archive file is never cut: the tree's archive text is added after the home's, unless one
 *   already holds the other (archives only grow, so a newer export of the same home starts with
 *   the home's text);
 * - a file with the same text is left as it is.
 * Importing the same tree twice changes nothing the second time.
 */
export type ImportStep =
  | { action: "add"; path: string; text: string }
  | { action: "replace"; path: string; text: string; previous: string; archivedTo: string }
  | { action: "append"; path: string; text: string }
  | { action: "keep"; path: string };

export function planImport(files: readonly TreeFile[], existing: ReadonlyMap<string, string>): ImportStep[] {
  return files.map(({ path, text }): ImportStep => {
    const previous = existing.get(path);
    if (previous === undefined) return { action: "add", path, text };
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
