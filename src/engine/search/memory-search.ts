import type { DocumentReader } from "../../contracts/document-store.js";
import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { SearchIndex } from "../../contracts/search-index.js";
import type { FusionOptions } from "./fusion.js";
import { IndexUpdater } from "./index-updater.js";
import { rankChunks } from "./rank-chunks.js";
import type { RecallOptions, RecallResult, SyncRunOptions, VectorProgress } from "./recall-result.js";
import { SearchVectors } from "./search-vectors.js";
import type { VectorFeedbackOptions } from "./vector-feedback.js";

/**
 * Recall over a memory home: keeps the derived index in step with the files before each search,
 * and ranks with BM25 and vectors. What changed is indexed for BM25 at once (with the vectors the
 * cache holds); the other vectors are filled in the background, and a search waits for them at
 * most INDEX_WAIT_MS, answering with what is indexed and saying how much is not (issue 29).
 * Without an embedding model (none configured, or it failed to load) it searches with BM25 alone
 * and says so once. Other processes may recall, reindex and write the same home at once: a recall
 * whose catch-up cannot take the index's write lock in time searches what the index already
 * holds, with a warning, and an operation that met a damaged index runs again on the new one.
 * The index's catching up is index-updater.ts; the model and the vectors, search-vectors.ts.
 */
export interface MemorySearchOptions {
  reader: DocumentReader;
  index: SearchIndex;
  /** Vectors by text hash, so unchanged text is never embedded twice (often the index itself). */
  embeddingCache: EmbeddingCache;
  /** A function, so a model that fails to load is reported once and then left out. */
  loadEmbedder?: () => Promise<EmbeddingModel>;
  fusion: FusionOptions;
  feedback: VectorFeedbackOptions;
  fullScanIntervalMs: number;
  recency: { weight: number; halfLifeDays: number };
  /** Favour chunks dated where the query's time expression points (rank-chunks.ts); 0 = off. */
  timeWindowWeight?: number;
  /** Cover each thing a query names side by side ("A or B?") near the top (aspect-coverage.ts); 0 = off. */
  aspectWeight?: number;
  /** Favour chunks stating the quantity a question asks for (answer-type.ts); 0 = off. */
  answerTypeWeight?: number;
  warn: (message: string) => void;
  now: () => Date;
}

export type {
  IndexCatchUp,
  IndexProgress,
  RecallOptions,
  RecallResult,
  ReindexProgress,
  SyncRunOptions,
  VectorProgress,
} from "./recall-result.js";

export class MemorySearch {
  private readonly options: MemorySearchOptions;
  private readonly vectors: SearchVectors;
  private readonly updater: IndexUpdater;
  private opened = false;
  private searchedBefore = false;

  constructor(options: MemorySearchOptions) {
    this.options = options;
    this.vectors = new SearchVectors({
      index: options.index,
      embeddingCache: options.embeddingCache,
      loadEmbedder: options.loadEmbedder,
      isOpen: () => this.opened,
      warn: options.warn,
    });
    this.updater = new IndexUpdater({
      reader: options.reader,
      index: options.index,
      embeddingCache: options.embeddingCache,
      fullScanIntervalMs: options.fullScanIntervalMs,
      warn: options.warn,
    });
  }

  /** Opens the index; the embedding model loads when a search first needs it. */
  async open(): Promise<void> {
    if (this.opened) return;
    await this.options.index.open();
    this.opened = true;
  }

  /** Stops a background fill after its step, waits for a model still loading, and closes both. */
  async close(): Promise<void> {
    this.opened = false;
    await this.vectors.close();
    await this.options.index.close();
  }

  async recall(query: string, options: RecallOptions = {}): Promise<RecallResult> {
    await this.open();
    // The background fill of vectors waits between its steps while a search runs: a step embeds on
    // this one thread, and the search would wait a whole step at each of its own awaits.
    return this.againIfStartedOver(() => this.vectors.whileFillHeld(() => this.recallOnce(query, options)));
  }

