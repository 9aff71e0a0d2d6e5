/**
 * The days a query points at, read from its time expressions relative to when it is asked: "two
 * weeks ago", "the past month", "last Tuesday", "yesterday", "in March". Recall adds the window's
 * own best results to its candidates and favours those dated in it, so "what did I tell you about
 * the concert last month?" finds last month's message before an older one on the same topic.
 *
 * A query without one ("How many days ago did I ...?" asks for a duration, it names no time) has no
 * window, and neither has "this weekend" (often the coming one). Windows are generous (a week said
 * "two weeks ago" is a week wide): people round, and what was said about an event is dated by the
 * conversation, which may come days after it. Days are local, as messages and entries are dated.
 * English only. Pure.
 */
import type { ChunkFilter } from "../../contracts/search-index.js";
import { localDate } from "../home/clock.js";

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
/** "999 years ago" reaches no further than a century: dates stay four-digit years, comparable as text. */
const FURTHEST_DAYS = 36_500;
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
const COUNT = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join("|")})`;
const UNIT = "(day|week|month|year)s?";
const AGO = new RegExp(`\\b${COUNT}\\s+${UNIT}\\s+ago\\b`);
const PAST = new RegExp(`\\b(?:past|last)\\s+(?:${COUNT}\\s+)?${UNIT}\\b`);
const LAST_DAY = /\b(?:last|past)\s+(weekend|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/;
const MONTH_NAMED = MONTHS.map(
  (month) =>
    new RegExp(
      `\\b(?:in|during|of|early|late|mid-?)\\s+${month}\\b|\\b${month}\\s+and\\b|\\band\\s+${month}\\b`,
    ),
);

/** The window of the first time expression found in `query`, or undefined. */
export function timeWindowOf(query: string, now: Date): TimeWindow | undefined {
  const text = query.toLowerCase();
  const time = now.getTime();
  if (Number.isNaN(time)) return undefined;
  for (const read of READERS) {
    const window = read(text, time);
    if (window) return window;
  }
  return undefined;
}

type Reader = (text: string, now: number) => TimeWindow | undefined;

const READERS: Reader[] = [
  // "two weeks ago", "5 days ago", "a month ago": around that day, half a unit either side.
  (text, now) => {
    const match = AGO.exec(text);
    if (!match) return undefined;
    const unit = UNIT_DAYS[match[2] as string] as number;
    const days = countOf(match[1]) * unit;
    const margin = Math.max(1, Math.ceil(unit / 2));
    return windowBack(days + margin, days - margin, now);
  },
  // "the past three months", "in the last 10 days", "last month": from then until now.
  (text, now) => {
    const match = PAST.exec(text);
    if (!match) return undefined;
    const unit = UNIT_DAYS[match[2] as string] as number;
    // "last month" / "last week": the unit before this one, so up to two units back.
    const back = match[1] === undefined ? 2 * unit : countOf(match[1]) * unit;
    return windowBack(back, 0, now);
  },
  (text, now) => (/\byesterday\b/.test(text) ? windowOf(now - 2 * DAY_MS, now) : undefined),
  // "last Tuesday", "the past weekend": the most recent such day before today, a day either side.
  (text, now) => {
    const match = LAST_DAY.exec(text);
    if (!match) return undefined;
    const weekday = match[1] === "weekend" ? 6 : WEEKDAYS.indexOf(match[1] as string);
    const back = (new Date(now).getDay() - weekday + 7) % 7 || 7;
    return windowOf(now - (back + 1) * DAY_MS, now - (back - 2) * DAY_MS);
  },
  // "in March", "in January and February": the latest such months up to now.
  (text, now) => {
    const ranges = MONTHS.flatMap((_, month) =>
      (MONTH_NAMED[month] as RegExp).test(text) ? [monthRange(month, now)] : [],
    );
    if (ranges.length === 0) return undefined;
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

function windowBack(fromDays: number, toDays: number, now: number): TimeWindow {
  return windowOf(
    now - Math.min(fromDays, FURTHEST_DAYS) * DAY_MS,
    now - Math.min(toDays, FURTHEST_DAYS) * DAY_MS,
  );
}

function windowOf(from: number, to: number): TimeWindow {
  return { since: dayOf(from), until: dayOf(to) };
}

function dayOf(time: number): string {
  return localDate(new Date(time));
}

/** The month's first and last day, in the latest year that does not put it after `now`. */
function monthRange(month: number, now: number): TimeWindow {
  const today = new Date(now);
  const year = month <= today.getMonth() ? today.getFullYear() : today.getFullYear() - 1;
  return windowOf(new Date(year, month, 1, 12).getTime(), new Date(year, month + 1, 0, 12).getTime());
}

/** Whether a chunk's YYYY-MM-DD date lies in the window (a chunk without a date does not). */
export function inWindow(date: string | undefined, window: TimeWindow): boolean {
  return date !== undefined && date.slice(0, 10) >= window.since && date.slice(0, 10) <= window.until;
}

/** The caller's filter narrowed to the window; undefined when the two leave no day. */
export function filterWithin(filter: ChunkFilter | undefined, window: TimeWindow): ChunkFilter | undefined {
  const since = filter?.since && filter.since > window.since ? filter.since : window.since;
  const until = filter?.until && filter.until < window.until ? filter.until : window.until;
  return since > until ? undefined : { ...filter, since, until };
}
