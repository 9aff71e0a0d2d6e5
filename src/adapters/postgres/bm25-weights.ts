/**
 * BM25 as SQLite's FTS5 computes it (fts5_aux.c, bm25 with every column weighted 1), so the server
 * index ranks as the embedded one does: k1 = 1.2, b = 0.75; a term's IDF is
 * ln((N - n + 0.5) / (n + 0.5)) for n chunks holding it among N, and 1e-6 where that is not
 * positive (a term in half the chunks or more); a chunk's length is its title's and text's terms.
 */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
const MINIMUM_IDF = 1e-6;

export function bm25Idf(chunkCount: number, documentFrequency: number): number {
  const idf = Math.log((chunkCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
  return idf > 0 ? idf : MINIMUM_IDF;
}

/**
 * Which terms to score first, as the embedded index chooses (search-tables.ts): terms found in half
 * the chunks or more weigh about nothing, yet scoring them means visiting those chunks, so the rare
 * ones are scored alone and the common ones only fill up a list the rare ones left short.
 */
export function splitTermsByFrequency(
  frequencies: ReadonlyMap<string, number>,
  chunkCount: number,
): { rare: string[]; found: string[] } {
  const found = [...frequencies].filter(([, count]) => count > 0).map(([term]) => term);
  return { rare: found.filter((term) => (frequencies.get(term) ?? 0) < chunkCount / 2), found };
}
