import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { SearchIndex } from "../../contracts/search-index.js";
import { errorMessage } from "../../errors.js";
import { queryTerms } from "../../rules/query-terms.js";
import { queryTurns } from "./query-turns.js";
import type { RecallOptions, RecallResult, VectorProgress } from "./recall-result.js";
import { SearchEmbedder } from "./search-embedder.js";
import { VectorFiller } from "./vector-filler.js";

/**
 * The vector side of a memory search (issue 29): which embedding model a search ranks with, and the
 * chunks' vectors filled in the background while searches answer with what is indexed. The model
 * loads when a search first needs it; a search waits for the vectors at most INDEX_WAIT_MS.
 */
export interface SearchVectorsOptions {
  index: SearchIndex;
  embeddingCache: EmbeddingCache;
  loadEmbedder?: () => Promise<EmbeddingModel>;
  /** False once the search is closed: no fill starts then. */
  isOpen: () => boolean;
  warn: (message: string) => void;
}

/** The model a search ranks with, its mode, and why it is not hybrid when it is not. */
export interface ChosenEmbedder {
  embedder: EmbeddingModel | undefined;
  mode: RecallResult["mode"];
  reason?: string;
}

/** How long a search takes at most, while the index lacks vectors, before it answers with what is indexed. */
const INDEX_WAIT_MS = 1000;
/**
 * What its own fill leaves of INDEX_WAIT_MS for the ranking after it, and for a last step longer
 * than its pace said: filling until 1 s, a search right after a 500-memory batch answered in 1.05 s.
 */
const RANKING_ROOM_MS = 100;
/**
 * A search whose index lacks more vectors than this (and has fewer than it lacks) does not wait for
 * the model to load: about what the local model embeds within INDEX_WAIT_MS on a busy machine.
 */
const LEXICAL_FIRST_CHUNKS = 64;
/** While vectors are filled, a search embeds this many of its best BM25 candidates first. */
const CANDIDATES_FILLED_FIRST = 30;
/**
 * A search's first step embeds this many chunks; later steps as many as the model's pace fits in
 * the time left (chunksWithin). The local model computes on the process's one thread: 30 candidates
 * at once took a search right after a 500-memory batch past 1 s on their own.
 */
const FIRST_STEP_CHUNKS = 6;

export class SearchVectors {
  private readonly options: SearchVectorsOptions;
  private readonly embedder: SearchEmbedder;
  private readonly filler: VectorFiller;
  /**
   * The last of a search's own embedding steps that embedded anything: its pace in ms a chunk, and
   * its size. A step whose chunks all had their vectors already took no time and says nothing of
   * the model's pace (taken as 0, it sent the next step to 64 chunks of 70 ms each: 4.7 s).
   */
  private lastStep: { msPerChunk: number; chunks: number } | undefined;

