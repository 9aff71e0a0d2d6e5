import type { DocumentReader } from "../contracts/document-store.js";
import type { EmbeddingModel } from "../contracts/embedding-model.js";
import type { ChunkFilter, SearchIndex } from "../contracts/search-index.js";
import { errorMessage } from "../errors.js";
import { embedWithCache } from "./embed-chunks.js";
import type { FusionOptions } from "./fusion.js";
import { newSyncState, planSync, type SyncState } from "./index-sync.js";
import { type RankedHit, rankChunks } from "./rank-chunks.js";
import type { VectorFeedbackOptions } from "./vector-feedback.js";

/**
 * Recall over a memory home: keeps the derived index in step with the files before each search,
 * embeds what changed (through the cache), and ranks with BM25 and vectors. Without an embedding
 * model (none configured, or it failed to load) it searches with BM25 alone and says so once.
 */
export interface MemorySearchOptions {
  reader: DocumentReader;
  index: SearchIndex;
  /** A function, so a model that fails to load is reported once and then left out. */
  loadEmbedder?: () => Promise<EmbeddingModel>;
  fusion: FusionOptions;
  feedback: VectorFeedbackOptions;
  fullScanIntervalMs: number;
  recency: { weight: number; halfLifeDays: number };
  warn: (message: string) => void;
  now: () => Date;
}

export interface RecallOptions {
  limit?: number;
  filter?: ChunkFilter;
  signal?: AbortSignal;
}

export interface RecallResult {
  hits: RankedHit[];
  /** "hybrid" with vectors, "bm25" without. */
  mode: "hybrid" | "bm25";
  timings: { syncMs: number; queryEmbeddingMs: number; searchMs: number };
}

export interface ReindexProgress {
  done: number;
  total: number;
  path: string;
}

export class MemorySearch {
  private readonly options: MemorySearchOptions;
  private embedder: EmbeddingModel | undefined;
  private syncState: SyncState = newSyncState();
  private opened = false;

  constructor(options: MemorySearchOptions) {
    this.options = options;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    await this.options.index.open();
    this.embedder = await this.openEmbedder();
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
    const started = performance.now();
    await this.sync({ signal: options.signal });
    const synced = performance.now();
    const ranked = await rankChunks(this.options.index, this.embedder, query, {
      limit: options.limit ?? 10,
      filter: options.filter,
      fusion: this.options.fusion,
      feedback: this.options.feedback,
      recency: this.options.recency,
      now: this.options.now(),
      signal: options.signal,
    });
    return {
      hits: ranked.hits,
      mode: this.mode,
      timings: {
        syncMs: synced - started,
        queryEmbeddingMs: ranked.queryEmbeddingMs,
        searchMs: performance.now() - synced - ranked.queryEmbeddingMs,
      },
    };
  }

  /** Brings the index in step with the files; returns how many documents changed. */
  async sync(
    options: { force?: boolean; signal?: AbortSignal; onProgress?: (progress: ReindexProgress) => void } = {},
  ): Promise<number> {
    await this.open();
    const { index } = this.options;
    const plan = await planSync(this.options.reader, index, this.syncState, {
      fullScanIntervalMs: this.options.fullScanIntervalMs,
      now: Date.now(),
      force: options.force,
    });
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
    await this.fillMissingVectors(options.signal);
    return plan.changed.length + plan.removed.length;
  }

  /** Rebuilds the index from nothing. */
  async reindex(
    options: { signal?: AbortSignal; onProgress?: (progress: ReindexProgress) => void } = {},
  ): Promise<number> {
    await this.open();
    for (const path of (await this.options.index.documentStates()).keys())
      await this.options.index.removeDocument(path);
    this.syncState = newSyncState();
    return this.sync({ force: true, ...options });
  }

  private async vectorsFor(
    texts: Map<string, string>,
    signal?: AbortSignal,
  ): Promise<Map<string, Float32Array>> {
    if (!this.embedder || texts.size === 0) return new Map();
    try {
      return await embedWithCache(this.options.index, this.embedder, texts, signal);
    } catch (error) {
      this.options.warn(
        `embedding failed (${errorMessage(error)}); these memories are found by BM25 until a later search embeds them`,
      );
      return new Map();
    }
  }

  /** Chunks left without a vector (a failed embedding, a model change) get one now. */
  private async fillMissingVectors(signal?: AbortSignal): Promise<void> {
    if (!this.embedder) return;
    for (;;) {
      const chunks = await this.options.index.chunksWithoutVector(256);
      if (chunks.length === 0) return;
      const vectors = await this.vectorsFor(
        new Map(chunks.map((chunk) => [chunk.textHash, chunk.text])),
        signal,
      );
      if (vectors.size === 0) return;
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
    let embedder: EmbeddingModel;
    let dimensions: number;
    try {
      embedder = await this.options.loadEmbedder();
      ({ dimensions } = await embedder.open());
    } catch (error) {
      this.options.warn(
        `no embedding model could be loaded (${errorMessage(error)}); searching with BM25 only`,
      );
      return undefined;
    }
    const recorded = await this.options.index.vectorModel();
    if (!recorded || recorded.id !== embedder.id || recorded.dimensions !== dimensions) {
      if (recorded) {
        this.options.warn(
          `the index was built with ${recorded.id} (${recorded.dimensions} dimensions), now ${embedder.id} (${dimensions}): rebuilding its vectors`,
        );
      }
      await this.options.index.resetVectors({ id: embedder.id, dimensions });
    }
    return embedder;
  }
}
