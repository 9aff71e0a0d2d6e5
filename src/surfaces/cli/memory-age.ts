import type { MemoryManifestEntry, RecallHit } from "../../index.js";

const DAY_MS = 86_400_000;

/** "today", "yesterday", "12 days ago": from the `updated` time, else the file's modification time. */
export function memoryAgeText(entry: MemoryManifestEntry, now: Date): string {
  const time = entry.updated ? Date.parse(entry.updated) : entry.modifiedAt.getTime();
  return daysAgoText(Math.floor((now.getTime() - time) / DAY_MS));
}

/**
 * A recall hit's age in the same words: a typed memory's from its `updated` time, a dated hit's
 * (journal entry, daily log, message) from its day; undefined for an undated one (a profile section).
 */
export function hitAgeText(hit: RecallHit, now: Date): string | undefined {
  if (hit.ageDays !== undefined) return daysAgoText(hit.ageDays);
  const day = hit.date === undefined ? Number.NaN : Date.parse(`${hit.date.slice(0, 10)}T00:00:00`);
  if (Number.isNaN(day)) return undefined;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return daysAgoText(Math.round((today - day) / DAY_MS));
}

function daysAgoText(days: number): string {
  const whole = Math.max(0, days);
  if (whole === 0) return "today";
  if (whole === 1) return "yesterday";
  return `${whole} days ago`;
}
