/**
 * The search index's health, for `mnemo doctor`: whether it can be read, its schema version, how
 * many documents, chunks and vectors it holds, and how many files it is behind (added, changed or
 * removed since it last caught up). The index is derived from the files, so a damaged or foreign
 * one is reported but never lost work: the next recall moves it aside and rebuilds it. The backend
 * looks at its own storage (HomeContext.inspectSearchIndex); the rest is decided here.
 */

import { SEARCH_INDEX_FILE } from "../../rules/home-layout.js";
import type { HomeContext } from "../home/home-context.js";
import { newSyncState, planSync } from "../search/index-sync.js";
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
  const path = SEARCH_INDEX_FILE;
  const inspected = home.inspectSearchIndex ? await home.inspectSearchIndex() : { state: "missing" as const };
  const { documentStates, counts, ...rest } = inspected;
  if (inspected.state !== "ready" || !documentStates) return { path, ...rest };
  const plan = await planSync(
    home.store,
    { documentStates: async () => documentStates, generation: async () => 0 },
    newSyncState(),
    { fullScanIntervalMs: 0, now: Date.now(), force: true },
  );
  return { path, ...rest, ...counts, behind: plan.changed.length + plan.removed.length };
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
