/**
 * Lab only (not kept in recall: no gain on LongMemEval, docs/retrieval.md).
 * The days a question points at, read from its time expressions relative to when it is asked:
 * "two weeks ago", "last Tuesday", "yesterday", "in March", "the past month", "last weekend". A
 * question without one ("How many days ago did I ...?" asks for a duration, it names no time) has
 * no window. Windows are generous (a week said "two weeks ago" is a week wide): people round, and
 * what was said about an event is dated by the conversation, which may come days after it. Pure.
 */
export interface TimeWindow {
  /** Inclusive YYYY-MM-DD bounds. */
  since: string;
  until: string;
}

const DAY_MS = 86_400_000;
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  few: 3,
  couple: 2,
};
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const COUNT = `(\\d+|${Object.keys(NUMBER_WORDS).join("|")})`;
const UNIT = "(day|week|month|year)s?";

/** The window of the first time expression found, or undefined. */
export function timeWindowOf(question: string, asked: Date): TimeWindow | undefined {
  const text = question.toLowerCase();
  for (const read of READERS) {
    const window = read(text, asked.getTime());
    if (window) return window;
  }
  return undefined;
}

type Reader = (text: string, now: number) => TimeWindow | undefined;

const READERS: Reader[] = [
  // "two weeks ago", "5 days ago", "a month ago": around that day, half a unit either side.
  (text, now) => {
    const match = new RegExp(`\\b${COUNT}\\s+${UNIT}\\s+ago\\b`).exec(text);
    if (!match) return undefined;
    const days = countOf(match[1]) * (UNIT_DAYS[match[2] as string] as number);
    const margin = Math.max(1, Math.ceil((UNIT_DAYS[match[2] as string] as number) / 2));
    return windowOf(now - (days + margin) * DAY_MS, now - (days - margin) * DAY_MS);
  },
  // "the past three months", "in the last 10 days", "over the past month": from then until now.
  (text, now) => {
    const match = new RegExp(`\\b(?:past|last)\\s+(?:${COUNT}\\s+)?${UNIT}\\b`).exec(text);
    if (!match) return undefined;
    const unit = UNIT_DAYS[match[2] as string] as number;
    const days = (match[1] === undefined ? 1 : countOf(match[1])) * unit;
    // "last month" / "last week": the unit before this one, so up to two units back.
    const back = match[1] === undefined ? 2 * unit : days;
    return windowOf(now - back * DAY_MS, now);
  },
  (text, now) => (/\byesterday\b/.test(text) ? windowOf(now - 2 * DAY_MS, now) : undefined),
  // "last Tuesday", "on Saturday", "the past weekend": the most recent such day before today.
  (text, now) => {
    const match =
      /\b(?:last|past|this)\s+(weekend|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.exec(
        text,
      );
    if (!match) return undefined;
    const weekday = match[1] === "weekend" ? 6 : WEEKDAYS.indexOf(match[1] as string);
    const today = new Date(now).getUTCDay();
    const back = (today - weekday + 7) % 7 || 7;
    return windowOf(now - (back + 1) * DAY_MS, now - (back - 2) * DAY_MS);
  },
  // "in March", "in January and February": the latest such month up to now.
  (text, now) => {
    const named = MONTHS.flatMap((month, index) =>
      new RegExp(
        `\\b(?:in|during|of|early|late|mid-?)\\s+${month}\\b|\\b${month}\\s+and\\b|\\band\\s+${month}\\b`,
      ).test(text)
        ? [index]
        : [],
    );
    if (named.length === 0) return undefined;
    const ranges = named.map((month) => monthRange(month, now));
    return {
      since: ranges.map((range) => range.since).sort()[0] as string,
      until: ranges
        .map((range) => range.until)
        .sort()
        .at(-1) as string,
    };
  },
];

function countOf(word: string | undefined): number {
  return NUMBER_WORDS[word ?? ""] ?? Number(word);
}

function windowOf(from: number, to: number): TimeWindow {
  return { since: dayOf(from), until: dayOf(to) };
}

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The month's first and last day, in the latest year that does not put it after `now`. */
function monthRange(month: number, now: number): TimeWindow {
  const today = new Date(now);
  const year = month <= today.getUTCMonth() ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return windowOf(Date.UTC(year, month, 1), Date.UTC(year, month + 1, 0));
}

/** Whether a chunk's YYYY-MM-DD date lies in the window. */
export function inWindow(date: string | undefined, window: TimeWindow): boolean {
  return date !== undefined && date >= window.since && date <= window.until;
}
