import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type {
  CandidateQuery,
  ChunkFilter,
  ChunkRecord,
  DocumentReplacement,
  DocumentState,
  ScoredChunkId,
  SearchCandidates,
  SearchIndex,
  StoredChunk,
  TermCounts,
} from "../../contracts/search-index.js";
import { MnemoError } from "../../errors.js";
import { tokenize } from "../../rules/query-terms.js";
import { cosineSimilarity } from "../../rules/similarity.js";

/**
 * The reference SearchIndex and EmbeddingCache: plain maps, BM25 (k1 1.2, b 0.75, over title and
 * text) and exact cosine, in one process. Slow on large homes and without stemming, but simple
 * enough to be obviously right: the conformance suites hold every other index to its behaviour.
 */
interface IndexedChunk extends StoredChunk {
  terms: Map<string, number>;
  length: number;
}

const K1 = 1.2;
const B = 0.75;

export class InMemorySearchIndex implements SearchIndex, EmbeddingCache {
  private readonly documents = new Map<string, DocumentState>();
  private readonly chunksById = new Map<number, IndexedChunk>();
  private readonly vectors = new Map<number, Float32Array>();
  private readonly cache = new Map<string, Float32Array>();
  private model: { id: string; dimensions: number } | undefined;
  private nextId = 1;
  private opened = false;

  async open(): Promise<void> {
    this.opened = true;
  }

  async close(): Promise<void> {
    this.opened = false;
  }

  async generation(): Promise<number> {
    return 0;
  }

  async documentStates(): Promise<Map<string, DocumentState>> {
    this.checkOpen();
    return new Map(this.documents);
  }

  async replaceDocuments(documents: DocumentReplacement[]): Promise<void> {
    this.checkOpen();
    // All or nothing, as one transaction: every vector's size is checked before anything changes.
    for (const { chunks, vectors } of documents) this.checkVectorsOf(chunks, vectors);
    for (const { path, state, chunks, vectors } of documents)
      await this.replaceDocument(path, state, chunks, vectors);
  }

  async replaceDocument(
    path: string,
    state: DocumentState,
    chunks: ChunkRecord[],
    vectors: Map<string, Float32Array>,
  ): Promise<void> {
    this.checkOpen();
    this.checkVectorsOf(chunks, vectors);
    this.deleteChunksOf(path);
    for (const chunk of chunks) {
      const id = this.nextId++;
      const terms = countTerms(`${chunk.title} ${chunk.text}`);
      const length = [...terms.values()].reduce((sum, count) => sum + count, 0);
      this.chunksById.set(id, { ...chunk, id, terms, length });
      const vector = vectors.get(chunk.textHash);
      if (this.model && vector) this.vectors.set(id, vector);
    }
    this.documents.set(path, state);
  }

  async removeDocument(path: string): Promise<void> {
    this.checkOpen();
    this.deleteChunksOf(path);
    this.documents.delete(path);
  }

  async search(query: CandidateQuery): Promise<SearchCandidates> {
    this.checkOpen();
    const allowed = [...this.chunksById.values()].filter((chunk) => matchesFilter(chunk, query.filter));
    const termCounts = this.termCounts(query.terms);
    return {
      text: bestFirst(this.bm25(query.terms, allowed, termCounts.holding), query.limit),
      vector: query.vector ? bestFirst(this.cosines(query.vector, allowed), query.limit) : [],
      termCounts,
    };
  }

  private termCounts(terms: string[]): TermCounts {
    const all = [...this.chunksById.values()];
    return {
      chunks: all.length,
      holding: new Map(terms.map((term) => [term, all.filter((chunk) => chunk.terms.has(term)).length])),
    };
  }

  async chunks(ids: number[]): Promise<StoredChunk[]> {
    this.checkOpen();
    return ids.flatMap((id) => {
      const chunk = this.chunksById.get(id);
      if (!chunk) return [];
      const { terms: _terms, length: _length, ...stored } = chunk;
      return [stored];
    });
  }

  async vectorsOf(ids: number[]): Promise<Map<number, Float32Array>> {
    this.checkOpen();
    return new Map(
      ids.flatMap((id) => (this.vectors.has(id) ? [[id, this.vectors.get(id) as Float32Array]] : [])),
    );
  }

  async rescore(vector: Float32Array, ids: number[]): Promise<ScoredChunkId[]> {
    this.checkOpen();
    const chunks = ids.flatMap((id) => this.chunksById.get(id) ?? []);
    return bestFirst(this.cosines(vector, chunks), chunks.length);
  }

