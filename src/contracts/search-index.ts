/**
 * The derived search index over a memory home: chunks with their text (for BM25) and, when an
 * embedding model is in use, their vectors. Rebuildable from the files at any time.
 */
export interface ChunkRecord {
  path: string;
  kind: string;
  locator: string;
  line: number;
  title: string;
  text: string;
  memoryType?: string;
  date?: string;
  /**
   * Typed memories: the frontmatter's `updated` time as written (ISO 8601), so recall tells a hit's
   * age without reading its file. Optional: an index that does not keep it has the file read instead.
   */
  updated?: string;
  /** Hash of `text`: the embedding cache key. */
  textHash: string;
}

export interface StoredChunk extends ChunkRecord {
  id: number;
}

export interface DocumentState {
  /** Content hash of the whole file. */
  hash: string;
  mtimeMs: number;
  size: number;
  /** The store's DocumentInfo.changeStamp when indexed, if it has one. */
  changeStamp?: string;
}

export interface ChunkFilter {
  memoryType?: string;
  kind?: string;
  /** Exact document path, or a folder prefix ending in "/". */
  path?: string;
  /** Inclusive YYYY-MM-DD bounds on the chunk's date; chunks without a date are left out by either. */
  since?: string;
  until?: string;
}

export interface ScoredChunkId {
  id: number;
  /** Higher is better: BM25 relevance for text search, cosine similarity for vector search. */
  score: number;
}

export interface CandidateQuery {
  terms: string[];
  vector?: Float32Array;
  filter?: ChunkFilter;
  limit: number;
}

export interface SearchCandidates {
  text: ScoredChunkId[];
  vector: ScoredChunkId[];
  /**
   * How many chunks the index holds, and how many hold each query term (0 for a term none holds):
   * the engine tells from them how much of the query the best BM25 score covers. Optional: without
   * it, lexical evidence always counts in full.
   */
  termCounts?: TermCounts;
}

export interface TermCounts {
  chunks: number;
  holding: Map<string, number>;
}

/** One document's new chunks, for replaceDocuments: vectors by text hash, for the chunks that have one. */
export interface DocumentReplacement {
  path: string;
  state: DocumentState;
  chunks: ChunkRecord[];
  vectors: Map<string, Float32Array>;
}

export interface SearchIndex {
  open(): Promise<void>;
  close(): Promise<void>;
  /**
   * Changes each time the index starts over empty because its storage was found damaged: a sync
   * then checks every file again, and an operation that failed on the damage can be run again.
   */
  generation(): Promise<number>;
  documentStates(): Promise<Map<string, DocumentState>>;
  /** Replaces every chunk of one document, in one transaction; vectors are set for the chunks that have one. */
  replaceDocument(
    path: string,
    state: DocumentState,
    chunks: ChunkRecord[],
    vectors: Map<string, Float32Array>,
  ): Promise<void>;
  /**
   * Replaces the chunks of each of these documents, all in one transaction (as replaceDocument
   * each): a search catching up with a batch of 500 saves paid a commit for each.
   */
  replaceDocuments(documents: DocumentReplacement[]): Promise<void>;
  removeDocument(path: string): Promise<void>;
  /**
   * The one search call: candidates for the query, each list best first. `text` is BM25 over the
   * chunks that contain any of `terms` (lower-case words, free of query syntax; a store may leave
   * out terms found in most chunks, whose BM25 weight is about zero). `vector` is the chunks nearest
   * to `vector` by cosine (empty without one). Both honour `filter` before ranking, and hold at most
   * `limit` candidates. Fusion, feedback and ranking are the engine's.
   */
  search(query: CandidateQuery): Promise<SearchCandidates>;
  chunks(ids: number[]): Promise<StoredChunk[]>;
  /** The stored vectors of these chunks (those that have one). */
  vectorsOf(ids: number[]): Promise<Map<number, Float32Array>>;
  /**
   * Cosine similarity of `vector` with each of these chunks' vectors (chunks without one are left
   * out), best first: the second ranking of feedback. An index may compute it from compressed
   * vectors, close to the exact value.
   */
  rescore(vector: Float32Array, ids: number[]): Promise<ScoredChunkId[]>;
  /** Chunks that have no vector yet (after a model change, or when embedding failed). */
  chunksWithoutVector(limit: number): Promise<StoredChunk[]>;
  setVectors(vectors: Map<number, Float32Array>): Promise<void>;
  /** The model the vectors were made with; undefined before any. */
  vectorModel(): Promise<{ id: string; dimensions: number } | undefined>;
  /** Drops every vector and the embedding cache, and records the new model (unless it is the one recorded). */
  resetVectors(model: { id: string; dimensions: number }): Promise<void>;
  stats(): Promise<{ documents: number; chunks: number; vectors: number }>;
}

/**
 * A search index's storage as seen from outside, without opening it for writing (for doctor):
 * missing (not built yet), ready, outdated (another schema version, rebuilt by the next recall),
 * damaged, foreign (another program's database) or outside-home (a link leading out of the home).
 */
export interface SearchIndexInspection {
  state: "missing" | "ready" | "outdated" | "damaged" | "foreign" | "outside-home";
  schemaVersion?: number;
  /** When ready: what it recorded of each document, to tell how far behind the files it is. */
  documentStates?: Map<string, DocumentState>;
  counts?: { documents: number; chunks: number; vectors: number };
  problem?: string;
}
