/**
 * The embedding model of a search, loaded on first need rather than when the search opens (issue
 * 29): a recall that asked for a fast answer, or whose index holds no vector yet, answers by BM25
 * while the model loads or without it. A model that fails to load is reported once and then left
 * out: the search is BM25 only. Loading records the model in the index; vectors of another model
 * are dropped there, to be made again with this one.
 */
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { SearchIndex } from "../../contracts/search-index.js";
import { errorMessage } from "../../errors.js";
import { QueryVectorCache } from "./query-embeddings.js";

export interface SearchEmbedderOptions {
  /** Makes the model (not yet opened); undefined when none is configured. */
  loadEmbedder?: () => Promise<EmbeddingModel>;
  index: Pick<SearchIndex, "vectorModel" | "resetVectors">;
  warn: (message: string) => void;
}

export class SearchEmbedder {
  private readonly options: SearchEmbedderOptions;
  private loading: Promise<EmbeddingModel | undefined> | undefined;
  private ready: EmbeddingModel | undefined;
  private dimensions = 0;
  private failure: string | undefined;

  constructor(options: SearchEmbedderOptions) {
    this.options = options;
  }

  /** False when no model is configured, or it failed to load. */
  get available(): boolean {
    return this.options.loadEmbedder !== undefined && this.failure === undefined;
  }

  /** The model, once loaded; undefined before (and without one). */
  get loaded(): EmbeddingModel | undefined {
    return this.ready;
  }

  /** Why there is no model: none configured, or its load failed. Undefined while one is available. */
  get unavailableReason(): string | undefined {
    if (!this.options.loadEmbedder) return "no embedding model is configured (search.embedder is none)";
    return this.failure === undefined
      ? undefined
      : `the embedding model could not be loaded (${this.failure})`;
  }

  /** Loads the model once (later calls share the load); undefined when it cannot be. */
  load(): Promise<EmbeddingModel | undefined> {
    const { loadEmbedder, warn } = this.options;
    if (!loadEmbedder || this.failure !== undefined) return Promise.resolve(undefined);
    this.loading ??= (async () => {
      try {
        const embedder = new QueryVectorCache(await loadEmbedder());
        this.dimensions = (await embedder.open()).dimensions;
        await this.recordModel(embedder);
        this.ready = embedder;
        return embedder;
      } catch (error) {
        this.failure = errorMessage(error);
        warn(`no embedding model could be loaded (${this.failure}); searching with BM25 only`);
        return undefined;
      }
    })();
    return this.loading;
  }

  /** After the index started over (it was found damaged): the model is recorded in the new one. */
  async recordAgain(): Promise<void> {
    if (this.ready) await this.recordModel(this.ready);
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    this.ready = undefined;
    const embedder = await loading;
    await embedder?.close();
  }

  private async recordModel(embedder: EmbeddingModel): Promise<void> {
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
