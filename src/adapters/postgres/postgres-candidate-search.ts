import type { CandidateQuery, ScoredChunkId, SearchCandidates } from "../../contracts/search-index.js";
import { queryTermCounts, searchTermWeights } from "../bm25/bm25-terms.js";
import { DEFAULT_RESCORED, RESCORED_PER_RESULT } from "../vector-index/quantized-vector-index.js";
import { candidateSearchSql } from "./candidate-search-sql.js";
import { toPgvector } from "./pgvector-text.js";
import type { SqlQueryable } from "./sql-client.js";

/**
 * One home's search candidates in one statement (candidate-search-sql.ts): BM25 over its postings
 * with FTS5's terms (bm25-terms.ts) and weights, how many chunks hold each query word (for the
 * engine's lexical confidence), and the nearest chunks by cosine, found as the embedded index finds
 * them: the max(400, 8 × limit) whose sign codes are nearest the query's by Hamming distance, read
 * from one index, rescored by exact cosine (a home of up to 400 chunks is ranked exactly).
 */
interface CandidateRow {
  chunk_count: string | number | null;
  term_chunks: Array<string | number>;
  text_ids: Array<string | number>;
  text_scores: number[];
  vector_ids: Array<string | number>;
  vector_distances: number[];
}

export async function searchCandidates(
  connection: SqlQueryable,
  query: CandidateQuery & { homeId: string },
): Promise<SearchCandidates> {
  const weights = searchTermWeights(query.terms);
  const { sql, parameters } = candidateSearchSql(query.filter);
  const [row] = await connection.query<CandidateRow>(
    sql,
    [
      query.homeId,
      [...weights.keys()],
      [...weights.values()],
      query.limit,
      query.vector ? toPgvector(query.vector) : null,
      Math.max(DEFAULT_RESCORED, RESCORED_PER_RESULT * query.limit),
      ...parameters,
    ],
    { prepare: true },
  );
  const frequencies = new Map(
    [...weights.keys()].map((term, at) => [term, Number(row?.term_chunks[at] ?? 0)]),
  );
  const chunkCount = weights.size === 0 ? 0 : Number(row?.chunk_count ?? 0);
  return {
    text: scored(row?.text_ids ?? [], row?.text_scores ?? [], (score) => score),
    vector: scored(row?.vector_ids ?? [], row?.vector_distances ?? [], cosineSimilarity),
    termCounts: queryTermCounts(query.terms, frequencies, chunkCount),
  };
}

function scored(
  ids: Array<string | number>,
  values: number[],
  score: (value: number) => number,
): ScoredChunkId[] {
  return ids.map((id, at) => ({ id: Number(id), score: score(Number(values[at])) }));
}

/** Cosine similarity from pgvector's cosine distance; a zero vector (distance NaN) scores 0. */
export function cosineSimilarity(distance: number): number {
  const similarity = 1 - distance;
  return Number.isNaN(similarity) ? 0 : similarity;
}
