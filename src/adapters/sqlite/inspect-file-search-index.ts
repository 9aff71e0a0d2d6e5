import { existsSync } from "node:fs";
import type { SearchIndexInspection } from "../../contracts/search-index.js";
import { errorMessage, MnemoError } from "../../errors.js";
import { SEARCH_INDEX_FILE } from "../../rules/home-layout.js";
import { resolveInsideHome } from "../fs/safe-path.js";

/**
 * The search index of a file home as doctor sees it: a file (and SQLite's -wal and -shm beside it)
 * that must stay inside the home, read without changing anything. SQLite is loaded only when the
 * file exists.
 */
export async function inspectFileSearchIndex(home: string): Promise<SearchIndexInspection> {
  let absolute: string;
  try {
    absolute = await resolveInsideHome(home, SEARCH_INDEX_FILE, { createFolders: false });
    for (const suffix of ["-wal", "-shm"])
      await resolveInsideHome(home, SEARCH_INDEX_FILE + suffix, { createFolders: false });
  } catch (error) {
    if (!MnemoError.isInstance(error) || error.code !== "OUTSIDE_HOME") throw error;
    return { state: "outside-home", problem: error.message };
  }
  if (!existsSync(absolute)) return { state: "missing" };
  const { inspectSearchIndex } = await import("./inspect-search-index.js");
  return inspectSearchIndex(absolute).catch((error: unknown) => ({
    state: "damaged" as const,
    problem: errorMessage(error),
  }));
}
