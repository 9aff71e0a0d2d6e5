const DAY_MS = 86_400_000;

/** Age of a memory in whole days, from its `updated` time or else its file's modification time. */
export function memoryAgeDays(updated: string | undefined, modifiedAt: Date, now: Date): number {
  const time = updated ? Date.parse(updated) : modifiedAt.getTime();
  return Math.max(0, Math.floor((now.getTime() - time) / DAY_MS));
}

function ageText(days: number): string {
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  return `${days} days ago`;
}

/** Seed 001: a memory older than a day is a snapshot that may be out of date; say so where it is read. */
export function stalenessNote(updated: string | undefined, modifiedAt: Date, now: Date): string | undefined {
  const time = updated ? Date.parse(updated) : modifiedAt.getTime();
  if (now.getTime() - time <= DAY_MS) return undefined;
  return (
    `This memory was saved ${ageText(memoryAgeDays(updated, modifiedAt, now))}. Memories are point-in-time ` +
    "snapshots, not live state: claims about code behaviour or file locations may be outdated. Verify before acting on it."
  );
}
