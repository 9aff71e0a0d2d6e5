import { STOP_WORDS } from "./stop-words.js";

/**
 * Turns what a user typed into search terms: lower-case runs of letters and digits (any script),
 * stop words removed, duplicates dropped, at most `maxTerms`. Terms hold no query syntax of any
 * search engine (no quotes, operators or punctuation), so an adapter can quote them safely.
 */
export const DEFAULT_MAX_QUERY_TERMS = 32;

const WORD = /[\p{L}\p{N}]+/gu;

export function tokenize(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(WORD) ?? [];
}

export function queryTerms(text: string, maxTerms = DEFAULT_MAX_QUERY_TERMS): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text)) {
    if (STOP_WORDS.has(token) || terms.includes(token)) continue;
    terms.push(token);
    if (terms.length === maxTerms) break;
  }
  // A query of nothing but stop words ("what did I say?") still searches for them.
  if (terms.length === 0) return [...new Set(tokenize(text))].slice(0, maxTerms);
  return terms;
}
