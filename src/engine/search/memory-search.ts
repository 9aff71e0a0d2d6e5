import type { DocumentReader } from "../../contracts/document-store.js";
import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { SearchIndex } from "../../contracts/search-index.js";
import { errorMessage, MnemoError } from "../../errors.js";
import { queryTerms } from "../../rules/query-terms.js";
import type { FusionOptions } from "./fusion.js";
import { newSyncState, planSync, type SyncPlan, type SyncState } from "./index-sync.js";
import { queryTurns } from "./query-turns.js";
import { rankChunks } from "./rank-chunks.js";
import type {
  RecallOptions,
  RecallResult,
  ReindexProgress,
  SyncRunOptions,
  VectorProgress,
} from "./recall-result.js";
import { SearchEmbedder } from "./search-embedder.js";
import type { VectorFeedbackOptions } from "./vector-feedback.js";
import { VectorFiller } from "./vector-filler.js";

/**
 * Recall over a memory home: keeps the derived index in step with the files before each search,
 * and ranks with BM25 and vectors. What changed is indexed for BM25 at once (with the vectors the
 * cache holds); the other vectors are filled in the background, and a search waits for them at
 * most INDEX_WAIT_MS, answering with what is indexed and saying how much is not (issue 29).
 * Without an embedding model (none configured, or it failed to load) it searches with BM25 alone
 * and says so once. Other processes may recall, reindex and write the same home at once: a recall
 * whose catch-up cannot take the index's write lock in time searches what the index already
 * holds, with a warning, and an operation that met a damaged index runs again on the new one.
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

/** How long a search waits for the index's vectors before it answers with what is indexed. */
export const INDEX_WAIT_MS = 1000;
/**
 * A search whose index lacks more vectors than this (and has fewer than it lacks) does not wait for
 * the model to load: about what the local model embeds within INDEX_WAIT_MS on a busy machine.
 */
