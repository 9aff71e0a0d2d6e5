import { join, resolve } from "node:path";
import { readTreeFolder, writeTreeFolder } from "./adapters/fs/tree-folder.js";
import type { MemoryHome } from "./engine/memory-home.js";
import type { ImportReport } from "./engine/transfer/home-tree.js";
import type { SkippedFile } from "./engine/transfer/tree-layout.js";

/**
 * A memory home to a folder and back, whatever its backend: `exportHome` writes the home's Markdown
 * tree as the same files a file home has, `importHome` loads such a folder into a home. A round
 * trip into an empty home is byte for byte the same (docs/export-import.md).
 */
export interface ExportReport {
  /** The absolute folder written. */
  directory: string;
  files: number;
  /** UTF-8 bytes of all files. */
  bytes: number;
  /** Documents of the home left out of the tree (config.json, a stray file). */
  skipped: SkippedFile[];
}

/** Writes the home's Markdown tree into `directory`, which must not exist yet or be empty. */
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
  /** Store credentials as `[REDACTED:<kind>]` instead of refusing the import; default: the home's `secrets`. */
  redactSecrets?: boolean;
}

export interface ImportHomeReport extends ImportReport {
  /** The absolute folder read. */
  directory: string;
  /** Files of the folder left out (config.json). */
  skipped: SkippedFile[];
}

/**
 * Loads the Markdown tree in `directory` into the home, all or nothing: the folder is read and
 * checked whole first (layout, links, UTF-8, typed memories, credentials), then written in one
 * transaction. Files the home has and the folder lacks are kept.
 */
export async function importHome(
  memory: MemoryHome,
  directory: string,
  options: ImportHomeOptions = {},
): Promise<ImportHomeReport> {
  const absolute = resolve(directory);
  const tree = await readTreeFolder(absolute);
  const report = await memory.importTree(tree.files, {
    ...options,
    locate: (path) => join(absolute, ...path.split("/")),
  });
  return { directory: absolute, ...report, skipped: tree.skipped };
}
