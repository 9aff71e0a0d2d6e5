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

export interface RecallResult {
  hits: RankedHit[];
  /** "hybrid" with vectors, "bm25" without. */
  mode: "hybrid" | "bm25";
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
