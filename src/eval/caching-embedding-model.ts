import type { EmbeddingCache } from "../contracts/embedding-cache.js";
import type { EmbeddingModel, EmbedOptions } from "../contracts/embedding-model.js";
import type { SearchIndex } from "../contracts/search-index.js";

/** A search index used for its embedding cache only. */
type CacheIndex = EmbeddingCache & Pick<SearchIndex, "open" | "close" | "vectorModel" | "resetVectors">;

import { textHash } from "../engine/search/embed-chunks.js";

/**
 * An embedding model behind a persistent cache (a search index used for its embedding cache only),
 * so repeated evaluation runs embed each text once. The cache is reset when the model changes.
 */
export class CachingEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  private readonly inner: EmbeddingModel;
  private readonly cache: CacheIndex;

  constructor(inner: EmbeddingModel, cache: CacheIndex) {
    this.inner = inner;
    this.cache = cache;
    this.id = inner.id;
  }

  async open(options?: { signal?: AbortSignal }): Promise<{ dimensions: number }> {
    const opened = await this.inner.open(options);
    await this.cache.open();
    const recorded = await this.cache.vectorModel();
    if (recorded?.id !== this.id || recorded.dimensions !== opened.dimensions) {
      await this.cache.resetVectors({ id: this.id, dimensions: opened.dimensions });
    }
    return opened;
  }

  async embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
    const keys = texts.map((text) => embeddingCacheKey(text, options?.purpose ?? "document"));
    const found = await this.cache.cachedEmbeddings(keys);
    const missing = [...new Set(keys.filter((key) => !found.has(key)))];
    if (missing.length > 0) {
      const textOf = new Map(keys.map((key, position) => [key, texts[position] as string]));
      const vectors = await this.inner.embed(
        missing.map((key) => textOf.get(key) as string),
        options,
      );
      const fresh = new Map(missing.map((key, position) => [key, vectors[position] as Float32Array]));
      await this.cache.cacheEmbeddings(fresh);
      for (const [key, vector] of fresh) found.set(key, vector);
    }
    return keys.map((key) => found.get(key) as Float32Array);
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.cache.close();
  }
}

/** The cache key of a text: query and document vectors may differ, so the purpose is part of it. */
export function embeddingCacheKey(text: string, purpose: "query" | "document"): string {
  return `${purpose}:${textHash(text)}`;
}

/** A caching model whose cache is a SQLite file (created when missing). */
export async function withEmbeddingCacheFile(
  inner: EmbeddingModel,
  cacheFile: string,
): Promise<CachingEmbeddingModel> {
  const { SqliteSearchIndex } = await import("../adapters/sqlite/sqlite-search-index.js");
  return new CachingEmbeddingModel(inner, new SqliteSearchIndex({ path: cacheFile }));
}
