import { porterStem } from "../../rules/porter-stemmer.js";
import { STOP_WORDS } from "../../rules/stop-words.js";
import { namesSomething } from "./named-things.js";

/**
 * The measured answer a question asks for, and how a text that states one reads: "How many hours
 * have I spent playing games?" is answered by texts saying "10 hours", "How much did I spend on
 * the boots?" by texts holding an amount of money, "How long did the wait take?" by a number of
 * days or weeks. A text that states such a quantity is likelier to answer the question than one on
 * the same topic that does not (answer typing, as in question answering since TREC-8).
 *
 * Counting questions about things ("How many doctors did I visit?") ask for no stated quantity:
 * their answer is counted over memories that name each thing, so a number next to the counted word
 * ("two doctors") is looked for, and, as a weaker sign, a name ("Dr. Patel", "Zumba classes",
 * `named-things.ts`). Questions of time ("when", "how many months since") are left to the time
 * window, which reads dates from the memories' timestamps.
 */
export interface AnswerType {
  /** What the question asks for, for reports: "money", "quantity", "age", "time of day", "percentage". */
  kind: string;
  /** Whether `text` states an answer of this kind. */
  answers(text: string): boolean;
  /** Whether the question counts things ("How many classes do I take?"), each of which a memory may name. */
  countsThings: boolean;
}

/** What a text naming something counts for, against 1 for stating the answer: a weaker sign. */
const NAMED_EVIDENCE = 0.5;
/** The most `answerEvidence` gives: a text that states the answer and names something. */
export const MOST_ANSWER_EVIDENCE = 1 + NAMED_EVIDENCE;

/**
 * How much `text` reads as an answer to the question of `type`: 1 when it states the quantity
 * asked for, plus 0.5 when the question counts things and it names something ("Zumba classes",
 * "boots from Zara"); 0 when neither. Recall multiplies a candidate's score by 1 + weight × this.
 */
export function answerEvidence(type: AnswerType, text: string): number {
  const stated = type.answers(text) ? 1 : 0;
  return type.countsThings && namesSomething(text) ? stated + NAMED_EVIDENCE : stated;
}

// Every pattern is compiled once, here: a regular expression built per question costs about 2 ms
// to compile on its first use, more than the rest of a recall.

const NUMBER =
  "(?:\\d[\\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|a dozen|a couple of|half an?)";
