import { localMinute } from "../../engine/home/clock.js";
import { findSection, parseSections, sectionContent } from "../../engine/markdown/sections.js";

/**
 * Session summaries in the daily log (seed 002): one line per session in the `## Sessions` section
 * of `daily/YYYY-MM-DD.md`, with the local time the session ended.
 *
 *     ## Sessions
 *     09:12 — Set up the CI for the billing service; the user prefers GitHub Actions.
 *     14:30 — Fixed the EACCES error on deploy (the key file needed mode 600).
 */
export const SESSIONS_SECTION = "Sessions";

const SUMMARY_LINE = /^\d{2}:\d{2} — (.+)$/;

export function formatSummaryLine(at: Date, summary: string): string {
  return `${localMinute(at).slice(11)} — ${summary}`;
}

/** The summaries already in a daily log's `## Sessions` section, without their times. */
export function summariesIn(dailyText: string): string[] {
  const section = findSection(parseSections(dailyText), SESSIONS_SECTION);
  if (!section) return [];
  return sectionContent(section)
    .split("\n")
    .map((line) => SUMMARY_LINE.exec(line.trim())?.[1])
    .filter((summary): summary is string => summary !== undefined);
}
