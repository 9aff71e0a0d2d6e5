/**
 * BM25 as SQLite's FTS5 computes it (fts5_aux.c, bm25 with every column weighted 1), so the server
 * index ranks as the embedded one does: k1 = 1.2, b = 0.75; a term's IDF is
 * ln((N - n + 0.5) / (n + 0.5)) for n chunks holding it among N, and 1e-6 where that is not
 * positive (a term in half the chunks or more); a chunk's length is its title's and text's terms.
 * The statement that applies them is candidate-search-sql.ts.
 */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
export const MINIMUM_IDF = 1e-6;
