/**
 * Fills the vectors of the chunks that have none (a grown home's first search, a batch of writes, a
 * model change) in small batches, in the background: searches answer meanwhile by BM25 and the
 * vectors there are (issue 29: before, a 1,000-memory home's first search waited minutes for every
 * vector). One run at a time per index; a search waits for it only until its own deadline.
 */
import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { SearchIndex } from "../../contracts/search-index.js";
import { errorMessage } from "../../errors.js";
import { embedWithCache } from "./embed-chunks.js";
import type { VectorProgress } from "./recall-result.js";

/**
 * Chunks embedded per step. Small, because the local model computes on the process's one thread:
 * a search that arrives during a step waits for it (16 chunks: about 0.2 s with USE-lite).
 */
export const FILL_BATCH = 16;

export interface VectorFillerOptions {
  index: Pick<SearchIndex, "chunksWithoutVector" | "setVectors" | "stats" | "vectorsOf" | "chunks">;
  embeddingCache: EmbeddingCache;
  warn: (message: string) => void;
}

export class VectorFiller {
  private readonly options: VectorFillerOptions;
  private run: Promise<void> | undefined;
  private abort: AbortController | undefined;
  private readonly listeners = new Set<(progress: VectorProgress) => void>();
  /** Searches ranking now: the fill takes no step while any is. */
  private holds = 0;
  private wake: (() => void) | undefined;

  constructor(options: VectorFillerOptions) {
    this.options = options;
  }

  /** True while a run is filling vectors. */
  get running(): boolean {
    return this.run !== undefined;
  }

  /** Starts filling with this model, unless a run is going already; resolves when no chunk is left. */
  start(embedder: EmbeddingModel): Promise<void> {
    if (this.run) return this.run;
    const abort = new AbortController();
    this.abort = abort;
    this.run = this.fill(embedder, abort.signal).finally(() => {
      this.run = undefined;
      this.abort = undefined;
    });
    return this.run;
  }

  /** Waits for the running fill until `deadline` (a performance.now() time); true when it ended. */
  async waitUntil(deadline: number): Promise<boolean> {
    const run = this.run;
    if (!run) return true;
    const remaining = deadline - performance.now();
    if (remaining <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), remaining);
    });
    try {
      return await Promise.race([run.then(() => true as const), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Calls `listener` after each step of a fill; returns a function that stops it. */
  onProgress(listener: (progress: VectorProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Gives these chunks their vector now, those that have none: a search does it for its own best
   * BM25 candidates while a fill runs, so they are ranked with their vectors like the others.
   * Returns how many it embedded.
   */
  async fillChunks(embedder: EmbeddingModel, ids: number[], signal?: AbortSignal): Promise<number> {
    const { index, embeddingCache } = this.options;
    const have = await index.vectorsOf(ids);
    const missing = await index.chunks(ids.filter((id) => !have.has(id)));
    if (missing.length === 0) return 0;
    const texts = new Map(missing.map((chunk) => [chunk.textHash, chunk.text]));
    const vectors = await embedWithCache(embeddingCache, embedder, texts, signal);
    await index.setVectors(
      new Map(
        missing.flatMap((chunk) => {
          const vector = vectors.get(chunk.textHash);
          return vector ? [[chunk.id, vector] as const] : [];
        }),
      ),
    );
    return missing.length;
  }

  /**
   * Pauses the fill between its steps until the returned function is called. A step embeds on the
   * process's one thread, so a search ranking beside a running fill waited a whole step at each of
   * its own awaits (a search right after a 500-memory batch: seconds). What a step began, it ends.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      // Stryker disable next-line ConditionalExpression: a fill woken while still held waits again (notHeld loops).
      if (this.holds === 0) this.resume();
    };
  }

  /** Stops a running fill after its current step (what was filled stays). */
  async stop(): Promise<void> {
    this.abort?.abort();
    this.resume();
    await this.run;
  }

  private resume(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Resolves once no search holds the fill, or at once when the fill is stopped. */
  private async notHeld(signal: AbortSignal): Promise<void> {
    while (this.holds > 0 && !signal.aborted)
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
  }

  private async fill(embedder: EmbeddingModel, signal: AbortSignal): Promise<void> {
    const { index, embeddingCache, warn } = this.options;
    try {
      let before = await index.stats();
      this.report(before);
      while (!signal.aborted) {
        await this.notHeld(signal);
        // Stryker disable next-line ConditionalExpression: a stopped fill's embedding is aborted too, and returns the same.
        if (signal.aborted) return;
        const chunks = await index.chunksWithoutVector(FILL_BATCH);
        if (chunks.length === 0) return;
        const texts = new Map(chunks.map((chunk) => [chunk.textHash, chunk.text]));
        const vectors = await embedWithCache(embeddingCache, embedder, texts, signal);
        const byChunk = new Map(
          chunks.flatMap((chunk) => {
            const vector = vectors.get(chunk.textHash);
            return vector ? [[chunk.id, vector] as const] : [];
          }),
        );
        if (byChunk.size === 0) return;
        await index.setVectors(byChunk);
        const after = await index.stats();
        this.report(after);
        // No step without progress: an index that keeps no vector (its chunks went meanwhile) ends the run.
        if (after.vectors <= before.vectors) return;
        before = after;
        // Let searches and requests waiting on this thread run between two steps.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      if (signal.aborted) return;
      warn(
        `filling the search index's vectors failed (${errorMessage(error)}); the chunks without one are found by BM25 until a later search fills them`,
      );
    }
  }

  private report(stats: { chunks: number; vectors: number }): void {
    const progress = { done: stats.vectors, total: stats.chunks };
    for (const listener of this.listeners) listener(progress);
  }
}
