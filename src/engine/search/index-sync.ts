import type { DocumentInfo, DocumentReader } from "../../contracts/document-store.js";
import type { ChunkRecord, DocumentState, SearchIndex } from "../../contracts/search-index.js";
import { textHash } from "./embed-chunks.js";
import {
  chunkFormatOf,
  chunkHomeDocument,
  INDEXED_FOLDERS,
  INDEXED_ROOT_FILES,
  isIndexedPath,
} from "./home-chunks.js";

/**
 * Keeps the index in step with the files. A document is re-read when its size, modification time or
 * change stamp (inode and inode change time: an edit that restores the modification time still
 * changes it) differs from what the index recorded (the embedding cache makes re-chunking unchanged
 * text cheap). Folders
 * whose stamp did not change since the last pass are not listed again (every mnemo write, and most
 * editors' saves, rename a file into its folder, which changes the stamp); a full pass over every
 * file runs at least every `fullScanIntervalMs` to catch edits written in place, and never more
 * often than ten times its own duration (unless the interval is 0), so on a very large home it costs
 * at most a tenth of the time. A store whose folder stamps change on every write, in place or not
 * (`everyWriteChangesFolderStamp`: PostgreSQL), needs no such pass: the stamps tell every change,
 * and a recall on 10,000 memories no longer lists them all each second. An index that started over (it was found damaged) gets a full pass.
 * A document whose chunks take another form since it was indexed (a new mnemo indexes conversation
 * messages differently) is chunked again: the form leads its recorded hash (`chunkFormatOf`).
 */
export interface SyncState {
  stamps: Map<string, string | undefined>;
  lastFullScan: number;
  /** How long the last full pass took, in ms. */
  lastFullScanCost: number;
  /** The index's generation at the last pass. */
  indexGeneration: number | undefined;
}

export interface SyncChange {
  path: string;
  chunks: ChunkRecord[];
  state: DocumentState;
}

export interface SyncPlan {
  changed: SyncChange[];
  removed: string[];
  /** The index held no document before: this plan builds it (a home's first search). */
  firstBuild: boolean;
}

export interface SyncOptions {
  fullScanIntervalMs: number;
  now: number;
  /** List every folder, whatever their stamps say. */
  force?: boolean;
  /** Also re-read every document, whatever the index recorded. */
  rebuild?: boolean;
}

export function newSyncState(): SyncState {
  return {
    stamps: new Map(),
    lastFullScan: Number.NEGATIVE_INFINITY,
    lastFullScanCost: 0,
    indexGeneration: undefined,
  };
}

export async function planSync(
  reader: DocumentReader,
  index: Pick<SearchIndex, "documentStates" | "generation">,
  state: SyncState,
  options: SyncOptions,
): Promise<SyncPlan> {
  // 0 asks for an exact check before every search, whatever it costs.
  const interval =
    options.fullScanIntervalMs === 0 ? 0 : Math.max(options.fullScanIntervalMs, 10 * state.lastFullScanCost);
  const generation = await index.generation();
  const full =
    options.force === true ||
    options.rebuild === true ||
    generation !== state.indexGeneration ||
    (reader.everyWriteChangesFolderStamp !== true && options.now - state.lastFullScan >= interval);
  state.indexGeneration = generation;
  const started = performance.now();
  const folders = ["", ...INDEXED_FOLDERS];
  const stamps = new Map(
    await Promise.all(folders.map(async (folder) => [folder, await reader.folderStamp(folder)] as const)),
  );
  const toList = full ? folders : folders.filter((folder) => stamps.get(folder) !== state.stamps.get(folder));
  state.stamps = stamps;
  if (full) state.lastFullScan = options.now;
  if (toList.length === 0) return { changed: [], removed: [], firstBuild: false };

  const recorded = await index.documentStates();
  const seen = new Set<string>();
  const changed: SyncChange[] = [];
  for (const folder of toList) {
    const documents = (await reader.list(folder)).filter(
      (document) =>
        isIndexedPath(document.path) && (folder !== "" || INDEXED_ROOT_FILES.includes(document.path)),
    );
    for (const document of documents) {
      seen.add(document.path);
      const known = options.rebuild ? undefined : recorded.get(document.path);
      const change = await documentChange(reader, document, known);
      if (change) changed.push(change);
    }
  }
  const removed = [...recorded.keys()].filter((path) => !seen.has(path) && toList.includes(folderOf(path)));
  if (full) state.lastFullScanCost = performance.now() - started;
  return { changed, removed, firstBuild: recorded.size === 0 };
}

async function documentChange(
  reader: DocumentReader,
  document: DocumentInfo,
  recorded: DocumentState | undefined,
): Promise<SyncChange | undefined> {
  const mtimeMs = document.modifiedAt.getTime();
  const format = chunkFormatOf(document.path);
  const unchanged =
    recorded?.mtimeMs === mtimeMs &&
    recorded.size === document.size &&
    recorded.changeStamp === document.changeStamp &&
    recorded.hash.startsWith(format === "" ? "" : `${format}:`);
  if (unchanged) return undefined;
  const text = await reader.read(document.path);
  if (text === undefined) return undefined;
  const hash = format === "" ? textHash(text) : `${format}:${textHash(text)}`;
  const state = { hash, mtimeMs, size: document.size, changeStamp: document.changeStamp };
  const chunks = chunkHomeDocument(document.path, text).map((chunk) => ({
    ...chunk,
    textHash: textHash(chunk.text),
  }));
  return { path: document.path, chunks, state };
}

function folderOf(path: string): string {
  const slash = path.indexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
