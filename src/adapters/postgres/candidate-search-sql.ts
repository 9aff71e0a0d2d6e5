import type { ChunkFilter } from "../../contracts/search-index.js";
import { BM25_B, BM25_K1, MINIMUM_IDF } from "../bm25/bm25-weights.js";
import { chunkFilterSql } from "./chunk-filter-sql.js";

/**
 * The one statement of a search: BM25 candidates, how many chunks hold each term, and the nearest
 * vectors, in one round trip and one snapshot (it was four statements: collection statistics, BM25,
 * BM25's fill-up, vectors). Parameters: $1 home id, $2 terms, $3 each term's weight (the query
 * words it stands for), $4 limit, $5 query vector (NULL: no vector search), $6 vectors rescored
 * exactly, then the filter's values. Ranks as the embedded index ranks (search-tables.ts): terms in
 * half the chunks or more weigh 1e-6 and are scored only to fill up a list the rare terms left short.
 * The rescored vectors are fetched by one array of ids, not joined one by one: 25% faster in a
 * home of 1,000 (bench/postgres/scale.ts). How many chunks hold a term is read from
 * `mnemo_term_chunks` (kept by the index writes), not counted from its postings: counting was half
 * the statement at 3,000-9,000 postings a term (bench/postgres/serve-http.ts, 10,000 memories).
 */
export const FIRST_FILTER_PARAMETER = 7;

/**
 * FTS5's BM25 term score of a posting `p` for a weighted term `w` (bm25-weights.ts), in float8
 * throughout (b × length is exact in float8 as in numeric, so the scores are those of numeric).
 */
const TERM_SCORE = `w.idf * p.frequency * ${BM25_K1 + 1} / (p.frequency + ${BM25_K1} * (${1 - BM25_B} + ${BM25_B}::float8 * p.chunk_length / w.average_length))`;

export function candidateSearchSql(filter: ChunkFilter | undefined): { sql: string; parameters: string[] } {
  const { clause, parameters } = chunkFilterSql(filter, FIRST_FILTER_PARAMETER);
  const join = clause === "" ? "" : "JOIN mnemo_chunks c ON c.home_id = $1 AND c.id = p.chunk_id";
  const ranked = (terms: string) => `
       SELECT p.chunk_id AS id, sum(${TERM_SCORE}) AS score
       FROM weighted w JOIN mnemo_chunk_terms p ON p.home_id = $1 AND p.term = w.term ${join}
       WHERE ${terms}${clause}
       GROUP BY p.chunk_id ORDER BY score DESC, p.chunk_id LIMIT $4`;
  const sql = `WITH home AS (SELECT chunk_count, term_total FROM mnemo_search_homes WHERE home_id = $1),
     query_terms AS MATERIALIZED (
       SELECT q.term, q.weight, q.position,
         coalesce((SELECT s.chunks FROM mnemo_term_chunks s WHERE s.home_id = $1 AND s.term = q.term), 0) AS chunks
       FROM unnest($2::text[], $3::float8[]) WITH ORDINALITY AS q(term, weight, position)),
     weighted AS MATERIALIZED (
       SELECT t.term, t.chunks < h.chunk_count / 2.0 AS rare,
         t.weight * CASE WHEN t.chunks < h.chunk_count / 2.0
           THEN ln((h.chunk_count::float8 - t.chunks + 0.5) / (t.chunks + 0.5)) ELSE ${MINIMUM_IDF} END AS idf,
         CASE WHEN h.chunk_count > 0 AND h.term_total > 0 THEN h.term_total::float8 / h.chunk_count ELSE 1 END
           AS average_length
       FROM query_terms t CROSS JOIN home h WHERE t.chunks > 0),
     text_first AS MATERIALIZED (${ranked("(w.rare OR NOT EXISTS (SELECT FROM weighted WHERE rare))")}),
     text_rest AS MATERIALIZED (${ranked(
       `(SELECT count(*) FROM text_first) < $4 AND EXISTS (SELECT FROM weighted WHERE rare)
         AND EXISTS (SELECT FROM weighted WHERE NOT rare)`,
     )}),
     text_hits AS (
       SELECT id, score, 1 AS pass FROM text_first
       UNION ALL SELECT id, score, 2 FROM text_rest WHERE id NOT IN (SELECT id FROM text_first)),
     vector_candidates AS MATERIALIZED (
       SELECT c.id FROM mnemo_chunks c
       WHERE $5::vector IS NOT NULL AND c.home_id = $1 AND c.embedding IS NOT NULL${clause}
       ORDER BY c.sign_code <~> binary_quantize($5::vector), c.id LIMIT $6),
     vector_hits AS MATERIALIZED (
       SELECT c.id, c.embedding <=> $5::vector AS distance FROM mnemo_chunks c
       WHERE c.home_id = $1 AND c.id = ANY(ARRAY(SELECT id FROM vector_candidates))
       ORDER BY distance, c.id LIMIT $4)
     SELECT (SELECT chunk_count FROM home) AS chunk_count,
       ARRAY(SELECT chunks FROM query_terms ORDER BY position) AS term_chunks,
       ARRAY(SELECT id FROM text_hits ORDER BY pass, score DESC, id LIMIT $4) AS text_ids,
       ARRAY(SELECT score FROM text_hits ORDER BY pass, score DESC, id LIMIT $4) AS text_scores,
       ARRAY(SELECT id FROM vector_hits ORDER BY distance, id) AS vector_ids,
       ARRAY(SELECT distance FROM vector_hits ORDER BY distance, id) AS vector_distances`;
  return { sql, parameters };
}
