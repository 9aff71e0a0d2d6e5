/**
 * What consolidation compares in a memory's text (issue 30): its subject words, its values and its
 * facts. "Now lives in Lisbon" has the subject {live}, the value {lisbon}; "Standup moved to 10:00"
 * has the subject {standup} and the time 10:00 among its facts. Two memories about the same subject
 * with other values contradict each other; the same subject and values say the same thing.
 *
 * - Facts (numbers, dates, negations) are read by fact-signature.ts, the reader long-term memory uses.
 * - Values are the words that name one thing: a capitalised word inside a sentence ("Porto", "Zed"),
 *   an identifier ("vpn1.corp.example.com", "orders.v1"), a word with a digit ("q2", "x1").
 * - Subject words are the other content words, stemmed: stop words, number and date words, negations
 *   and the words that only say a fact changed ("now", "new", "moved", "switched") are left out.
 */

import { porterStem } from "../../rules/porter-stemmer.js";
import { STOP_WORDS } from "../../rules/stop-words.js";
import { DATE_WORDS, NEGATION_WORDS, NUMBER_WORDS, SCALE_WORDS } from "../long-term/fact-lexicon.js";
import { baseWord } from "../long-term/fact-numbers.js";
import { factSignature } from "../long-term/fact-signature.js";
import { type FactToken, factTokens } from "../long-term/fact-tokens.js";
import { comparisonHash } from "./text-similarity.js";

export interface MemoryWords {
  /** Equal for texts that differ only in case, spacing and punctuation. */
  hash: string;
  /** Stemmed content words that are not values. */
  subject: ReadonlySet<string>;
  /** Names and identifiers, in lower case. */
  values: ReadonlySet<string>;
  /**
   * Subject words written with a capital at the start of a sentence, by stem: "Tomás owns" may
   * name someone, which only the other text can tell ("owned by Tomás"); see compare-memories.ts.
   */
  capitalisedAtStart: ReadonlyMap<string, string>;
  /** Sorted numbers, dates and negations of the text (fact-signature.ts). */
  numbers: readonly string[];
  dates: readonly string[];
  negations: readonly string[];
}

/**
 * Words that say that a fact changed, or who it is about, rather than what it is: "Now lives in
 * Lisbon" and "Lives in Lisbon" state the same fact, and so do "The user prefers" and "Prefers".
 */
const CHANGE_AND_SPEAKER_WORDS: ReadonlySet<string> = new Set(
  (
    "now new newly currently current anymore longer still again instead actually really since " +
    "moved move moves switched switch switches changed change changes user users user's please"
  ).split(" "),
);

const VALUE_SHAPE = /[\d@/\\_]|\p{L}\.\p{L}/u;
const INNER_CAPITAL = /^\p{Lu}|\p{Ll}\p{Lu}/u;
const HAS_LETTER = /\p{L}/u;

export function memoryWords(text: string): MemoryWords {
  const subject = new Set<string>();
  const values = new Set<string>();
  const capitalisedAtStart = new Map<string, string>();
  for (const token of factTokens(text)) {
    const word = baseWord(token);
    if (!HAS_LETTER.test(word) || !isContentWord(word)) continue;
    if (isValue(token, word)) values.add(word);
    else {
      const stem = porterStem(word);
      subject.add(stem);
      if (token.sentenceStart && INNER_CAPITAL.test(token.text)) capitalisedAtStart.set(stem, word);
    }
  }
  const signature = factSignature(text);
  return {
    hash: comparisonHash(text),
    subject,
    values,
    capitalisedAtStart,
    numbers: signature.numbers,
    dates: signature.dates,
    negations: signature.negations,
  };
}

function isContentWord(word: string): boolean {
  return !(
    STOP_WORDS.has(word) ||
    CHANGE_AND_SPEAKER_WORDS.has(word) ||
    DATE_WORDS.has(word) ||
    NUMBER_WORDS.has(word) ||
    SCALE_WORDS.has(word) ||
    NEGATION_WORDS.has(word) ||
    word.endsWith("n't")
  );
}

/** A word that names one thing; a capital at the start of a sentence says nothing. */
function isValue(token: FactToken, word: string): boolean {
  if (VALUE_SHAPE.test(word)) return true;
  if (token.sentenceStart) return /^\p{Lu}{2,}$/u.test(token.text);
  return INNER_CAPITAL.test(token.text);
}
