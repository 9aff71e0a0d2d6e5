import { resolve } from "node:path";
import { readTreeFolder, writeTreeFolder } from "./adapters/fs/tree-folder.js";
import type { MemoryHome } from "./engine/memory-home.js";
import type { ImportReport } from "./engine/transfer/home-tree.js";
import type { SkippedFile } from "./rules/tree-layout.js";

/**
 * A memory home to a folder and back, whatever its backend: `exportHome` writes the home's tree
 * (its Markdown files, its conversations and its records) as the same files a file home has,
 * `importHome` loads such a folder into a home through the rules of a save. A round trip into an
 * empty home is byte for byte the same (docs/export-import.md).
 */
export interface ExportReport {
  /** The absolute folder written. */
  directory: string;
  files: number;
  /** UTF-8 bytes of all files. */
  bytes: number;
  /** What the home holds and the folder does not, with the reason (.index/, config.json, a stray file). */
  skipped: SkippedFile[];
}

/** Writes the home's tree into `directory`, which must not exist yet or be empty. */
export async function exportHome(memory: MemoryHome, directory: string): Promise<ExportReport> {
  const absolute = resolve(directory);
  const tree = await memory.readTree();
  await writeTreeFolder(absolute, tree.files);
  const bytes = tree.files.reduce((sum, file) => sum + Buffer.byteLength(file.text, "utf8"), 0);
  return { directory: absolute, files: tree.files.length, bytes, skipped: tree.skipped };
}

export interface ImportHomeOptions {
  /** Say what would change and write nothing. */
  dryRun?: boolean;
  /** Store credentials as `[REDACTED:<kind>]` instead of refusing the file; default: the home's `secrets`. */
  redactSecrets?: boolean;
}

export interface ImportHomeReport extends ImportReport {
  /** The absolute folder read. */
  directory: string;
  /** Entries of the folder left out on purpose, with the reason (config.json, .index/, .git/). */
  skipped: SkippedFile[];
}

/**
 * Loads the tree in `directory` into the home. Every file is checked as a save checks what it
 * stores (layout, links, UTF-8, names, sizes, duplicates, frontmatter, credentials); a file that
 * fails is not imported and is listed in `refused` with the reason, and the rest is written in one
 * transaction. Files the home has and the folder lacks are kept.
 */
export async function importHome(
  memory: MemoryHome,
  directory: string,
  options: ImportHomeOptions = {},
): Promise<ImportHomeReport> {
  const absolute = resolve(directory);
  const folder = await readTreeFolder(absolute);
  const report = await memory.importTree(folder.files, options);
  const refused = [...folder.refused, ...report.refused].sort((a, b) => (a.path < b.path ? -1 : 1));
  return { directory: absolute, ...report, refused, skipped: folder.skipped };
}
