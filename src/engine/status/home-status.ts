/**
 * `mnemo status` and GET /v1/status: how full each always-loaded file is against its budget, how
 * many memories, journal entries, daily logs and archived chunks the home holds, the search index's
 * state, extractions waiting for a retry, and what the last session was given and wrote. Reads only.
 */

import { ARCHIVE_DIR, MEMORIES_DIR, PENDING_DIR } from "../../rules/home-layout.js";
import { archiveFiles } from "../archive/archive-browser.js";
import { parseArchiveChunks } from "../archive/archive-chunks.js";
import { MEMORY_TARGET } from "../config/schema.js";
import { listDailyDates } from "../daily/daily-log.js";
import { checkSearchIndex, type SearchIndexHealth } from "../doctor/index-check.js";
import type { HomeContext } from "../home/home-context.js";
import { listTopics, readTopic } from "../journal/journal.js";
import { characterCount } from "../markdown/lines.js";
import { parseMemoryFileName } from "../memdir/memory-name.js";
import { MEMORY_TYPES, type MemoryType } from "../memdir/memory-types.js";
import { PROFILE_FILES, type ProfileFile, readProfile } from "../profile/profile.js";
import type { SessionSummary } from "../sessions/session-log.js";
import { listSessionLogs } from "../sessions/session-logs.js";

export interface HomeStatus {
  /**
   * `characters` is what the budget counts (for MEMORY.md its notes: the index and the journal have
   * caps of their own); `fileCharacters` is the whole file.
   */
  profile: Array<{
    file: ProfileFile;
    path: string;
    characters: number;
    budget: number;
    fileCharacters: number;
    exists: boolean;
  }>;
  memories: { total: number; byType: Record<MemoryType, number> };
  journal: { entries: number; topics: Array<{ topic: string; path: string; entries: number }> };
  dailies: { dates: string[] };
  archive: { files: number; chunks: number };
  /** `stale`: the next recall has files to catch up with (or builds the index first). */
  index: SearchIndexHealth & { stale: boolean };
  /** Conversations whose extraction failed, waiting in .pending/ for the next session to retry. */
  pendingExtractions: number;
  /** The most recent recorded session; undefined before the first. */
  lastSession: SessionSummary | undefined;
}

export async function homeStatus(home: HomeContext): Promise<HomeStatus> {
  const index = await checkSearchIndex(home);
  const lastSession = (await listSessionLogs(home.store, { limit: 1, warn: home.warn }))[0];
  return {
    profile: await profileUsage(home),
    memories: await memoryCounts(home),
    journal: await journalCounts(home),
    dailies: { dates: (await listDailyDates(home.store)).reverse() },
    archive: await archiveCounts(home),
    index: { ...index, stale: index.state !== "ready" || (index.behind ?? 0) > 0 },
    pendingExtractions: (await home.store.list(PENDING_DIR)).filter((each) => each.path.endsWith(".json"))
      .length,
    lastSession,
  };
}

async function profileUsage(home: HomeContext): Promise<HomeStatus["profile"]> {
  const usage: HomeStatus["profile"] = [];
  for (const file of PROFILE_FILES) {
    const read = await readProfile(home, file);
    usage.push({
      file,
      path: read.path,
      ...read.usage,
      fileCharacters: characterCount(read.text),
      exists: read.text !== "",
    });
  }
  return usage;
}

/** Counted from the file names (`<type>_<slug>.md`): no file is opened. */
async function memoryCounts(home: HomeContext): Promise<HomeStatus["memories"]> {
  const byType = Object.fromEntries(MEMORY_TYPES.map((type) => [type, 0])) as Record<MemoryType, number>;
  let total = 0;
  for (const document of await home.store.list(MEMORIES_DIR)) {
    const type = parseMemoryFileName(document.path)?.type;
    if (type === undefined) continue;
    byType[type] += 1;
    total += 1;
  }
  return { total, byType };
}

async function journalCounts(home: HomeContext): Promise<HomeStatus["journal"]> {
  const topics: HomeStatus["journal"]["topics"] = [];
  for (const topic of [...(await listTopics(home)), MEMORY_TARGET]) {
    const read = await readTopic(home, topic);
    if (read.entries.length > 0)
      topics.push({ topic: read.topic, path: read.path, entries: read.entries.length });
  }
  return { entries: topics.reduce((sum, topic) => sum + topic.entries, 0), topics };
}

async function archiveCounts(home: HomeContext): Promise<HomeStatus["archive"]> {
  const files = await archiveFiles(home.store);
  let chunks = 0;
  for (const path of files)
    chunks += parseArchiveChunks(
      (await home.store.read(path)) ?? "",
      path.slice(ARCHIVE_DIR.length + 1),
    ).length;
  return { files: files.length, chunks };
}
