import type { StoredChunk } from "../../contracts/search-index.js";
import type { HitConversation } from "../conversations/turns-around-hits.js";

/** One search hit: the chunk, where it is, and how it scored. */
export interface RankedHit extends StoredChunk {
  score: number;
  /** BM25 relevance (higher is better), when the text search found it. */
  textScore: number | undefined;
  /** Cosine similarity with the query (moved by feedback, when that is on), when it has a vector. */
  vectorScore: number | undefined;
  /** Typed memories: whole days since the memory was updated (set by MemoryHome.recall). */
  ageDays?: number;
  /** Typed memories older than a day: seed 001's note to verify before relying on it. */
  staleness?: string;
  /** Messages: the conversation, who said it and when, and the turns around it (set by MemoryHome.recall). */
  conversation?: HitConversation;
  /** With an LLM rerank: the hit's place in the model's order (1 = most relevant); `score` stays the fused one. */
  rerankPosition?: number;
  /**
   * How relevant the hit is on its own evidence, in [0, 1], comparable across queries (hit-relevance.ts):
   * what a relevance floor (search.minRelevance) is compared with. `score` is relative to the query's best.
   */
  relevance: number;
  /**
   * Typed memories in a recall "as of" a date: when the version shown held (validity.ts), and
   * `archived` when it is an older version read from archive/ (then `path` is the archive file
   * and `locator` the chunk's id, for `mnemo archive show`).
   */
  validity?: { validFrom?: string; validTo?: string; supersededBy?: string; archived?: boolean };
}

/** A hit as fusion and the boosts rank it, before its relevance is read. */
export type FusedHit = Omit<RankedHit, "relevance">;
