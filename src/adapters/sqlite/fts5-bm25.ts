import type { ChunkFilter, ScoredChunkId, TermCounts } from "../../contracts/search-index.js";
import { filterClause } from "./chunk-rows.js";
import { ftsMatchExpression } from "./fts-query.js";
import type { StatementCache } from "./statement-cache.js";

/**
 * BM25 as SQLite's FTS5 computes it: what answers until the chunks' terms are gathered in memory
 * (sqlite-chunk-terms.ts), and always for a filtered search. How many chunks hold each term is
 * counted once and kept until the next write by anyone (`forgetCounts`).
 */
export class Fts5Bm25 {
  private readonly statements: StatementCache;
  /** Chunks per query term, and the number of chunks: valid until the next write by anyone. */
  private termCounts = new Map<string, number>();
  private chunkCount: number | undefined;

  constructor(statements: StatementCache) {
    this.statements = statements;
  }

  search(
    terms: string[],
    options: { limit: number; filter?: ChunkFilter },
  ): { hits: ScoredChunkId[]; termCounts: TermCounts } {
    return { hits: this.textSearch(terms, options), termCounts: this.countsOf(terms) };
  }

  forgetCounts(): void {
    this.termCounts.clear();
    this.chunkCount = undefined;
  }

  /** Chunks in the index, and chunks holding each term (counted by the last textSearch, cached until a write). */
  private countsOf(terms: string[]): TermCounts {
    return {
      chunks: this.chunkCount ?? 0,
      holding: new Map(terms.map((term) => [term, this.termCounts.get(term) ?? 0])),
    };
  }

  private textSearch(terms: string[], options: { limit: number; filter?: ChunkFilter }): ScoredChunkId[] {
    const { rare, found } = this.splitTermsByFrequency(terms);
    const ranked = this.bm25(rare.length > 0 ? rare : found, options);
    if (rare.length === 0 || rare.length === found.length || ranked.length >= options.limit) return ranked;
    // Too few chunks hold a rare term: fill up with those holding only common ones (they score ~0 anyway).
    const seen = new Set(ranked.map((hit) => hit.id));
    const rest = this.bm25(found, { ...options, limit: options.limit }).filter((hit) => !seen.has(hit.id));
    return [...ranked, ...rest].slice(0, options.limit);
  }

  /** Joins the chunks table only to filter: per match, that lookup cost more than the scoring (100k chunks: 40 ms against 16). */
  private bm25(terms: string[], options: { limit: number; filter?: ChunkFilter }): ScoredChunkId[] {
    if (terms.length === 0) return [];
    const { clause, parameters } = filterClause(options.filter);
    const sql =
      clause === ""
        ? "SELECT rowid AS id, -bm25(chunks_fts) AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts) LIMIT ?"
        : `SELECT c.id AS id, -bm25(chunks_fts) AS score FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
           WHERE chunks_fts MATCH ? ${clause} ORDER BY bm25(chunks_fts) LIMIT ?`;
    return this.statements
      .get(sql)
      .all(ftsMatchExpression(terms), ...parameters, options.limit) as ScoredChunkId[];
  }

  /**
   * FTS5's BM25 gives a term found in half the chunks or more an IDF of about zero, yet scoring it
   * means visiting all those chunks. Such terms are searched only when the rarer ones find too
   * little; the ranking is the same, the search far faster. Counts are cached until the next write.
   */
  private splitTermsByFrequency(terms: string[]): { rare: string[]; found: string[] } {
    const total =
      this.chunkCount ??
      Number((this.statements.get("SELECT count(*) AS n FROM chunks").get() as { n: number }).n);
    this.chunkCount = total;
    const countOf = this.statements.get("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?");
    const found = terms.filter((term) => {
      let count = this.termCounts.get(term);
      if (count === undefined) {
        count = Number((countOf.get(ftsMatchExpression([term])) as { n: number }).n);
        this.termCounts.set(term, count);
      }
      return count > 0;
    });
    return { rare: found.filter((term) => (this.termCounts.get(term) ?? 0) < total / 2), found };
  }
}
