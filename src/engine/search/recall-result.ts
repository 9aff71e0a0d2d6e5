/** What a recall is asked and what it answers, and the progress of the index catching up before it. */
import type { ChunkFilter } from "../../contracts/search-index.js";
import type { RankedHit } from "./ranked-hit.js";
import type { RerankReport } from "./rerank-hits.js";

export interface RecallOptions {
  limit?: number;
  filter?: ChunkFilter;
  signal?: AbortSignal;
  /** Called for each document the index takes in before this search (a first search builds it whole). */
  onIndexProgress?: (progress: IndexProgress) => void;
  /**
   * Answer without waiting for the embedding model: when it is not loaded yet, search by BM25
   * alone (mode "lexical", with the reason) and load nothing. A command-line call that must answer
   * at once (a hook of a coding agent) asks for this; the default waits and searches hybrid.
   */
  fast?: boolean;
}

export interface IndexProgress extends ReindexProgress {
  /** The index held nothing before: the home's first search builds it. */
  firstBuild: boolean;
}

/** What a recall indexed before it searched, when the files had changed since the index last saw them. */
export interface IndexCatchUp {
  /** Documents read, chunked and embedded into the index. */
  documents: number;
  firstBuild: boolean;
  ms: number;
}

/** How far the index's vectors are: chunks that have one, of all chunks. */
export interface VectorProgress {
  done: number;
  total: number;
}

export interface RecallResult {
  hits: RankedHit[];
  /**
   * "hybrid" with vectors; "bm25" when no embedding model is configured or it failed to load;
   * "lexical" when this search used BM25 alone although a model is configured (see modeReason).
   */
  mode: "hybrid" | "bm25" | "lexical";
  /** Why the mode is not "hybrid", in words for a person. */
  modeReason?: string;
  /**
   * Present while chunks of the index still wait for their vector (a grown home's first search, a
   * batch of writes): they are found by BM25 meanwhile, and the vectors are filled in the background.
   */
  indexing?: VectorProgress;
  timings: { syncMs: number; queryEmbeddingMs: number; searchMs: number };
  /** Present when the recall asked for an LLM rerank: what it did, or why the fused order stands. */
  rerank?: RerankReport;
  /** Present when the index took in changed documents before searching (all of them on a first search). */
  indexed?: IndexCatchUp;
  /**
   * Present when recall left out hits under a relevance floor (search.minRelevance, or the call's
   * minRelevance): the floor, and how many of the hits found were under it. No hits with some below
   * it: nothing in the home is relevant to the query.
   */
  relevanceFloor?: { minRelevance: number; below: number };
}

export interface SyncRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ReindexProgress) => void;
}

export interface ReindexProgress {
  done: number;
  total: number;
  path: string;
}
