import { STOP_WORDS } from "../../rules/stop-words.js";
import {
  CALL_OFF,
  DATE_MODIFIERS,
  DATE_WORDS,
  MAY,
  NEGATED_CONTRACTION,
  NEGATION_WORDS,
  NUMBER_WORDS,
  SCALE_WORDS,
} from "./fact-lexicon.js";
import { baseWord, type FactReading, readNumber, readNumberWords } from "./fact-numbers.js";
import { type FactToken, factTokens } from "./fact-tokens.js";

/**
 * What a message states that similarity cannot be trusted to see (issue 12, point 5): embeddings
 * score "version 2.3.1 released" and "version 2.3.2 released" 0.98, and a negation or another name
 * barely moves them. Two messages can only be the same news when their signatures agree.
 *
 * Numbers, dates and negations are compared as multisets (order aside). Names are read from capitals,
 * which case changes move ("alice" has none), so a name only has to be among the other text's words:
 * "Alice" and "alice" agree, "Alice" and "Bob" do not. Every list is sorted.
 */
export interface FactSignature {
  /** Numbers with their unit: "2.3.1", "1200 usd", "0.5 %", "12000000"; ordinals as their number. */
  numbers: string[];
  /** Calendar words, times and units of time: "friday", "next week", "15:30", "2024-06-14", "minute". */
  dates: string[];
  /** "not" for each negation, "cancelled" for each cancellation, "postponed" for each postponement. */
  negations: string[];
  /** Names and identifiers in lower case, once each: "alice", "@dana", "settings.yaml", "eu-west-1". */
  names: string[];
  /** Every word in lower case, once each: where the other text's names are looked for. */
  words: string[];
}

const URL = /^(?:[a-z][a-z\d+.-]*:\/\/|www\.)/u;
const HANDLE = /^[@#]\p{L}/u;
/** Paths, snake_case and file names; camelCase is read with the capitals, after the lexicon. */
const IDENTIFIER = /[_/\\]|\p{L}\.\p{L}\p{L}/u;
const CAPITALISED = /^\p{Lu}|\p{Ll}\p{Lu}/u;

/** The signature of a text; pure, and the same for any two texts with the same canonical text. */
export function factSignature(text: string): FactSignature {
  const tokens = factTokens(text);
  const reading: FactReading = { numbers: [], dates: [], negations: [], names: new Set() };
  let index = 0;
  while (index < tokens.length) index = readAt(tokens, index, reading);
  return {
    numbers: reading.numbers.sort(),
    dates: reading.dates.sort(),
    negations: reading.negations.sort(),
    names: [...reading.names].sort(),
    words: [...new Set(tokens.map(baseWord))].sort(),
  };
}

/** True when the two texts state the same facts: the same numbers, dates and negations, and no name only one of them has. */
export function signaturesAgree(first: FactSignature, second: FactSignature): boolean {
  return (
    sameList(first.numbers, second.numbers) &&
    sameList(first.dates, second.dates) &&
    sameList(first.negations, second.negations) &&
    namesFound(first.names, second) &&
    namesFound(second.names, first)
  );
}

function sameList(first: readonly string[], second: readonly string[]): boolean {
  return first.length === second.length && first.every((entry, index) => entry === second[index]);
}

function namesFound(names: readonly string[], other: FactSignature): boolean {
  const words = new Set(other.words);
  return names.every((name) => words.has(name));
}

/** Reads the token at `index` (and any that belong to it) into `reading`; returns the next index. */
function readAt(tokens: readonly FactToken[], index: number, reading: FactReading): number {
  const token = tokens[index] as FactToken;
  const word = baseWord(token);
  const next = tokens[index + 1];
  const negation = NEGATION_WORDS.get(word) ?? (NEGATED_CONTRACTION.test(word) ? "not" : undefined);
  if (negation) return push(reading.negations, negation, index + 1);
  if (CALL_OFF.verbs.has(word) && next?.lower === CALL_OFF.particle) {
    return push(reading.negations, "cancelled", index + 2);
  }
  if (URL.test(word) || isEmail(word) || HANDLE.test(word)) return addName(reading, word, index + 1);
  if (/\d/u.test(word)) return readNumber(tokens, index, reading);
  if (IDENTIFIER.test(word)) return addName(reading, word, index + 1);
  if (NUMBER_WORDS.has(word) || SCALE_WORDS.has(word)) return readNumberWords(tokens, index, reading);
  const date = word.length > 1 ? DATE_WORDS.get(word) : undefined;
  if (date || (word === MAY && (isNumeric(tokens[index - 1]) || isNumeric(next)))) {
    const before = tokens[index - 1]?.lower;
    const modified = before && DATE_MODIFIERS.has(before) ? `${before} ${date ?? word}` : (date ?? word);
    return push(reading.dates, modified, index + 1);
  }
  const ordinary = STOP_WORDS.has(word.replace(/'\p{L}+$/u, "")) || DATE_MODIFIERS.has(word);
  const capitalised = CAPITALISED.test(token.text) && !ordinary;
  return capitalised ? addName(reading, word, index + 1) : index + 1;
}

/** Someone@domain.tld, checked without a regular expression, which backtracked quadratically on "a@....". */
function isEmail(word: string): boolean {
  const at = word.indexOf("@");
  return at > 0 && !word.includes("@", at + 1) && word.slice(at + 2, -1).includes(".");
}

function addName(reading: FactReading, name: string, nextIndex: number): number {
  reading.names.add(name);
  return nextIndex;
}

function push(list: string[], value: string, nextIndex: number): number {
  list.push(value);
  return nextIndex;
}

function isNumeric(token: FactToken | undefined): boolean {
  return token !== undefined && /^\d/u.test(token.lower);
}
