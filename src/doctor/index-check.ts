/**
 * The search index's health, for `mnemo doctor`: whether `.index/search.sqlite` can be read, its
 * schema version, how many documents, chunks and vectors it holds, and how many files it is behind
 * (added, changed or removed since it last caught up). The index is derived from the files, so a
 * damaged or foreign file is reported but never lost work: the next recall moves it aside and
 * rebuilds it. SQLite is loaded only when the file exists.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { errorMessage, MnemoError } from "../errors.js";
import type { HomeContext } from "../home/home-context.js";
import { newSyncState, planSync } from "../search/index-sync.js";
import { SEARCH_INDEX_FILE } from "../search/open-memory-search.js";
import { resolveInsideHome } from "../stores/fs/safe-path.js";
import type { DoctorProblem } from "./doctor-problem.js";

export interface SearchIndexHealth {
  /** Relative to the home. */
  path: string;
  /**
   * missing: not built yet (the first recall builds it). ready: in use. outdated: of another
   * schema version, rebuilt by the next recall. damaged, foreign (another program's database),
   * outside-home (a symbolic link leading out of the home): see `problem`.
   */
  state: "missing" | "ready" | "outdated" | "damaged" | "foreign" | "outside-home";
  schemaVersion?: number;
  documents?: number;
  chunks?: number;
  vectors?: number;
  /** Files added, changed or removed since the index last caught up; the next recall indexes them. */
  behind?: number;
  problem?: string;
}

export async function checkSearchIndex(home: HomeContext): Promise<SearchIndexHealth> {
  const health = { path: SEARCH_INDEX_FILE };
  // locate() joins the home and the two segments of SEARCH_INDEX_FILE: two dirname()s give the home.
  const homePath = dirname(dirname(home.store.locate(SEARCH_INDEX_FILE)));
  let absolute: string;
  try {
    absolute = await resolveInsideHome(homePath, SEARCH_INDEX_FILE, { createFolders: false });
    // SQLite writes these beside the index (stores/sqlite/sqlite-file-path.ts checks them the same way).
    for (const suffix of ["-wal", "-shm"])
      await resolveInsideHome(homePath, SEARCH_INDEX_FILE + suffix, { createFolders: false });
  } catch (error) {
    if (!MnemoError.isInstance(error) || error.code !== "OUTSIDE_HOME") throw error;
    return { ...health, state: "outside-home", problem: error.message };
  }
  if (!existsSync(absolute)) return { ...health, state: "missing" };
  const { inspectSearchIndex } = await import("../stores/sqlite/inspect-search-index.js");
  const inspected = await inspectSearchIndex(absolute).catch((error: unknown) => ({
    state: "damaged" as const,
    problem: errorMessage(error),
  }));
  if (inspected.state !== "ready") return { ...health, ...inspected };
  const { documentStates, counts, schemaVersion } = inspected;
  const plan = await planSync(
    home.store,
    { documentStates: async () => documentStates, generation: async () => 0 },
    newSyncState(),
    { fullScanIntervalMs: 0, now: Date.now(), force: true },
  );
  return {
    ...health,
    state: "ready",
    schemaVersion,
    ...counts,
    behind: plan.changed.length + plan.removed.length,
  };
}

/** A damaged, foreign or escaping index is a problem to report; the others are only its state. */
export function searchIndexProblems(health: SearchIndexHealth): DoctorProblem[] {
  if (health.state === "damaged" || health.state === "foreign") {
    return [
      {
        kind: "damaged-search-index",
        path: health.path,
        message: `${health.problem}; the next recall moves it aside and rebuilds it from the files (or run mnemo reindex)`,
        fixable: false,
      },
    ];
  }
  if (health.state === "outside-home") {
    return [
      { kind: "search-index-outside-home", path: health.path, message: health.problem ?? "", fixable: false },
    ];
  }
  return [];
}
