import type { IndexCatchUp, IndexProgress } from "../../home.js";
import { printNote } from "./output.js";
import { createProgressBar } from "./progress-bar.js";

/**
 * What a search says on stderr while the index takes in many documents first (a grown home's first
 * search can take minutes): what is happening, then a progress bar. A catch-up of fewer documents
 * than this ends in about a second and is not announced.
 */
export const ANNOUNCED_CATCH_UP = 50;

export function indexProgressReporter(): { update: (progress: IndexProgress) => void; finish: () => void } {
  let bar: ReturnType<typeof createProgressBar> | undefined;
  return {
    update(progress) {
      if (progress.total < ANNOUNCED_CATCH_UP) return;
      if (!bar) {
        printNote(`indexing ${count(progress.total)} documents for search (${why(progress.firstBuild)})…`);
        bar = createProgressBar("indexed");
      }
      bar.update(progress.done, progress.total);
    },
    finish: () => bar?.finish(),
  };
}

/** After the search: how long the indexing took, when it was announced. */
export function indexedNotes(indexed: IndexCatchUp | undefined): string[] {
  if (!indexed || indexed.documents < ANNOUNCED_CATCH_UP) return [];
  const seconds = (indexed.ms / 1000).toFixed(1);
  return [
    `indexed ${count(indexed.documents)} documents in ${seconds} s (${why(indexed.firstBuild)}); later searches index only what changed`,
  ];
}

function why(firstBuild: boolean): string {
  return firstBuild ? "first search on this home" : "changed since the last search";
}

function count(documents: number): string {
  return documents.toLocaleString("en-US");
}
