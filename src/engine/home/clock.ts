/** Local calendar date "YYYY-MM-DD": daily logs follow the user's day, not UTC's. */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local "YYYY-MM-DD HH:MM", the timestamp of journal entries. */
export function localMinute(date: Date): string {
  return `${localDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local date `days` calendar days before `date`. */
export function localDateDaysBefore(date: Date, days: number): string {
  const shifted = new Date(date.getFullYear(), date.getMonth(), date.getDate() - days, 12);
  return localDate(shifted);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
