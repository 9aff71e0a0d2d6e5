import { LRUCache } from "lru-cache";
import type { EmbeddingModel, EmbedOptions } from "../../contracts/embedding-model.js";

/**
 * The embedding model recall uses, with its query vectors kept: a repeated query (an agent asks the
 * same thing in every turn, a UI searches as the user types) reuses its vector instead of paying
 * the model again (13–15 ms for the local model). Documents go through the index's embedding cache.
 */
export const QUERY_VECTORS_KEPT = 512;

export class QueryVectorCache implements EmbeddingModel {
  readonly id: string;
  private readonly model: EmbeddingModel;
  private readonly vectors = new LRUCache<string, Float32Array>({ max: QUERY_VECTORS_KEPT });

  constructor(model: EmbeddingModel) {
    this.model = model;
    this.id = model.id;
  }

  open(options?: { signal?: AbortSignal }): Promise<{ dimensions: number }> {
    return this.model.open(options);
  }

  async embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
    if (options?.purpose !== "query") return this.model.embed(texts, options);
    const missing = [...new Set(texts.filter((text) => !this.vectors.has(text)))];
    if (missing.length > 0) {
      const embedded = await this.model.embed(missing, options);
      missing.forEach((text, position) => {
        this.vectors.set(text, embedded[position] as Float32Array);
      });
    }
    return texts.map((text) => this.vectors.get(text) as Float32Array);
  }

  close(): Promise<void> {
    this.vectors.clear();
    return this.model.close();
  }
}
