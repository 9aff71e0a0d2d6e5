/**
 * The FTS5 query for search terms: `"term1" OR "term2"`. Every term is quoted, so no FTS syntax (AND,
 * NEAR, *, ", :, parentheses, column filters) can pass through; terms come from queryTerms, which
 * keeps only letters and digits. Empty when there is nothing to search for.
 */
export function ftsMatchExpression(terms: string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" OR ");
}
