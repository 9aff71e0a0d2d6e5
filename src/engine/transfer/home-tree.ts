import type { DocumentReader, DocumentStore, DocumentWriter } from "../../contracts/document-store.js";
import {
  classifyTreePath,
  DERIVED_STATE_SKIP,
  type RefusedFile,
  type SkippedFile,
  TREE_FOLDERS,
  type TreeFile,
} from "../../rules/tree-layout.js";
import { archiveText } from "../archive/archive.js";
import { secretMode } from "../guard/secret-guard.js";
import type { HomeContext } from "../home/home-context.js";
import { inBatches, readMany } from "../home/read-many.js";
import { type CheckedTree, checkTree } from "./check-tree.js";
import { type ImportStep, isArchivePath, planImport } from "./import-plan.js";
import { archiveReplacedByName, findReplacedByName, type ReplacedByName } from "./same-name-memories.js";

/**
 * A home's tree in and out, through the DocumentStore contract only, so export and import work the
 * same on every backend. Checking happens before the one transaction that writes; the search index
 * catches up with the new documents on the next recall, as after any write.
 */
export interface HomeTree {
  /** Sorted by path. */
  files: TreeFile[];
  /** What the tree leaves out: derived state (.index/), and documents in the tree's folders that are not part of it (config.json, a stray file). */
  skipped: SkippedFile[];
}

/**
 * Read inside a transaction: the tree is one moment of the home (a memory and its index line
 * together), however long the reading takes, and the store checks each folder once.
 */
export function readHomeTree(store: DocumentStore): Promise<HomeTree> {
  return store.transaction((reader) => readTree(reader));
}

async function readTree(reader: DocumentReader): Promise<HomeTree> {
  const listed = (await Promise.all(TREE_FOLDERS.map((folder) => reader.list(folder)))).flat();
  const skipped: SkippedFile[] = [DERIVED_STATE_SKIP];
  const paths: string[] = [];
  for (const { path } of listed) {
    const kind = classifyTreePath(path);
    if (kind.kind === "tree") paths.push(path);
    else skipped.push({ path, reason: kind.reason });
  }
  paths.sort();
  const texts = await readMany(reader, paths);
  // A document removed between the listing and the read is simply not part of this export.
  const files = paths.flatMap((path) => {
    const text = texts.get(path);
    return text === undefined ? [] : [{ path, text }];
  });
  return { files, skipped };
}

export interface ImportTreeOptions {
  /** Say what would change and write nothing. */
  dryRun?: boolean;
  /** Store credentials as `[REDACTED:<kind>]` (true) or refuse the file (false); default: the home's `secrets`. */
  redactSecrets?: boolean;
}

export interface ImportReport {
  dryRun: boolean;
  added: string[];
  /** Files whose text the tree changes; the home's version goes to `archivedTo`. */
  replaced: Array<{ path: string; archivedTo: string }>;
  /** Archive files that gain the tree's archive text (archives are never cut). */
  appended: string[];
  unchanged: string[];
  /** The home's memories of a name the tree brings in another file, moved to the archive as a save would. */
  archived: ReplacedByName[];
  redactedSecrets: Array<{ path: string; kinds: string[] }>;
  /** Files not imported, each with the reason; everything else was. */
  refused: RefusedFile[];
}

/**
 * Imports what passes the checks and refuses the rest, file by file (check-tree.ts); what is
 * imported is written in one transaction. A dry run too reads under the transaction, so that its
 * report is the one an import would give.
 */
export async function importTree(
  home: HomeContext,
  files: readonly TreeFile[],
  options: ImportTreeOptions = {},
): Promise<ImportReport> {
  const checked = checkTree(home, files, { secrets: secretMode(home.config.secrets, options.redactSecrets) });
  const paths = checked.files.map((file) => file.path);
  return home.store.transaction(async (writer) => {
    const steps = planImport(checked.files, await readPresent(writer, paths));
    // Records are the only files a plan refuses, so every checked memory is written.
    const archived = await findReplacedByName(writer, checked.memories);
    if (!options.dryRun) {
      await applySteps(home, writer, steps);
      await archiveReplacedByName(writer, archived, home.now());
    }
    return describe(steps, { dryRun: options.dryRun === true, checked, archived });
  });
}

/**
 * Archive files first, then the others, each group staged many at once: a replaced file's old
 * text is appended to an archive file that the tree may also bring, so that one must be in place.
 */
async function applySteps(home: HomeContext, writer: DocumentWriter, steps: ImportStep[]): Promise<void> {
  const now = home.now();
  const apply = async (step: ImportStep) => {
    if (step.action === "keep" || step.action === "refuse") return;
    if (step.action === "replace") {
      const chunks = [step.previous];
      await archiveText(writer, { sourcePath: step.path, chunks, reason: "replaced by an import", now });
    }
    await writer.write(step.path, step.text);
  };
  await inBatches(
    steps.filter((step) => isArchivePath(step.path)),
    apply,
  );
  await inBatches(
    steps.filter((step) => !isArchivePath(step.path)),
    apply,
  );
}

/**
 * The home's text of each path that it has. A folder the home does not have holds nothing, so its
 * paths are not read one by one: importing 100,000 memories into a new database home would have
 * been 100,000 queries.
 */
async function readPresent(reader: DocumentReader, paths: readonly string[]): Promise<Map<string, string>> {
  const folders = [...new Set(paths.map(folderOf))];
  const stamps = await Promise.all(folders.map((folder) => reader.folderStamp(folder)));
  const existing = new Set(folders.filter((_, index) => stamps[index] !== undefined));
  return readMany(
    reader,
    paths.filter((path) => existing.has(folderOf(path))),
  );
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

function describe(
  steps: ImportStep[],
  context: { dryRun: boolean; checked: CheckedTree; archived: ReplacedByName[] },
): ImportReport {
  const report: ImportReport = {
    dryRun: context.dryRun,
    added: [],
    replaced: [],
    appended: [],
    unchanged: [],
    archived: context.archived,
    redactedSecrets: context.checked.redactedSecrets,
    refused: [...context.checked.refused],
  };
  for (const step of steps) {
    if (step.action === "add") report.added.push(step.path);
    else if (step.action === "replace")
      report.replaced.push({ path: step.path, archivedTo: step.archivedTo });
    else if (step.action === "append") report.appended.push(step.path);
    else if (step.action === "refuse")
      report.refused.push({ path: step.path, code: "INVALID_INPUT", reason: step.reason });
    else report.unchanged.push(step.path);
  }
  report.refused.sort((a, b) => compare(a.path, b.path));
  return report;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
