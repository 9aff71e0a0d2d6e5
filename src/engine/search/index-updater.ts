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
    for (const change of plan.changed) {
      options.signal?.throwIfAborted();
      const cached = await embeddingCache.cachedEmbeddings(change.chunks.map((chunk) => chunk.textHash));
      await index.replaceDocument(change.path, change.state, change.chunks, cached);
      options.onProgress?.({ done: ++done, total: plan.changed.length, path: change.path });
    }
    return plan.changed.length + plan.removed.length;
  }
}