const LEXICAL_FIRST_CHUNKS = 64;
/** While vectors are filled, a search embeds this many of its best BM25 candidates first. */
const CANDIDATES_FILLED_FIRST = 30;

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
  private readonly embedder: SearchEmbedder;
  private readonly filler: VectorFiller;
  private syncState: SyncState = newSyncState();
  private opened = false;
  private searchedBefore = false;

  constructor(options: MemorySearchOptions) {
    this.options = options;
    this.embedder = new SearchEmbedder({
      loadEmbedder: options.loadEmbedder,
      index: options.index,
      warn: options.warn,
    });
    this.filler = new VectorFiller({
      index: options.index,
      embeddingCache: options.embeddingCache,
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
    await this.filler.stop();
    await this.embedder.close();
    await this.options.index.close();
  }

  async recall(query: string, options: RecallOptions = {}): Promise<RecallResult> {
    await this.open();
    return this.againIfStartedOver(() => this.recallOnce(query, options));
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
    const early = this.embedder.loaded;
    const [planned, first] = firstOfProcess
      ? [await settled(this.checkFiles({})), undefined]
      : await Promise.allSettled([this.checkFiles({}), rank(early)]);
    if (planned.status === "rejected") throw planned.reason;
    const plan = planned.value;
    const changed = await this.catchUp(plan, options);
    const synced = performance.now();
    const chosen = await this.embedderFor(options.fast === true);
    const filling =
      chosen.embedder !== undefined &&
      (await this.fillVectorsUntil(chosen.embedder, { query, options, started }));
    const reuse = changed === 0 && !filling && chosen.embedder === early && first?.status === "fulfilled";
    const ranked = reuse ? first.value : await rank(chosen.embedder);
    const searchMs = reuse ? synced - started : performance.now() - synced;
    const indexing = await this.vectorProgress(chosen.embedder);
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
   * The model this search ranks with. A fast search takes it only when loaded already. Otherwise
   * the search waits for it, unless most of the index has no vector yet and more chunks wait than
   * a search fills (a grown home's first search, a model change): the vectors could add little,
   * so the search answers by BM25 while the model loads and the vectors are filled in the background.
   */
  private async embedderFor(fast: boolean): Promise<{
    embedder: EmbeddingModel | undefined;
    mode: RecallResult["mode"];
    reason?: string;
  }> {
    const loaded = this.embedder.loaded;
    if (loaded) return { embedder: loaded, mode: "hybrid" };
    const unavailable = this.embedder.unavailableReason;
    if (unavailable !== undefined) return { embedder: undefined, mode: "bm25", reason: unavailable };
    if (fast)
      return {
        embedder: undefined,
        mode: "lexical",
        reason: "a fast answer was asked for and the embedding model is not loaded yet: BM25 only",
      };
    const { chunks, vectors } = await this.options.index.stats();
    const missing = chunks - vectors;
    if (missing > LEXICAL_FIRST_CHUNKS && vectors < missing) {
      void this.embedder
        .load()
        .then((embedder) => embedder && this.startFilling(embedder).catch(this.fillFailed));
      return {
        embedder: undefined,
        mode: "lexical",
        reason: `${missing.toLocaleString("en-US")} of the index's ${chunks.toLocaleString("en-US")} chunks have no vector yet: BM25 only while they are embedded in the background`,
      };
    }
    const embedder = await this.embedder.load();
    return embedder
      ? { embedder, mode: "hybrid" }
      : { embedder: undefined, mode: "bm25", reason: this.embedder.unavailableReason };
  }

  /**
   * Fills the chunks without a vector, if there are any: the search's own best BM25 candidates
   * first (a chunk without its vector would rank below those with one), then the others until
   * INDEX_WAIT_MS after the search started; the fill goes on in the background. True when it ran.
   */
  private async fillVectorsUntil(
    embedder: EmbeddingModel,
    search: { query: string; options: RecallOptions; started: number },
  ): Promise<boolean> {
    if (!(await this.startFilling(embedder))) return false;
    const terms = queryTerms(queryTurns(search.query).last);
    if (terms.length > 0) {
      const filter = search.options.filter;
      const { text } = await this.options.index.search({ terms, filter, limit: CANDIDATES_FILLED_FIRST });
      const ids = text.map((candidate) => candidate.id);
      await this.filler.fillChunks(embedder, ids, search.options.signal).catch(this.fillFailed);
    }
    await this.filler.waitUntil(search.started + INDEX_WAIT_MS);
    return true;
  }

  private readonly fillFailed = (error: unknown): void => {
    this.options.warn(
      `filling the search index's vectors failed (${errorMessage(error)}); BM25 finds those chunks meanwhile`,
    );
  };

  /** True when some chunks wait for their vector and a fill is now running (never after close). */
  private async startFilling(embedder: EmbeddingModel): Promise<boolean> {
    if (!this.opened) return false;
    if (this.filler.running) return true;
    if ((await this.options.index.chunksWithoutVector(1)).length === 0) return false;
    void this.filler.start(embedder);
    return true;
  }

  /** How far the vectors are, while some chunks still have none (and a model could make them). */
  private async vectorProgress(embedder: EmbeddingModel | undefined): Promise<VectorProgress | undefined> {
    if (!this.embedder.available) return undefined;
    if (this.filler.running) return this.filler.progress ?? vectorCounts(await this.options.index.stats());
    if (embedder) return undefined; // the fill ended before the search: every chunk has its vector
    if ((await this.options.index.chunksWithoutVector(1)).length === 0) return undefined;
    return vectorCounts(await this.options.index.stats());
  }

  /**
   * Waits until every chunk of the index has its vector (loading the model if need be), with
   * progress: what `mnemo recall` does after it printed its answer. At once when nothing is missing.
   */
  async finishVectors(options: { onProgress?: (progress: VectorProgress) => void } = {}): Promise<void> {
    await this.open();
    const embedder = await this.embedder.load();
    if (!embedder || !(await this.startFilling(embedder))) return;
    const stop = options.onProgress && this.filler.onProgress(options.onProgress);
    try {
      await this.filler.start(embedder);
    } finally {
      stop?.();
    }
  }

  /**
   * Applies a check's plan; how many documents changed. Another process holding the write lock
   * past the busy timeout does not fail a search: it searches what the index holds.
   */
  private async catchUp(plan: SyncPlan, options: RecallOptions): Promise<number> {
    const report = options.onIndexProgress;
    const onProgress =
      report && ((progress: ReindexProgress) => report({ ...progress, firstBuild: plan.firstBuild }));
    try {
      return await this.applySync(plan, { signal: options.signal, onProgress });
    } catch (error) {
      if (!MnemoError.isInstance(error) || error.code !== "LOCK_TIMEOUT") throw error;
      this.options.warn(
        `the search index could not catch up with the files (${error.message}); searched what it already holds`,
      );
      return 1; // part of the plan may have been applied: search again
    }
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
   * Rebuilds the index from the files: every document is read and chunked again and replaced in a
   * transaction of its own, so other processes keep searching a complete index meanwhile.
   */
  async reindex(options: SyncRunOptions = {}): Promise<number> {
    await this.open();
    this.syncState = newSyncState();
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
      await this.embedder.recordAgain();
      return work();
    }
  }

  private async syncOnce(options: SyncRunOptions & { force?: boolean; rebuild?: boolean }): Promise<number> {
    return this.applySync(await this.checkFiles(options), options);
  }

  /** What the files changed since the last check (reads only). */
  private checkFiles(options: { force?: boolean; rebuild?: boolean }): Promise<SyncPlan> {
    return planSync(this.options.reader, this.options.index, this.syncState, {
      fullScanIntervalMs: this.options.fullScanIntervalMs,
      now: Date.now(),
      force: options.force,
      rebuild: options.rebuild,
    });
  }

  /**
   * Writes a plan to the index: each changed document's chunks, with the vectors the embedding
   * cache already holds (unchanged text is never embedded twice); the others are filled later.
   * How many documents changed.
   */
  private async applySync(plan: SyncPlan, options: SyncRunOptions): Promise<number> {
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

function vectorCounts(stats: { chunks: number; vectors: number }): VectorProgress {
  return { done: stats.vectors, total: stats.chunks };
}

async function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  try {
    return { status: "fulfilled", value: await promise };
  } catch (reason) {
    return { status: "rejected", reason };
  }
}