  /**
   * The check that the index is in step with the files mostly waits on the file system (a stat of
   * each indexed folder); the search runs meanwhile, and runs again once the index has caught up
   * when the check found anything to catch up with. So a recall still sees every write made before
   * it, and in the usual case (nothing changed) pays for the check only what the search did not
   * cover. The check reads and the search reads; only catching up writes, after both.
   */
  private async recallOnce(query: string, options: RecallOptions): Promise<RecallResult> {
    const started = performance.now();
    const rank = (embedder: EmbeddingModel | undefined) =>
      rankChunks(this.options.index, embedder, query, {
        limit: options.limit ?? 10,
        filter: options.filter,
        fusion: this.options.fusion,
        feedback: this.options.feedback,
        recency: this.options.recency,
        timeWindowWeight: this.options.timeWindowWeight,
        aspectWeight: this.options.aspectWeight,
        answerTypeWeight: this.options.answerTypeWeight,
        now: this.options.now(),
        signal: options.signal,
      });
    // A first recall loads the model and the vector index while the check lists every file: run
    // side by side, they slowed each other (1.9 s against 1.4 s at 10,000 memories), so it goes in turn.
    const firstOfProcess = !this.searchedBefore;
    this.searchedBefore = true;
    const early = this.vectors.loaded;
    const [planned, first] = firstOfProcess
      ? [await settled(this.updater.check({})), undefined]
      : await Promise.allSettled([this.updater.check({}), rank(early)]);
    if (planned.status === "rejected") throw planned.reason;
    const plan = planned.value;
    const changed = await this.updater.catchUp(plan, options);
    const synced = performance.now();
    const chosen = await this.vectors.embedderFor(options.fast === true);
    const filling =
      chosen.embedder !== undefined &&
      (await this.vectors.fillUntil(chosen.embedder, { query, options, started }));
    const reuse = changed === 0 && !filling && chosen.embedder === early && first?.status === "fulfilled";
    const ranked = reuse ? first.value : await rank(chosen.embedder);
    const searchMs = reuse ? synced - started : performance.now() - synced;
    const indexing = await this.vectors.progress(chosen.embedder);
    const { firstBuild } = plan;
    const documents = plan.changed.length;
    return {
      hits: ranked.hits,
      mode: chosen.mode,
      ...(chosen.reason !== undefined && { modeReason: chosen.reason }),
      timings: {
        syncMs: synced - started,
        queryEmbeddingMs: ranked.queryEmbeddingMs,
        searchMs: Math.max(0, searchMs - ranked.queryEmbeddingMs),
      },
      ...(documents > 0 && { indexed: { documents, firstBuild, ms: synced - started } }),
      ...(indexing && { indexing }),
    };
  }

  /**
   * Waits until every chunk of the index has its vector (loading the model if need be), with
   * progress: what `mnemo recall` does after it printed its answer. At once when nothing is missing.
   */
  async finishVectors(options: { onProgress?: (progress: VectorProgress) => void } = {}): Promise<void> {
    await this.open();
    await this.vectors.finish(options);
  }

  /** Brings the index in step with the files, vectors included; returns how many documents changed. */
  async sync(options: SyncRunOptions & { force?: boolean } = {}): Promise<number> {
    await this.open();
    return this.againIfStartedOver(async () => {
      const changed = await this.syncOnce(options);
      await this.finishVectors();
      return changed;
    });
  }

  /**
   * Rebuilds the index from the files: every document is read and chunked again and replaced, a
   * group of documents a transaction, so other processes keep searching a complete index meanwhile.
   */
  async reindex(options: SyncRunOptions = {}): Promise<number> {
    await this.open();
    this.updater.forgetChecks();
    return this.againIfStartedOver(async () => {
      const changed = await this.syncOnce({ ...options, rebuild: true });
      await this.finishVectors();
      return changed;
    });
  }

  /** An operation that failed on a damaged index runs once more, on the new one it started over with. */
  private async againIfStartedOver<T>(work: () => Promise<T>): Promise<T> {
    const generation = await this.options.index.generation();
    try {
      return await work();
    } catch (error) {
      if ((await this.options.index.generation()) === generation) throw error;
      await this.vectors.recordAgain();
      return work();
    }
  }

  private async syncOnce(options: SyncRunOptions & { force?: boolean; rebuild?: boolean }): Promise<number> {
    return this.updater.apply(await this.updater.check(options), options);
  }
}

async function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  try {
    return { status: "fulfilled", value: await promise };
  } catch (reason) {
    return { status: "rejected", reason };
  }
}
