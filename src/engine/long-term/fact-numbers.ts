import { AM_PM, DATE_WORDS, NUMBER_WORDS, SCALE_WORDS, UNIT_WORDS } from "./fact-lexicon.js";
import type { FactToken } from "./fact-tokens.js";

/**
 * How fact-signature.ts reads numbers: "2.3.1", "$1,200", "0.5 %", "two hundred", "12 million",
 * "3 pm", "2024-06-14", each with the unit written on it or after it. Each reader takes the tokens and
 * the index of the first one, adds what it read, and returns the index of the next unread token.
 */
export interface FactReading {
  numbers: string[];
  dates: string[];
  negations: string[];
  names: Set<string>;
}

const TIME = /^(\d{1,2}):(\d{2})(?::\d{2})?(am|pm|a\.m|p\.m)?$|^(\d{1,2})(am|pm|a\.m|p\.m)$/u;
const CALENDAR_DATE = /^\d{1,4}[-/]\d{1,2}(?:[-/]\d{1,4})?$/u;
const NUMBER = /^([+-]?)[#$€£¥]?v?(\d[\d,]*(?:\.\d+)*)(?:st|nd|rd|th)?([\p{L}%]*)$/u;
const CURRENCY_SYMBOL = /^[+-]?([$€£¥])/u;
const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/u;

/** The word in lower case without a possessive "'s": "Friday's" is "friday". */
export function baseWord(token: FactToken): string {
  return token.lower.replace(/'s$/u, "");
}

/** A token with a digit: a time, a date, a number with its unit, or else an identifier ("x86_64", "1.2-beta"). */
export function readNumber(tokens: readonly FactToken[], index: number, reading: FactReading): number {
  const word = baseWord(tokens[index] as FactToken);
  const next = tokens[index + 1]?.lower;
  const withMarker = next && AM_PM.has(next) ? TIME.exec(`${word}${AM_PM.get(next)}`) : null;
  const time = withMarker ?? TIME.exec(word);
  if (time) {
    const [, hours = time[4], minutes = "00", marker = time[5]] = time;
    reading.dates.push(clock(Number(hours), minutes, marker));
    return index + (withMarker ? 2 : 1);
  }
  if (CALENDAR_DATE.test(word)) {
    reading.dates.push(word);
    return index + 1;
  }
  const number = NUMBER.exec(word);
  if (!number) {
    reading.names.add(word);
    return index + 1;
  }
  const [, sign = "", digits = "", suffix = ""] = number;
  const value = `${sign}${THOUSANDS.test(digits) ? digits.replaceAll(",", "") : digits}`;
  const symbol = CURRENCY_SYMBOL.exec(word)?.[1];
  return readQuantity(tokens, index + 1, reading, value, symbol ? `${symbol}${suffix}` : suffix);
}

/** "five", "two hundred", "twelfth": consecutive number words as one value. */
export function readNumberWords(tokens: readonly FactToken[], index: number, reading: FactReading): number {
  let total = 0;
  let current = 0;
  let next = index;
  for (; next < tokens.length; next++) {
    const word = baseWord(tokens[next] as FactToken);
    const scale = SCALE_WORDS.get(word);
    const small = NUMBER_WORDS.get(word);
    if (scale) {
      current = Math.max(current, 1) * Number(scale);
      if (Number(scale) >= 1000) [total, current] = [total + current, 0];
    } else if (small) current += Number(small);
    else break;
  }
  return readQuantity(tokens, next, reading, String(total + current), "");
}

/**
 * After a number: a scale word ("12 million"), then its unit, written on it ("5gb", "85%", "200ms")
 * or as the next word ("5 GB", "0.5 %", "40,000 euros", "2 weeks").
 */
function readQuantity(
  tokens: readonly FactToken[],
  index: number,
  reading: FactReading,
  value: string,
  attached: string,
): number {
  let next = index;
  const scale = SCALE_WORDS.get(tokens[next]?.lower ?? "");
  const amount = scale ? String(Number(value.replaceAll(",", "")) * Number(scale)) : value;
  if (scale) next++;
  const units = attached.split(/(?<=^[$€£¥])/u).filter((unit) => unit !== "");
  const following = tokens[next] ? baseWord(tokens[next] as FactToken) : "";
  if (units.length === 0 && (UNIT_WORDS.has(following) || DATE_WORDS.has(following))) {
    units.push(following);
    next++;
  }
  const quantity = [amount];
  for (const unit of units) {
    const timeUnit = DATE_WORDS.get(unit);
    if (timeUnit) reading.dates.push(timeUnit);
    else quantity.push(UNIT_WORDS.get(unit) ?? unit);
  }
  reading.numbers.push(quantity.join(" "));
  return next;
}

/** "3pm", "3 p.m." and "15:00" are all "15:00". */
function clock(hours: number, minutes: string, marker: string | undefined): string {
  const half = marker?.startsWith("p") ? 12 : 0;
  const hour = marker ? (hours % 12) + half : hours;
  return `${String(hour).padStart(2, "0")}:${minutes}`;
}
