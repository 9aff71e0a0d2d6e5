import type { ChunkFilter, ScoredChunkId } from "../../contracts/search-index.js";
import { searchTermWeights } from "./bm25-terms.js";
import { BM25_B, BM25_K1, bm25Idf, splitTermsByFrequency } from "./bm25-weights.js";
import { chunkFilterSql } from "./chunk-filter-sql.js";
import type { SqlQueryable } from "./sql-client.js";

/**
 * BM25 over one home's postings (mnemo_chunk_terms), scored in SQL with FTS5's formula and the
 * home's own collection statistics, so the ranking is the embedded index's: the same terms (FTS5's
 * tokenizer, bm25-terms.ts), the same weights (bm25-weights.ts), common terms only filling up.
 */
export interface TextSearchOptions {
  homeId: string;
  terms: string[];
  limit: number;
  filter?: ChunkFilter;
}

interface Collection {
  chunkCount: number;
  averageLength: number;
  /** Chunks holding each term. */
  frequencies: Map<string, number>;
  /** How many query words each term stands for. */
  weights: Map<string, number>;
}

export async function textSearch(
  connection: SqlQueryable,
  options: TextSearchOptions,
): Promise<ScoredChunkId[]> {
  const weights = searchTermWeights(options.terms);
  if (weights.size === 0) return [];
  const collection = await readCollection(connection, options.homeId, weights);
  const { rare, found } = splitTermsByFrequency(collection.frequencies, collection.chunkCount);
  const ranked = await bm25(connection, rare.length > 0 ? rare : found, collection, options);
  if (rare.length === 0 || rare.length === found.length || ranked.length >= options.limit) return ranked;
  // Too few chunks hold a rare term: fill up with those holding only common ones (they score ~0 anyway).
  const seen = new Set(ranked.map((hit) => hit.id));
  const rest = (await bm25(connection, found, collection, options)).filter((hit) => !seen.has(hit.id));
  return [...ranked, ...rest].slice(0, options.limit);
}

async function readCollection(
  connection: SqlQueryable,
  homeId: string,
  weights: Map<string, number>,
): Promise<Collection> {
  const rows = await connection.query<{
    term: string;
    chunks: string | number;
    chunk_count: string | number;
    term_total: string | number;
  }>(
    `SELECT t.term, h.chunk_count, h.term_total,
       (SELECT count(*) FROM mnemo_chunk_terms p WHERE p.home_id = $1 AND p.term = t.term) AS chunks
     FROM unnest($2::text[]) AS t(term) JOIN mnemo_search_homes h ON h.home_id = $1`,
    [homeId, [...weights.keys()]],
  );
  const chunkCount = Number(rows[0]?.chunk_count ?? 0);
  const termTotal = Number(rows[0]?.term_total ?? 0);
  return {
    chunkCount,
    averageLength: chunkCount > 0 && termTotal > 0 ? termTotal / chunkCount : 1,
    frequencies: new Map(rows.map((row) => [row.term, Number(row.chunks)])),
    weights,
  };
}

/** The chunks holding any of `terms`, best first; a filter joins the chunks table and applies before ranking. */
async function bm25(
  connection: SqlQueryable,
  terms: string[],
  collection: Collection,
  options: TextSearchOptions,
): Promise<ScoredChunkId[]> {
  if (terms.length === 0) return [];
  const idfs = terms.map(
    (term) =>
      bm25Idf(collection.chunkCount, collection.frequencies.get(term) ?? 0) *
      (collection.weights.get(term) ?? 1),
  );
  const { clause, parameters } = chunkFilterSql(options.filter, 6);
  const join = clause === "" ? "" : "JOIN mnemo_chunks c ON c.home_id = p.home_id AND c.id = p.chunk_id";
  const rows = await connection.query<{ id: string | number; score: number }>(
    `SELECT p.chunk_id AS id,
       sum(q.idf * p.frequency * ${BM25_K1 + 1} / (p.frequency + ${BM25_K1} * (${1 - BM25_B} + ${BM25_B} * p.chunk_length / $4::float8))) AS score
     FROM unnest($2::text[], $3::float8[]) AS q(term, idf)
     JOIN mnemo_chunk_terms p ON p.home_id = $1 AND p.term = q.term
     ${join}
     WHERE true${clause}
     GROUP BY p.chunk_id ORDER BY score DESC, p.chunk_id LIMIT $5`,
    [options.homeId, terms, idfs, collection.averageLength, options.limit, ...parameters],
  );
  return rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
}
