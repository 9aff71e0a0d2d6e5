/**
 * The words of a short text as consolidation matches them: lower case, stop words left out, each
 * stemmed ("Deploys" and "deploy" are one term). Used for memory names and for the index lines that
 * choose which memories a save is compared with, so it must be cheap: a home of 2,000 memories has
 * 2,000 index lines to read on every save, and their stems are remembered.
 */
import { LRUCache } from "lru-cache";
import { porterStem } from "../../rules/porter-stemmer.js";
import { STOP_WORDS } from "../../rules/stop-words.js";

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;
const STEMS = new LRUCache<string, string>({ max: 20_000 });

export function plainTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/['’.-]+$/u, "").replace(/['’]s$/u, "");
    if (word === "" || STOP_WORDS.has(word)) continue;
    terms.add(stemOf(word));
  }
  return terms;
}

function stemOf(word: string): string {
  let stem = STEMS.get(word);
  if (stem === undefined) {
    stem = /\d/u.test(word) ? word : porterStem(word);
    STEMS.set(word, stem);
  }
  return stem;
}