const MONEY = /[$€£¥]\s?\d|\b\d[\d,.]*\s?(?:k\s)?(?:dollars|bucks|euros|pounds|cents|usd|eur|gbp)\b/i;
const TIME_UNITS = "(?:second|minute|min|hour|hr|day|night|week|month|year)s?";
/** "6 months", "two hours", "22min". */
const DURATION = new RegExp(`\\b(?:${NUMBER}[\\s-]|\\d+)${TIME_UNITS}\\b`, "i");
const TIME_UNIT_WORD = new RegExp(`^${TIME_UNITS}$`);
const DISTANCE = new RegExp(
  `\\b${NUMBER}[\\s-]?(?:miles?|kilomet(?:er|re)s?|km|met(?:er|re)s?|feet|foot|steps|laps)\\b`,
  "i",
);
const WEIGHT = new RegExp(
  `\\b${NUMBER}[\\s-]?(?:pounds?|lbs?|kilograms?|kgs?|grams?|ounces?|oz|tons?)\\b`,
  "i",
);
const PERCENTAGE = /\d\s?(?:%|percent\b)/i;
const TIME_OF_DAY = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b/i;
const AGE = new RegExp(
  `\\b${NUMBER}[- ]years?[- ]old\\b|\\bturn(?:ed|s|ing)? ${NUMBER}\\b|\\bage (?:of )?\\d`,
  "i",
);
/** The end of a lower-cased text that counts what follows it: "two", "3 spin ", "10" (as in "10hours"). */
const COUNT_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}])${NUMBER}(?:\\s+[\\p{L}-]+){0,2}\\s+$|\\d$`, "u");

/** Words that end the thing counted after "how many" ("how many plants did I …"). */
const PHRASE_END =
  /^(?:did|do|does|have|has|had|am|is|are|was|were|will|would|can|could|should|of|in|on|at|for|to|from|i|my|we|me|that|which|per|since|than|before|after|between|during|this|last)$/;
const CLASSIFIER =
  /^(?:(?:different|more|new|total)\s+)*(?:pieces|items|types|kinds|sorts|pairs|sets)\s+of\s+/;
/** Words in the counted phrase that are not the thing counted. */
const NOT_COUNTED = /^(?:more|fewer|less|different|total|other|new|extra|additional)$/;

/** A "how many" question bounded by another event counts time or compares, not things named. */
const COUNTING_TIME = /\b(?:ago|passed|before|after|since|between)\b/;
const TIME_ARITHMETIC = /\b(?:ago|passed|before|after|since|between|older|younger|when|until|take|took)\b/;

const MONEY_WORDS =
  /\b(?:spend|spent|cost|costs|price|prices|pay|paid|paying|earn|earned|save|saved|raise|raised|money|budget|discount|cashback|fare|expensive|cheaper|donate|donated|sell|sold|amount)\b/;

/** The answer type of `question`, or undefined when it asks for no stated quantity. */
export function answerTypeOf(question: string): AnswerType | undefined {
  const text = question.normalize("NFKC").toLowerCase();
  if (/\b(?:percentage|percent)\b/.test(text)) return matching("percentage", PERCENTAGE);
  if (/\bwhat time\b/.test(text)) return matching("time of day", TIME_OF_DAY);
  if (/\b(?:how old|what age|average age|years? old|older|younger)\b/.test(text)) return matching("age", AGE);
  // "How many hours have I spent …" counts hours; "how much did I spend …" asks for money.
  if (
    /\bhow much\b|\btotal\b|\bthe most\b/.test(text) &&
    !/\bhow many\b/.test(text) &&
    MONEY_WORDS.test(text)
  )
    return matching("money", MONEY);
  if (/\bhow long\b|\btotal time\b|\bhow much time\b/.test(text)) return matching("quantity", DURATION);
  if (/\btotal distance\b|\bhow far\b/.test(text)) return matching("quantity", DISTANCE);
  if (/\btotal weight\b|\bhow heavy\b/.test(text)) return matching("quantity", WEIGHT);
  const counted = countedWords(text);
  if (counted.length === 0) return undefined;
  // "How many weeks ago …", "how many days passed between …": worked out from dates, not stated.
  const timeUnit = TIME_UNIT_WORD.test(counted[0] as string);
  if (timeUnit && TIME_ARITHMETIC.test(text)) return undefined;
  // "How many hours have I spent playing games?" is counted over the games, too.
  const countsThings = /\bhow many\b/.test(text) && !COUNTING_TIME.test(text);
  if (timeUnit) return { ...matching("quantity", DURATION), countsThings };
  const stems = counted.map(porterStem);
  return { kind: "quantity", answers: (candidate) => countsAny(candidate, stems), countsThings };
}

function matching(kind: string, pattern: RegExp): AnswerType {
  return { kind, answers: (text) => pattern.test(text), countsThings: false };
}

/** Whether `text` puts a number before a word starting with one of `stems`: "two classes", "3 spin classes", "22min". */
function countsAny(text: string, stems: string[]): boolean {
  const lower = text.toLowerCase();
  for (const stem of stems) {
    for (let at = lower.indexOf(stem); at >= 0; at = lower.indexOf(stem, at + 1)) {
      // Three words and their spaces fit in 60 characters; a longer run is not "a number of X".
      if (COUNT_BEFORE.test(lower.slice(Math.max(0, at - 60), at))) return true;
    }
  }
  return false;
}

/** The words of what "how many / how much / number of / the most" counts: "how many fitness classes do I …" → fitness, classes. */
function countedWords(text: string): string[] {
  const start = /\bhow (?:many|much)\s+|\bnumber of\s+|\bthe most\s+/.exec(text);
  if (!start) return [];
  // "pieces of jewelry", "types of citrus fruits": what is counted comes after "of".
  const phrase = text.slice(start.index + start[0].length).replace(CLASSIFIER, "");
  const words: string[] = [];
  for (const word of phrase.match(/[\p{L}'-]+/gu) ?? []) {
    if (PHRASE_END.test(word)) break;
    if (!NOT_COUNTED.test(word) && !STOP_WORDS.has(word)) words.push(word);
    if (words.length === 3) break;
  }
  return words;
}
