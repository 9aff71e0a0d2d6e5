import type { StoredChunk } from "../contracts/search-index.js";
import { textHash } from "../engine/search/embed-chunks.js";

/**
 * The parts of a search index that filling vectors uses, held in memory: chunks "chunk number N",
 * the first `withVectors` of them with a vector, an embedding cache, and the BM25 candidates a
 * search would find (`candidates`). For the fill's unit tests (vector-filler, search-vectors).
 */
export class MemoryChunkIndex {
  readonly chunkList: StoredChunk[];
  readonly vectors = new Map<number, Float32Array>();
  readonly cache = new Map<string, Float32Array>();
  /** Set: setVectors keeps nothing (the chunks went meanwhile). */
  dropsVectors = false;
  /** What `search` finds, best first. */
  candidates: number[] = [];

  constructor(count: number, withVectors = 0) {
    this.chunkList = Array.from({ length: count }, (_, id) => {
      const text = `chunk number ${id}`;
      return { id, text, textHash: textHash(text) } as StoredChunk;
    });
    for (let id = 0; id < withVectors; id++) this.vectors.set(id, new Float32Array(4));
  }
  async search() {
    return { text: this.candidates.map((id) => ({ id, score: 1 })), vector: [] };
  }

  async chunksWithoutVector(limit: number): Promise<StoredChunk[]> {
    return this.chunkList.filter((chunk) => !this.vectors.has(chunk.id)).slice(0, limit);
  }
  async setVectors(vectors: Map<number, Float32Array>): Promise<void> {
    if (!this.dropsVectors) for (const [id, vector] of vectors) this.vectors.set(id, vector);
  }
  async stats() {
    return { documents: 1, chunks: this.chunkList.length, vectors: this.vectors.size };
  }
  async vectorsOf(ids: number[]): Promise<Map<number, Float32Array>> {
    return new Map(
      ids.flatMap((id) => (this.vectors.has(id) ? [[id, this.vectors.get(id) as Float32Array]] : [])),
    );
  }
  async chunks(ids: number[]): Promise<StoredChunk[]> {
    return this.chunkList.filter((chunk) => ids.includes(chunk.id));
  }
  readonly embeddingCache = {
    cachedEmbeddings: async (hashes: string[]) =>
      new Map(
        hashes.flatMap((hash) =>
          this.cache.has(hash) ? [[hash, this.cache.get(hash) as Float32Array]] : [],
        ),
      ),
    cacheEmbeddings: async (vectors: Map<string, Float32Array>) => {
      for (const [hash, vector] of vectors) this.cache.set(hash, vector);
    },
  };
}