  async chunksWithoutVector(limit: number): Promise<StoredChunk[]> {
    const ids = [...this.chunksById.keys()].filter((id) => !this.vectors.has(id)).slice(0, limit);
    return this.chunks(ids);
  }

  async setVectors(vectors: Map<number, Float32Array>): Promise<void> {
    this.checkOpen();
    for (const [id, vector] of vectors) {
      this.checkDimensions(vector);
      if (this.chunksById.has(id)) this.vectors.set(id, vector);
    }
  }

  async vectorModel(): Promise<{ id: string; dimensions: number } | undefined> {
    this.checkOpen();
    return this.model;
  }

  async resetVectors(model: { id: string; dimensions: number }): Promise<void> {
    this.checkOpen();
    if (this.model?.id === model.id && this.model.dimensions === model.dimensions) return;
    this.vectors.clear();
    this.cache.clear();
    this.model = { ...model };
  }

  async cachedEmbeddings(textHashes: string[]): Promise<Map<string, Float32Array>> {
    this.checkOpen();
    return new Map(
      textHashes.flatMap((hash) =>
        this.cache.has(hash) ? [[hash, this.cache.get(hash) as Float32Array]] : [],
      ),
    );
  }

  async cacheEmbeddings(vectors: Map<string, Float32Array>): Promise<void> {
    this.checkOpen();
    for (const [hash, vector] of vectors) this.cache.set(hash, Float32Array.from(vector));
  }

  async stats(): Promise<{ documents: number; chunks: number; vectors: number }> {
    this.checkOpen();
    return { documents: this.documents.size, chunks: this.chunksById.size, vectors: this.vectors.size };
  }

  private bm25(terms: string[], chunks: IndexedChunk[], holding: Map<string, number>): ScoredChunkId[] {
    const total = this.chunksById.size;
    if (total === 0 || terms.length === 0) return [];
    const averageLength = [...this.chunksById.values()].reduce((sum, chunk) => sum + chunk.length, 0) / total;
    return chunks.flatMap((chunk) => {
      let score = 0;
      for (const term of terms) {
        const frequency = chunk.terms.get(term) ?? 0;
        if (frequency === 0) continue;
        const documents = holding.get(term) ?? 0;
        const idf = Math.log(1 + (total - documents + 0.5) / (documents + 0.5));
        score +=
          (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * chunk.length) / averageLength));
      }
      return score > 0 ? [{ id: chunk.id, score }] : [];
    });
  }

  private cosines(vector: Float32Array, chunks: StoredChunk[]): ScoredChunkId[] {
    if (this.model) this.checkDimensions(vector);
    return chunks.flatMap((chunk) => {
      const stored = this.vectors.get(chunk.id);
      return stored ? [{ id: chunk.id, score: cosineSimilarity(vector, stored) }] : [];
    });
  }

  private deleteChunksOf(path: string): void {
    for (const [id, chunk] of this.chunksById) {
      if (chunk.path !== path) continue;
      this.chunksById.delete(id);
      this.vectors.delete(id);
    }
  }

  private checkVectorsOf(chunks: ChunkRecord[], vectors: Map<string, Float32Array>): void {
    for (const chunk of chunks) {
      const vector = vectors.get(chunk.textHash);
      if (this.model && vector) this.checkDimensions(vector);
    }
  }

  private checkDimensions(vector: Float32Array): void {
    if (this.model && vector.length !== this.model.dimensions) {
      throw new MnemoError(
        "INVALID_INPUT",
        `A vector of ${vector.length} dimensions cannot be stored in a search index of ${this.model.id} (${this.model.dimensions} dimensions).`,
      );
    }
  }

  private checkOpen(): void {
    if (!this.opened) throw new MnemoError("IO", "The search index is not open; call open() first.");
  }
}

function countTerms(text: string): Map<string, number> {
  const terms = new Map<string, number>();
  for (const token of tokenize(text)) terms.set(token, (terms.get(token) ?? 0) + 1);
  return terms;
}

function matchesFilter(chunk: StoredChunk, filter: ChunkFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.memoryType && chunk.memoryType !== filter.memoryType) return false;
  if (filter.kind && chunk.kind !== filter.kind) return false;
  if (
    filter.path &&
    (filter.path.endsWith("/") ? !chunk.path.startsWith(filter.path) : chunk.path !== filter.path)
  )
    return false;
  if (filter.since && (chunk.date === undefined || chunk.date < filter.since)) return false;
  if (filter.until && (chunk.date === undefined || chunk.date > filter.until)) return false;
  return true;
}

function bestFirst(scored: ScoredChunkId[], limit: number): ScoredChunkId[] {
  return scored.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
}
