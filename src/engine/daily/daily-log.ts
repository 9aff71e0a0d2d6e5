import type { DocumentReader, DocumentWriter } from "../../contracts/document-store.js";
import { archivePathFor, DAILY_DIR, dailyPath } from "../../rules/home-layout.js";
import { archiveMarker } from "../archive/archive.js";
import { localDateDaysBefore } from "../home/clock.js";
import type { HomeContext } from "../home/home-context.js";

/** Daily logs of seed 002: `daily/YYYY-MM-DD.md`, the last `dailyDays` days loaded, older ones archived. */
export interface DailyLog {
  date: string;
  path: string;
  text: string;
}

const DAILY_FILE = /^(\d{4}-\d{2}-\d{2})\.md$/;

export async function listDailyDates(reader: DocumentReader): Promise<string[]> {
  const documents = await reader.list(DAILY_DIR);
  return documents
    .map((document) => DAILY_FILE.exec(document.path.slice(DAILY_DIR.length + 1))?.[1])
    .filter((date): date is string => date !== undefined)
    .sort();
}

/** The first date that is still "recent": with 2 days, yesterday. */
export function oldestRecentDate(now: Date, days: number): string {
  return localDateDaysBefore(now, days - 1);
}

/** Today's and the previous days' logs, oldest first. */
export async function loadRecentDailies(
  home: HomeContext,
  reader: DocumentReader = home.store,
): Promise<DailyLog[]> {
  const cutoff = oldestRecentDate(home.now(), home.config.dailyDays);
  const logs: DailyLog[] = [];
  for (const date of await listDailyDates(reader)) {
    if (date < cutoff) continue;
    const text = await reader.read(dailyPath(date));
    if (text !== undefined && text.trim() !== "") logs.push({ date, path: dailyPath(date), text });
  }
  return logs;
}

/** Every log in daily/, newest first (the recent ones, and older ones not archived yet). */
export async function listDailies(home: HomeContext): Promise<DailyLog[]> {
  const logs: DailyLog[] = [];
  for (const date of (await listDailyDates(home.store)).reverse()) {
    const text = await home.store.read(dailyPath(date));
    if (text !== undefined) logs.push({ date, path: dailyPath(date), text });
  }
  return logs;
}

/** Moves every log older than the recent window to archive/daily/, appending if that archive file exists. */
export async function archiveOldDailies(home: HomeContext, writer: DocumentWriter): Promise<string[]> {
  const now = home.now();
  const cutoff = oldestRecentDate(now, home.config.dailyDays);
  const moved: string[] = [];
  for (const date of await listDailyDates(writer)) {
    if (date >= cutoff) continue;
    const source = dailyPath(date);
    const text = await writer.read(source);
    if (text === undefined) continue;
    const target = archivePathFor(source);
    const existing = await writer.read(target);
    const archived =
      existing === undefined
        ? text
        : `${existing.replace(/\n*$/, "\n\n")}${archiveMarker(source, now, "older than the recent days")}\n${text}`;
    await writer.write(target, archived);
    await writer.remove(source);
    moved.push(source);
  }
  return moved;
}
