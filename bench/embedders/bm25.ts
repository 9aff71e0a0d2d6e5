/**
 * Plain Okapi BM25 over one question's documents (k1 1.5, b 0.75, idf = ln(1 + (N - df + 0.5) / (df + 0.5))),
 * on lower-cased alphanumeric tokens. Returns one score per document, in document order; every
 * query token counts, repeats included.
 */
export function bm25Tokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

export function bm25Scores(query: string, documents: string[][], k1 = 1.5, b = 0.75): number[] {
  const documentFrequency = new Map<string, number>();
  const termCounts = documents.map((tokens) => {
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const token of counts.keys()) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
    return counts;
  });
  const averageLength =
    documents.reduce((sum, tokens) => sum + tokens.length, 0) / Math.max(1, documents.length);
  const queryTokens = bm25Tokens(query);
  return termCounts.map((counts, index) => {
    const length = documents[index]?.length ?? 0;
    let score = 0;
    for (const token of queryTokens) {
      const frequency = counts.get(token) ?? 0;
      if (frequency === 0) continue;
      const df = documentFrequency.get(token) ?? 0;
      const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
      score +=
        (idf * frequency * (k1 + 1)) /
        (frequency + k1 * (1 - b + (b * length) / Math.max(averageLength, 1e-9)));
    }
    return score;
  });
}
