import type { DocumentReader } from "../../contracts/document-store.js";
import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type { SearchIndex } from "../../contracts/search-index.js";
import { MnemoError } from "../../errors.js";
import { newSyncState, planSync, type SyncPlan, type SyncState } from "./index-sync.js";
import type { RecallOptions, ReindexProgress, SyncRunOptions } from "./recall-result.js";

/**
 * Keeps a memory search's derived index in step with the files: a check of what changed (reads
 * only, index-sync.ts), then the changed documents' chunks written to the index with the vectors
 * the embedding cache already holds (unchanged text is never embedded twice; the others are filled
 * later, search-vectors.ts).
 */
export interface IndexUpdaterOptions {
  reader: DocumentReader;
  index: SearchIndex;
  embeddingCache: EmbeddingCache;
  fullScanIntervalMs: number;
  warn: (message: string) => void;
}

/** Chunks written in one transaction at most (a document's own are never split). */
const CHUNKS_A_WRITE = 500;

export class IndexUpdater {
  private readonly options: IndexUpdaterOptions;
  private syncState: SyncState = newSyncState();

  constructor(options: IndexUpdaterOptions) {
    this.options = options;
  }

  /** Forgets what the last checks saw, so the next one looks at every file (a reindex). */
  forgetChecks(): void {
    this.syncState = newSyncState();
  }

  /** What the files changed since the last check (reads only). */
  check(options: { force?: boolean; rebuild?: boolean }): Promise<SyncPlan> {
    return planSync(this.options.reader, this.options.index, this.syncState, {
      fullScanIntervalMs: this.options.fullScanIntervalMs,
      now: Date.now(),
      force: options.force,
      rebuild: options.rebuild,
    });
  }

  /**
   * Applies a check's plan for a search; how many documents changed. Another process holding the
   * write lock past the busy timeout does not fail a search: it searches what the index holds.
   */
  async catchUp(plan: SyncPlan, options: RecallOptions): Promise<number> {
    const report = options.onIndexProgress;
    const onProgress =
      report && ((progress: ReindexProgress) => report({ ...progress, firstBuild: plan.firstBuild }));
    try {
      return await this.apply(plan, { signal: options.signal, onProgress });
    } catch (error) {
      if (!MnemoError.isInstance(error) || error.code !== "LOCK_TIMEOUT") throw error;
      this.options.warn(
        `the search index could not catch up with the files (${error.message}); searched what it already holds`,
      );
      return 1; // part of the plan may have been applied: search again
    }
  }

  /**
   * Writes a plan to the index: each changed document's chunks, with the vectors the embedding
   * cache already holds. How many documents changed.
   */
  async apply(plan: SyncPlan, options: SyncRunOptions): Promise<number> {
    const { index, embeddingCache } = this.options;
    for (const path of plan.removed) await index.removeDocument(path);
    let done = 0;
    for (const group of documentGroups(plan.changed)) {
      options.signal?.throwIfAborted();
      const cached = await embeddingCache.cachedEmbeddings(
        group.flatMap((change) => change.chunks.map((chunk) => chunk.textHash)),
      );
      await index.replaceDocuments(
        group.map(({ path, state, chunks }) => ({ path, state, chunks, vectors: cached })),
      );
      for (const change of group)
        options.onProgress?.({ done: ++done, total: plan.changed.length, path: change.path });
    }
    return plan.changed.length + plan.removed.length;
  }
}

/**
 * The changed documents in groups written in one transaction each: a commit per document was a third
 * of a search's catch-up after a 500-memory batch, and a group bounded in chunks keeps each write
 * lock short for the other processes of the home.
 */
export function documentGroups<T extends { chunks: readonly unknown[] }>(changed: readonly T[]): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let chunks = 0;
  for (const change of changed) {
    if (group.length > 0 && chunks + change.chunks.length > CHUNKS_A_WRITE) {
      groups.push(group);
      group = [];
      chunks = 0;
    }
    group.push(change);
    chunks += change.chunks.length;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
