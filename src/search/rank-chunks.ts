import type { EmbeddingModel } from "../contracts/embedding-model.js";
import type { ChunkFilter, SearchIndex, StoredChunk } from "../contracts/search-index.js";
import { type FusionOptions, fuseCandidates, recencyBoost } from "./fusion.js";
import { queryTerms } from "./query-terms.js";

/** One search hit: the chunk, where it is, and how it scored. */
export interface RankedHit extends StoredChunk {
  score: number;
  /** BM25 relevance (higher is better), when the text search found it. */
  textScore: number | undefined;
  /** Cosine similarity, when the vector search found it. */
  vectorScore: number | undefined;
}

export interface RankOptions {
  limit: number;
  filter?: ChunkFilter;
  fusion: FusionOptions;
  recency: { weight: number; halfLifeDays: number };
  now: Date;
  signal?: AbortSignal;
}

/** Candidates fetched from each list: more than asked for, so fusion has room to reorder. */
export function candidatePoolSize(limit: number): number {
  return Math.max(50, limit * 5);
}

export async function rankChunks(
  index: SearchIndex,
  embedder: EmbeddingModel | undefined,
  query: string,
  options: RankOptions,
): Promise<{ hits: RankedHit[]; queryEmbeddingMs: number }> {
  const pool = candidatePoolSize(options.limit);
  const text = await index.textSearch(queryTerms(query), {
    limit: pool,
    filter: options.filter,
  });
  let queryEmbeddingMs = 0;
  let vector: Array<{ id: number; score: number }> = [];
  if (embedder && query.trim() !== "") {
    const started = performance.now();
    const [queryVector] = await embedder.embed([query], { purpose: "query", signal: options.signal });
    queryEmbeddingMs = performance.now() - started;
    if (queryVector) vector = await index.vectorSearch(queryVector, { limit: pool, filter: options.filter });
  }
  const fused = fuseCandidates(text, vector, options.fusion);
  const boosted = options.recency.weight > 0 ? fused.slice(0, pool) : fused.slice(0, options.limit);
  const chunks = new Map(
    (await index.chunks(boosted.map((candidate) => candidate.id))).map((chunk) => [chunk.id, chunk]),
  );
  const hits = boosted.flatMap((candidate) => {
    const chunk = chunks.get(candidate.id);
    if (!chunk) return [];
    const score = recencyBoost(candidate.score, ageInDays(chunk.date, options.now), options.recency);
    return [{ ...chunk, score, textScore: candidate.textScore, vectorScore: candidate.vectorScore }];
  });
  hits.sort((a, b) => b.score - a.score || a.id - b.id);
  return { hits: hits.slice(0, options.limit), queryEmbeddingMs };
}

function ageInDays(date: string | undefined, now: Date): number | undefined {
  if (!date) return undefined;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? undefined : (now.getTime() - time) / 86_400_000;
}
