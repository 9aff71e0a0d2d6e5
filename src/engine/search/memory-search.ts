import type { DocumentReader } from "../../contracts/document-store.js";
import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { SearchIndex } from "../../contracts/search-index.js";
import { errorMessage, MnemoError } from "../../errors.js";
import { embedWithCache } from "./embed-chunks.js";
import type { FusionOptions } from "./fusion.js";
import { newSyncState, planSync, type SyncPlan, type SyncState } from "./index-sync.js";
import { QueryVectorCache } from "./query-embeddings.js";
import { rankChunks } from "./rank-chunks.js";
import type { RecallOptions, RecallResult, ReindexProgress, SyncRunOptions } from "./recall-result.js";
import type { VectorFeedbackOptions } from "./vector-feedback.js";

/**
 * Recall over a memory home: keeps the derived index in step with the files before each search,
 * embeds what changed (through the cache), and ranks with BM25 and vectors. Without an embedding
 * model (none configured, or it failed to load) it searches with BM25 alone and says so once.
 * Other processes may recall, reindex and write the same home at once: a recall whose catch-up
 * cannot take the index's write lock in time searches what the index already holds, with a
 * warning, and an operation that met a damaged index runs again on the new one.
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
} from "./recall-result.js";

export class MemorySearch {
  private readonly options: MemorySearchOptions;
  private embedder: EmbeddingModel | undefined;
  private dimensions = 0;
  private syncState: SyncState = newSyncState();
  private opened = false;
  private searchedBefore = false;

  constructor(options: MemorySearchOptions) {
    this.options = options;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    await this.options.index.open();
    this.embedder = await this.openEmbedder();
    if (this.embedder) await this.recordVectorModel(this.embedder);
    this.opened = true;
  }

  async close(): Promise<void> {
    await this.embedder?.close();
    await this.options.index.close();
    this.opened = false;
  }

  get mode(): "hybrid" | "bm25" {
    return this.embedder ? "hybrid" : "bm25";
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
    const rank = () =>
      rankChunks(this.options.index, this.embedder, query, {
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
    const [planned, first] = firstOfProcess
      ? [await settled(this.checkFiles({})), undefined]
      : await Promise.allSettled([this.checkFiles({}), rank()]);
    if (planned.status === "rejected") throw planned.reason;
    const plan = planned.value;
    const changed = await this.catchUp(plan, options);
    const synced = performance.now();
    const ranked = changed === 0 && first?.status === "fulfilled" ? first.value : await rank();
    const searchMs = changed === 0 && first ? synced - started : performance.now() - synced;
    const { firstBuild } = plan;
    const documents = plan.changed.length;
    return {
      hits: ranked.hits,
      mode: this.mode,
      timings: {
        syncMs: synced - started,
        queryEmbeddingMs: ranked.queryEmbeddingMs,
        searchMs: Math.max(0, searchMs - ranked.queryEmbeddingMs),
      },
      ...(documents > 0 && { indexed: { documents, firstBuild, ms: synced - started } }),
    };
  }

  /**
   * Applies a check's plan; how many documents and vectors changed. Another process holding the
   * write lock past the busy timeout does not fail a search: it searches what the index holds.
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

  /** Brings the index in step with the files; returns how many documents changed. */
  async sync(options: SyncRunOptions & { force?: boolean } = {}): Promise<number> {
    await this.open();
    return this.againIfStartedOver(() => this.syncOnce(options));
  }

  /**
   * Rebuilds the index from the files: every document is read and chunked again and replaced in a
   * transaction of its own, so other processes keep searching a complete index meanwhile.
   */
  async reindex(options: SyncRunOptions = {}): Promise<number> {
    await this.open();
    this.syncState = newSyncState();
    return this.againIfStartedOver(() => this.syncOnce({ ...options, rebuild: true }));
  }

  /** An operation that failed on a damaged index runs once more, on the new one it started over with. */
  private async againIfStartedOver<T>(work: () => Promise<T>): Promise<T> {
    const generation = await this.options.index.generation();
    try {
      return await work();
    } catch (error) {
      if ((await this.options.index.generation()) === generation) throw error;
      if (this.embedder) await this.recordVectorModel(this.embedder);
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

  /** Writes a plan to the index, and vectors to chunks left without one; how many changed. */
  private async applySync(plan: SyncPlan, options: SyncRunOptions): Promise<number> {
    const { index } = this.options;
    for (const path of plan.removed) await index.removeDocument(path);
    let done = 0;
    for (const change of plan.changed) {
      const vectors = await this.vectorsFor(
        new Map(change.chunks.map((chunk) => [chunk.textHash, chunk.text])),
        options.signal,
      );
      await index.replaceDocument(change.path, change.state, change.chunks, vectors);
      options.onProgress?.({ done: ++done, total: plan.changed.length, path: change.path });
    }
    const filled = await this.fillMissingVectors(options.signal);
    return plan.changed.length + plan.removed.length + filled;
  }

  private async vectorsFor(
    texts: Map<string, string>,
    signal?: AbortSignal,
  ): Promise<Map<string, Float32Array>> {
    if (!this.embedder || texts.size === 0) return new Map();
    try {
      return await embedWithCache(this.options.embeddingCache, this.embedder, texts, signal);
    } catch (error) {
      this.options.warn(
        `embedding failed (${errorMessage(error)}); these memories are found by BM25 until a later search embeds them`,
      );
      return new Map();
    }
  }

  /** Chunks left without a vector (a failed embedding, a model change) get one now; how many did. */
  private async fillMissingVectors(signal?: AbortSignal): Promise<number> {
    if (!this.embedder) return 0;
    let filled = 0;
    for (;;) {
      const chunks = await this.options.index.chunksWithoutVector(256);
      if (chunks.length === 0) return filled;
      const vectors = await this.vectorsFor(
        new Map(chunks.map((chunk) => [chunk.textHash, chunk.text])),
        signal,
      );
      if (vectors.size === 0) return filled;
      filled += vectors.size;
      await this.options.index.setVectors(
        new Map(
          chunks.flatMap((chunk) => {
            const vector = vectors.get(chunk.textHash);
            return vector ? [[chunk.id, vector] as const] : [];
          }),
        ),
      );
    }
  }

  private async openEmbedder(): Promise<EmbeddingModel | undefined> {
    if (!this.options.loadEmbedder) return undefined;
    try {
      const embedder = new QueryVectorCache(await this.options.loadEmbedder());
      this.dimensions = (await embedder.open()).dimensions;
      return embedder;
    } catch (error) {
      this.options.warn(
        `no embedding model could be loaded (${errorMessage(error)}); searching with BM25 only`,
      );
      return undefined;
    }
  }

  /** Vectors of another model than the index's are dropped, to be made again with this one. */
  private async recordVectorModel(embedder: EmbeddingModel): Promise<void> {
    const dimensions = this.dimensions;
    const recorded = await this.options.index.vectorModel();
    if (recorded && recorded.id === embedder.id && recorded.dimensions === dimensions) return;
    if (recorded) {
      this.options.warn(
        `the index was built with ${recorded.id} (${recorded.dimensions} dimensions), now ${embedder.id} (${dimensions}): rebuilding its vectors`,
      );
    }
    await this.options.index.resetVectors({ id: embedder.id, dimensions });
  }
}

async function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  try {
    return { status: "fulfilled", value: await promise };
  } catch (reason) {
    return { status: "rejected", reason };
  }
}
