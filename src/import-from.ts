import { resolve } from "node:path";
import { InMemoryDocumentStore } from "./adapters/memory/in-memory-document-store.js";
import { sameSectionName } from "./engine/markdown/sections.js";
import { MemoryHome } from "./engine/memory-home.js";
import type { ImportFormat } from "./engine/transfer/import-from/import-formats.js";
import type {
  PlannedMemory,
  PlannedSection,
  SkippedItem,
} from "./engine/transfer/import-from/planned-import.js";
import { MnemoError, type MnemoErrorCode } from "./errors.js";
import { readImportPlan } from "./import-from-files.js";

/**
 * Another tool's memory into a home (docs/import-from.md): the format's files are read and mapped
 * in full first (a file that cannot be read stops the import before anything is saved), then each
 * planned memory goes through the home's own save, consolidated, so importing the same input again
 * answers `unchanged` for each. A dry run does the same saves on a copy of the home in memory, so
 * its answers are the ones the import would give, and the home is not touched.
 */
export interface ImportFromOptions {
  dryRun?: boolean;
  /** Store credentials as `[REDACTED:<kind>]` instead of skipping the item; default: the home's `secrets`. */
  redactSecrets?: boolean;
}

export interface ImportedItem {
  /** Where it came from: `mem0:<id>`, a file, or `<file>#<section>`. */
  source: string;
  /** The home's file it went to (or already was in), relative to the home. */
  path: string;
  /** The memory's name, or the profile section's. */
  name: string;
  /** Why it was unchanged or updated, or that it became a memory because its section did not fit. */
  reason?: string;
}

export interface ImportFromReport {
  format: ImportFormat;
  /** The absolute file or folder read. */
  from: string;
  dryRun: boolean;
  added: ImportedItem[];
  updated: ImportedItem[];
  unchanged: ImportedItem[];
  skipped: SkippedItem[];
}

/** What a save refuses for one item (a credential, a name or size it cannot hold): that item is skipped. */
const SKIPPED_CODES: ReadonlySet<MnemoErrorCode> = new Set(["SECRET_DETECTED", "INVALID_INPUT", "TOO_LARGE"]);

export async function importFrom(
  memory: MemoryHome,
  format: ImportFormat,
  path: string,
  options: ImportFromOptions = {},
): Promise<ImportFromReport> {
  const plan = await readImportPlan(format, path);
  const target = options.dryRun ? await copyInMemory(memory) : memory;
  const report: ImportFromReport = {
    format,
    from: resolve(path),
    dryRun: options.dryRun === true,
    added: [],
    updated: [],
    unchanged: [],
    skipped: [...plan.skipped],
  };
  for (const item of plan.items) {
    try {
      if (item.kind === "memory") await saveMemory(target, item, report, options);
      else await saveSection(target, item, report, options);
    } catch (error) {
      if (!(error instanceof MnemoError && SKIPPED_CODES.has(error.code))) throw error;
      report.skipped.push({ source: item.source, reason: error.message });
    }
  }
  return report;
}

async function saveMemory(
  home: MemoryHome,
  item: PlannedMemory,
  report: ImportFromReport,
  options: ImportFromOptions,
  note?: string,
): Promise<void> {
  const saved = await home.memories.save({
    type: item.type,
    name: item.name,
    ...(item.description === undefined ? {} : { description: item.description }),
    content: item.content,
    frontmatter: { source: item.source, ...item.frontmatter },
    validFrom: item.date,
    ...(options.redactSecrets === undefined ? {} : { redactSecrets: options.redactSecrets }),
  });
  const reason = note ?? saved.reason;
  const entry = { source: item.source, path: saved.path, name: saved.name, ...(reason ? { reason } : {}) };
  report[saved.action].push(entry);
}

/**
 * A profile section: added when the file lacks it, unchanged when it holds the same text, else its
 * text replaced. One that cannot fit the file's budget is saved as its fallback memory instead.
 */
async function saveSection(
  home: MemoryHome,
  item: PlannedSection,
  report: ImportFromReport,
  options: ImportFromOptions,
): Promise<void> {
  const write = options.redactSecrets === undefined ? {} : { redactSecrets: options.redactSecrets };
  const file = await home.profile.read(item.file);
  const name = file.sections.find((each) => sameSectionName(each, item.section));
  const current = name === undefined ? "" : (await home.profile.read(item.file, name)).text.trim();
  const entry = { source: item.source, path: file.path, name: name ?? item.section };
  try {
    if (current === item.text.trim()) report.unchanged.push(entry);
    else if (current === "") {
      await home.profile.add(item.file, item.section, item.text, write);
      report.added.push(entry);
    } else {
      await home.profile.replace(item.file, {
        section: entry.name,
        oldText: current,
        newText: item.text,
        ...write,
      });
      report.updated.push(entry);
    }
  } catch (error) {
    if (!(error instanceof MnemoError && error.code === "TOO_LARGE")) throw error;
    const note = `too long for ${file.path}'s budget (${file.usage.budget} characters), saved as a memory`;
    await saveMemory(home, item.fallback, report, options, note);
  }
}

/**
 * The home's files in a store in memory, under the home's config: a dry run saves there, through
 * the same code as an import, and is thrown away. No model is wired in, so a home whose
 * consolidation asks the model is answered by the rules in a dry run (each answer's warning says so).
 */
async function copyInMemory(memory: MemoryHome): Promise<MemoryHome> {
  const tree = await memory.readTree();
  const store = new InMemoryDocumentStore();
  await store.transaction(async (writer) => {
    for (const file of tree.files) await writer.write(file.path, file.text);
  });
  const unavailable = () =>
    Promise.reject(new MnemoError("DISABLED", "a dry run of an import does not search"));
  return new MemoryHome(
    { store, config: memory.config, now: () => new Date(), warn: () => {} },
    { home: memory.home, openSearch: unavailable, messageStore: unavailable },
  );
}
