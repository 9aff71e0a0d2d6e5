/**
 * A home's recall: the query options checked and turned into the index's filter, then the hits
 * given what the index does not hold: a typed memory's age and staleness, a message's turns around.
 */
import { MnemoError } from "../../errors.js";
import { withTurnsAround } from "../conversations/turns-around-hits.js";
import type { HomeContext } from "../home/home-context.js";
import { type MemoryType, parseMemoryType } from "../memdir/memory-types.js";
import { type MemoryAge, memoryAgeOf, memoryAges } from "../memdir/scan-memories.js";
import type { MemorySearch, RecallResult } from "./memory-search.js";

/** What to search for and where: a memory type, a kind of chunk, a file or folder, a date range. */
export interface RecallQueryOptions {
  limit?: number;
  type?: MemoryType;
  kind?: "memory" | "section" | "journal" | "daily" | "message";
  /** A file ("USER.md", "conversations/<session>.md") or a folder ending in "/" ("topics/"). */
  file?: string;
  /** Inclusive YYYY-MM-DD bounds. */
  since?: string;
  until?: string;
  /** Message hits come with this many turns before and after them (default 1; 0: none). */
  around?: number;
  signal?: AbortSignal;
}

const MAX_TURNS_AROUND = 20;

/** The options are checked before the search is opened, so a bad one costs no index. */
export async function recallHome(
  context: HomeContext,
  openSearch: () => Promise<MemorySearch>,
  query: string,
  options: RecallQueryOptions,
): Promise<RecallResult> {
  const around = turnsAroundOf(options);
  const search = await openSearch();
  const filter = {
    memoryType: options.type === undefined ? undefined : parseMemoryType(String(options.type)),
    kind: options.kind,
    path: options.file,
    since: options.since,
    until: options.until,
  };
  const result = await search.recall(query, { limit: options.limit, filter, signal: options.signal });
  const hits = await withTurnsAround(context.store, await withAges(context, result.hits), around);
  return { ...result, hits };
}

/** A memory's age comes from its `updated` time in the index; only one without it has its file read. */
async function withAges(context: HomeContext, hits: RecallResult["hits"]): Promise<RecallResult["hits"]> {
  const unknown = hits.filter((hit) => hit.kind === "memory" && hit.updated === undefined);
  const read: Map<string, MemoryAge> =
    unknown.length === 0
      ? new Map()
      : await memoryAges(
          context,
          unknown.map((hit) => hit.path),
        );
  const now = context.now();
  return hits.map((hit) => {
    if (hit.kind !== "memory") return hit;
    const age = hit.updated === undefined ? read.get(hit.path) : memoryAgeOf(hit.updated, now);
    if (age === undefined) return hit;
    return {
      ...hit,
      ageDays: age.ageDays,
      ...(age.staleness === undefined ? {} : { staleness: age.staleness }),
    };
  });
}

function turnsAroundOf(options: RecallQueryOptions): number {
  const around = options.around ?? 1;
  if (!Number.isInteger(around) || around < 0 || around > MAX_TURNS_AROUND) {
    throw new MnemoError(
      "INVALID_INPUT",
      `around must be a whole number of turns from 0 to ${MAX_TURNS_AROUND}, not ${around}.`,
    );
  }
  return around;
}
