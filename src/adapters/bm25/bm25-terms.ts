import type { TermCounts } from "../../contracts/search-index.js";
import { porterStem } from "../../rules/porter-stemmer.js";

/**
 * The terms PostgreSQL's BM25 counts, cut as SQLite's FTS5 does with `porter unicode61
 * remove_diacritics 2` (the embedded index's tokenizer), so both backends rank alike: runs of
 * letters, digits and private-use characters, lower-cased, diacritics removed from Latin letters,
 * each run stemmed by FTS5's Porter stemmer. FTS5 judges characters by its own, older Unicode
 * tables, so a few symbols and marks of other scripts are cut differently (bm25-terms.test.ts
 * measures how often on real text).
 */
const TOKEN = /(?:[\p{L}\p{N}\p{Co}]|[\u0300-\u036f])+/gu;
/** Combining diacritics are part of a word, and left out of its term. */
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
/** Precomposed letters of the Latin blocks; those made of an ASCII letter and diacritics lose them. */
const LATIN_LETTER = /[\u00c0-\u024f\u1e00-\u1eff]/g;
const ASCII_LETTER_WITH_DIACRITICS = /^[a-z][\u0300-\u036f]+$/;
/** Case folds FTS5 makes that lower-casing does not. */
const FOLDED: Readonly<Record<string, string>> = { µ: "μ", ς: "σ", ſ: "s" };
/** A btree index entry must stay well under PostgreSQL's 2,700-byte limit; longer runs are cut. */
const MAX_TERM_CHARACTERS = 500;

export function bm25Tokens(text: string): string[] {
  const runs =
    text
      .toLowerCase()
      .replace(/[µςſ]/g, (character) => FOLDED[character] ?? character)
      .match(TOKEN) ?? [];
  return runs.flatMap((run) => {
    const term = termOf(run);
    return term === "" ? [] : [term];
  });
}

/** Terms of recent words: text repeats its words, and stemming them is most of the cost of indexing. */
const TERMS = new Map<string, string>();
const MAX_REMEMBERED_TERMS = 50_000;

function termOf(run: string): string {
  let term = TERMS.get(run);
  if (term === undefined) {
    const folded = run.replace(COMBINING_DIACRITICS, "").replace(LATIN_LETTER, withoutDiacritics);
    term = folded === "" ? "" : porterStem(folded).slice(0, MAX_TERM_CHARACTERS);
    if (TERMS.size >= MAX_REMEMBERED_TERMS) TERMS.clear();
    TERMS.set(run, term);
  }
  return term;
}

function withoutDiacritics(letter: string): string {
  const decomposed = letter.normalize("NFD");
  return ASCII_LETTER_WITH_DIACRITICS.test(decomposed) ? decomposed.charAt(0) : letter;
}

/** What a chunk contributes to BM25: how often each term occurs, and its length in terms (title and text). */
export interface ChunkTerms {
  frequencies: Map<string, number>;
  length: number;
}

export function chunkTerms(title: string, text: string): ChunkTerms {
  const frequencies = new Map<string, number>();
  const tokens = [...bm25Tokens(title), ...bm25Tokens(text)];
  for (const token of tokens) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
  return { frequencies, length: tokens.length };
}

/**
 * A query's terms (from queryTerms) as the index holds them, each with its weight: FTS5 scores a
 * query of several words that stem alike ("run running") once per word, so the word count is kept.
 */
export function searchTermWeights(terms: string[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const token of terms.flatMap(bm25Tokens)) weights.set(token, (weights.get(token) ?? 0) + 1);
  return weights;
}

/**
 * Chunks holding each query word, as the embedded index reports them (one FTS5 phrase per word):
 * a word is its terms, and a word of several terms ("e-mail") is held by at most as many chunks
 * as its rarest term. The engine weighs lexical evidence by them (lexical-confidence.ts); without
 * them a query matched only on a common word would count in full.
 */
export function queryTermCounts(
  terms: string[],
  frequencies: ReadonlyMap<string, number>,
  chunkCount: number,
): TermCounts {
  const holding = new Map<string, number>();
  for (const term of terms) {
    const counts = bm25Tokens(term).map((token) => frequencies.get(token) ?? 0);
    holding.set(term, counts.length === 0 ? 0 : Math.min(...counts));
  }
  return { chunks: chunkCount, holding };
}
