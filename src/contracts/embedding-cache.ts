/**
 * Vectors by text hash, for the model the search index records: unchanged text is never embedded
 * twice, and a model change empties it (SearchIndex.resetVectors).
 */
export interface EmbeddingCache {
  /** The cached vectors of these text hashes (those that have one). */
  cachedEmbeddings(textHashes: string[]): Promise<Map<string, Float32Array>>;
  cacheEmbeddings(vectors: Map<string, Float32Array>): Promise<void>;
}