  constructor(options: SearchVectorsOptions) {
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

  /** The model, when it has loaded already. */
  get loaded(): EmbeddingModel | undefined {
    return this.embedder.loaded;
  }

  /** Stops a background fill after its step and waits for a model still loading. */
  async close(): Promise<void> {
    await this.filler.stop();
    await this.embedder.close();
  }

  /** After the index started over: the model's vectors are recorded in the new one. */
  recordAgain(): Promise<void> {
    return this.embedder.recordAgain();
  }

  /**
   * The model this search ranks with. A fast search takes it only when loaded already. Otherwise
   * the search waits for it, unless most of the index has no vector yet and more chunks wait than
   * a search fills (a grown home's first search, a model change): the vectors could add little,
   * so the search answers by BM25 while the model loads and the vectors are filled in the background.
   */
  async embedderFor(fast: boolean): Promise<ChosenEmbedder> {
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
   * Fills the chunks without a vector, if there are any: all of them when they are few, else until
   * INDEX_WAIT_MS after the search started, less RANKING_ROOM_MS: the search's own best BM25 candidates first (a chunk without its vector would rank
   * below those with one), then the others, a few at a time. The search holds the background fill
   * meanwhile (whileFillHeld), which goes on after it; what is not reached by the deadline ranks by
   * BM25, and the result's `indexing` says how far the vectors are. True when chunks were missing.
   */
  async fillUntil(
    embedder: EmbeddingModel,
    search: { query: string; options: RecallOptions; started: number },
  ): Promise<boolean> {
    if (!(await this.startFilling(embedder))) return false;
    // A few chunks missing (a small home's first search, a save or two) are all embedded now, as
    // embedderFor waited for the model to rank with them; more are embedded until the deadline.
    const { chunks, vectors } = await this.options.index.stats();
    const deadline =
      chunks - vectors <= LEXICAL_FIRST_CHUNKS
        ? Number.POSITIVE_INFINITY
        : search.started + INDEX_WAIT_MS - RANKING_ROOM_MS;
    const { signal, filter } = search.options;
    const terms = queryTerms(queryTurns(search.query).last);
    const candidates =
      terms.length === 0
        ? []
        : (await this.options.index.search({ terms, filter, limit: CANDIDATES_FILLED_FIRST })).text.map(
            (candidate) => candidate.id,
          );
    while (!signal?.aborted) {
      const room = this.chunksWithin(deadline - performance.now());
      if (room === 0) break;
      const ids =
        candidates.length > 0
          ? candidates.splice(0, room)
          : (await this.options.index.chunksWithoutVector(room)).map((chunk) => chunk.id);
      if (ids.length === 0 || !(await this.fillStep(embedder, ids, signal))) break;
    }
    return true;
  }

  /**
   * How many chunks a search embeds in its next step, in `remainingMs`: as many as the model's last
   * pace says fit (a local model computes per chunk; a remote one pays a round trip per call), at
   * most twice the last step (chunks differ in length, and so in cost) and LEXICAL_FIRST_CHUNKS, and
   * FIRST_STEP_CHUNKS before any pace is known. 0 once the time is up.
   */
  private chunksWithin(remainingMs: number): number {
    if (remainingMs <= 0) return 0;
    if (this.lastStep === undefined) return FIRST_STEP_CHUNKS;
    const { msPerChunk, chunks } = this.lastStep;
    return Math.min(LEXICAL_FIRST_CHUNKS, 2 * chunks, Math.max(1, Math.floor(remainingMs / msPerChunk)));
  }

  /** Embeds these chunks now; false when that failed (warned once, the background fill tries later). */
  private async fillStep(embedder: EmbeddingModel, ids: number[], signal?: AbortSignal): Promise<boolean> {
    const started = performance.now();
    let embedded: number;
    try {
      embedded = await this.filler.fillChunks(embedder, ids, signal);
    } catch (error) {
      this.fillFailed(error);
      return false;
    }
    if (embedded > 0)
      this.lastStep = { msPerChunk: (performance.now() - started) / embedded, chunks: embedded };
    return true;
  }

  /** Runs `work` (a search's index catch-up or ranking) with the background fill paused between its steps. */
  async whileFillHeld<T>(work: () => Promise<T>): Promise<T> {
    const release = this.filler.hold();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** How far the vectors are, while some chunks still have none (and a model could make them). */
  async progress(embedder: EmbeddingModel | undefined): Promise<VectorProgress | undefined> {
    if (!this.embedder.available) return undefined;
    const { index } = this.options;
    // Counted again, not the fill's last report: the search itself may have embedded chunks since.
    if (this.filler.running) return vectorCounts(await index.stats());
    if (embedder) return undefined; // the fill ended before the search: every chunk has its vector
    if ((await index.chunksWithoutVector(1)).length === 0) return undefined;
    return vectorCounts(await index.stats());
  }

  /**
   * Waits until every chunk of the index has its vector (loading the model if need be), with
   * progress. At once when nothing is missing.
   */
  async finish(options: { onProgress?: (progress: VectorProgress) => void } = {}): Promise<void> {
    const embedder = await this.embedder.load();
    if (!embedder || !(await this.startFilling(embedder))) return;
    const stop = options.onProgress && this.filler.onProgress(options.onProgress);
    try {
      await this.filler.start(embedder);
    } finally {
      stop?.();
    }
  }

  private readonly fillFailed = (error: unknown): void => {
    this.options.warn(
      `filling the search index's vectors failed (${errorMessage(error)}); BM25 finds those chunks meanwhile`,
    );
  };

  /** True when some chunks wait for their vector and a fill is now running (never after close). */
  private async startFilling(embedder: EmbeddingModel): Promise<boolean> {
    if (!this.options.isOpen()) return false;
    if (this.filler.running) return true;
    if ((await this.options.index.chunksWithoutVector(1)).length === 0) return false;
    void this.filler.start(embedder);
    return true;
  }
}

function vectorCounts(stats: { chunks: number; vectors: number }): VectorProgress {
  return { done: stats.vectors, total: stats.chunks };
}
