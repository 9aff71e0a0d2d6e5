const DAY_MS = 86_400_000;

/** Why an old memory needs checking; said once under a list of memories, once per memory read whole. */
const SNAPSHOT_CAVEAT =
  "Memories are point-in-time snapshots, not live state: claims about code behaviour or file locations may be outdated.";

/** The note under a list that marks memories older than a day with their age. */
export const STALE_MEMORIES_NOTE = `${SNAPSHOT_CAVEAT} Verify those saved more than a day ago before acting on them.`;

/** Age of a memory in whole days, from its `updated` time or else its file's modification time. */
export function memoryAgeDays(updated: string | undefined, modifiedAt: Date, now: Date): number {
  const time = updated ? Date.parse(updated) : modifiedAt.getTime();
  return Math.max(0, Math.floor((now.getTime() - time) / DAY_MS));
}

/** "today", "yesterday", "12 days ago". */
export function ageText(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  return `${days} days ago`;
}

/** Seed 001: a memory older than a day is a snapshot that may be out of date; say so where it is read. */
export function stalenessNote(updated: string | undefined, modifiedAt: Date, now: Date): string | undefined {
  const time = updated ? Date.parse(updated) : modifiedAt.getTime();
  if (now.getTime() - time <= DAY_MS) return undefined;
  return `This memory was saved ${ageText(memoryAgeDays(updated, modifiedAt, now))}. ${SNAPSHOT_CAVEAT} Verify before acting on it.`;
}

/** "updated 3 days ago", with "(may be outdated)" when it has a staleness note: a memory's age in a list. */
export function describeMemoryAge(ageDays: number, staleness: string | undefined): string {
  const age = `updated ${ageText(ageDays)}`;
  return staleness === undefined ? age : `${age} (may be outdated)`;
}
