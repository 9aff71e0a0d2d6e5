/**
 * When a typed memory holds (issue 30, point 4): the frontmatter keys `validFrom`, `validTo` and
 * `supersededBy`, set by consolidation when a save replaces a version, or by hand. A date is a
 * local calendar day ("2026-05-01") or an ISO 8601 time ("2026-05-01T09:30:00.000Z"). Pure.
 *
 * A version holds from `validFrom` (a day: from its start) until `validTo` (a day: until its
 * start, so `validTo: 2026-05-01` last held on April 30). Without `validFrom`, a memory holds from
 * when it was written (`updated`, else `created`); without `validTo`, until it was archived (an
 * archived version) or for good (a memory in memories/).
 */
import { MnemoError } from "../../errors.js";

export const VALIDITY_KEYS = ["validFrom", "validTo", "supersededBy"] as const;

export interface Validity {
  validFrom?: string;
  validTo?: string;
  /** The memory (its path) whose newer version replaced this one. */
  supersededBy?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The instant a validity date starts: a day's first millisecond (local), or the time itself. */
export function validityInstant(value: string): number | undefined {
  const day = DAY.exec(value.trim());
  if (day) {
    const [, year, month, date] = day.map(Number) as [number, number, number, number];
    const start = new Date(year, month - 1, date);
    return start.getMonth() === month - 1 && start.getDate() === date ? start.getTime() : undefined;
  }
  if (!TIME.test(value.trim())) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * A date a caller gives (`validFrom`, `validTo`, `asOf`), checked: a day stays as written, a time
 * becomes ISO 8601 in UTC. `field` names it in the error.
 */
export function checkValidityDate(value: unknown, field: string): string {
  const text = typeof value === "string" ? value.trim() : "";
  const instant = validityInstant(text);
  if (instant === undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      `${field} must be a date (YYYY-MM-DD) or an ISO 8601 time (YYYY-MM-DDTHH:MM:SSZ), not ${JSON.stringify(value)}.`,
    );
  return DAY.test(text) ? text : new Date(instant).toISOString();
}

/** "As of" a day means at its end, so a change made that day counts; a time means that instant. */
export function asOfInstant(asOf: string): number {
  const checked = checkValidityDate(asOf, "asOf");
  const start = validityInstant(checked) as number;
  if (!DAY.test(checked)) return start;
  const [year, month, date] = checked.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, date + 1).getTime() - 1;
}

/** From when to when a version holds; undefined ends are open. */
export interface ValidityInterval {
  from: number | undefined;
  to: number | undefined;
}

export function holdsAt(interval: ValidityInterval, at: number): boolean {
  return (
    (interval.from === undefined || interval.from <= at) && (interval.to === undefined || at < interval.to)
  );
}

/** Checks a save's own validFrom and validTo: each a date, and the end after the start. */
export function checkSaveValidity(name: string, input: { validFrom?: unknown; validTo?: unknown }): Validity {
  const validity: Validity = {};
  if (input.validFrom !== undefined)
    validity.validFrom = checkValidityDate(input.validFrom, `validFrom of memory "${name}"`);
  if (input.validTo !== undefined)
    validity.validTo = checkValidityDate(input.validTo, `validTo of memory "${name}"`);
  const { validFrom, validTo } = validity;
  if (validFrom !== undefined && validTo !== undefined) {
    if ((validityInstant(validTo) as number) <= (validityInstant(validFrom) as number))
      throw new MnemoError(
        "INVALID_INPUT",
        `validTo of memory "${name}" (${validTo}) must come after its validFrom (${validFrom}).`,
      );
  }
  return validity;
}
