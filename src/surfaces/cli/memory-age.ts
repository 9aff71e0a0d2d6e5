import type { MemoryManifestEntry } from "../../index.js";

const DAY_MS = 86_400_000;

/** "today", "yesterday", "12 days ago": from the `updated` time, else the file's modification time. */
export function memoryAgeText(entry: MemoryManifestEntry, now: Date): string {
  const time = entry.updated ? Date.parse(entry.updated) : entry.modifiedAt.getTime();
  const days = Math.max(0, Math.floor((now.getTime() - time) / DAY_MS));
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  return `${days} days ago`;
}
