/**
 * A home's recall: the query options checked and turned into the index's filter, then the hits
 * given what the index does not hold: a typed memory's age and staleness, a message's turns around.
 */
import { MnemoError } from "../../errors.js";
import { withTurnsAround } from "../conversations/turns-around-hits.js";
import type { HomeContext } from "../home/home-context.js";
import { checkAuthor } from "../memdir/memory-author.js";
import { type MemoryType, parseMemoryType } from "../memdir/memory-types.js";
import { type MemoryAge, memoryAgeOf, memoryAges } from "../memdir/scan-memories.js";
import { asOfInstant } from "../memdir/validity.js";
import { hitsAsOf } from "./as-of-hits.js";
import { hasAuthor, hitsByAuthor } from "./author-hits.js";
import type { IndexProgress, MemorySearch, RecallResult } from "./memory-search.js";
import type { RecallReranker } from "./recall-reranker.js";

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
  /** Reorder the best hits with the configured chat model (true), or not (false); default: search.rerank. */
  rerank?: boolean;
  signal?: AbortSignal;
  /** Called for each document the index takes in first: on a grown home's first search, every one. */
  onIndexProgress?: (progress: IndexProgress) => void;
  /**
   * Leave out hits less relevant than this (0 to 1); default 0, every hit. The surfaces and the
   * per-turn block pass the home's search.minRelevance; ranking code and evaluations see every hit.
   */
  minRelevance?: number;
  /**
   * Answer without waiting for the embedding model: when it is not loaded yet, search by BM25
   * alone and say so (mode "lexical", modeReason). For a call that must answer at once, such as
   * `mnemo recall --fast` from a coding agent's hook; default false (hybrid, the model loaded).
   */
  fast?: boolean;
  /**
   * A day (YYYY-MM-DD) or an ISO time: each typed memory found is shown in the version that held
   * then (an older one from archive/ when a save superseded it), and left out if none did; other
   * hits dated after it are left out. Default: now, the memories as they are.
   */
  asOf?: string;
  /** Only typed memories whose current version this agent wrote (frontmatter `agent`). */
  agent?: string;
  /** Only typed memories whose current version was written in this run (frontmatter `run`). */
  run?: string;
}

/** How a home's recall reaches its search and its optional rerank. */
export interface HomeRecallParts {
  openSearch: () => Promise<MemorySearch>;
  reranker: RecallReranker;
}

const MAX_TURNS_AROUND = 20;
const AS_OF_FETCH_FACTOR = 3;
/** By agent or run, hits of other writers are left out after the search: more are fetched. */
const AUTHOR_FETCH_FACTOR = 5;
const DEFAULT_LIMIT = 10;

/** The options are checked before the search is opened, so a bad one costs no index. */
export async function recallHome(
  context: HomeContext,
  parts: HomeRecallParts,
  query: string,
  options: RecallQueryOptions,
): Promise<RecallResult> {
  const around = turnsAroundOf(options);
  const floor = relevanceFloorOf(options.minRelevance);
  const reranked = rerankWanted(parts.reranker, options.rerank);
  const asOf = options.asOf === undefined ? undefined : asOfInstant(options.asOf);
  const author = authorFilterOf(options);
  const byAuthor = hasAuthor(author);
  const search = await parts.openSearch();
  const filter = {
    memoryType: options.type === undefined ? undefined : parseMemoryType(String(options.type)),
    kind: byAuthor ? ("memory" as const) : options.kind,
    path: options.file,
    since: options.since,
    until: options.until,
  };
  const limit = options.limit ?? DEFAULT_LIMIT;
  // As of a date, some hits are left out (saved later): more are fetched to fill the limit.
  const wanted = limit * (asOf === undefined ? 1 : AS_OF_FETCH_FACTOR) * (byAuthor ? AUTHOR_FETCH_FACTOR : 1);
  const fetched = reranked ? parts.reranker.hitsToRank(wanted) : wanted;
  const { signal, onIndexProgress, fast } = options;
  const result = await search.recall(query, { limit: fetched, filter, signal, onIndexProgress, fast });
  // The floor before a rerank: the model is not asked about hits that would be left out anyway.
  const applied = floorFor(result.mode, floor);
  const aboveFloor = result.hits.filter((hit) => hit.relevance >= applied);
  const found = byAuthor ? await hitsByAuthor(context.store, aboveFloor, author) : aboveFloor;
  const dated = asOf === undefined ? found : await hitsAsOf(context.store, found, asOf);
  // Fetched beyond the limit (as of a date, by author): cut back to what a plain search holds.
  const relevant = wanted === limit ? dated : dated.slice(0, reranked ? fetched : limit);
  // Message hits read as the turn said (the index searched more) before the model is shown them.
  const shown = await withTurnsAround(context.store, relevant, around);
  const ranked = reranked
    ? await parts.reranker.rerank(query, shown, { limit, signal: options.signal })
    : { hits: shown, report: undefined };
  const hits = await withAges(context, ranked.hits);
  return {
    ...result,
    hits,
    ...(ranked.report === undefined ? {} : { rerank: ranked.report }),
    ...(applied > 0 && {
      relevanceFloor: { minRelevance: applied, below: result.hits.length - aboveFloor.length },
    }),
  };
}

/**
 * The floor holds only where a hit's relevance has its vector's evidence. Without vectors it is the
 * BM25 coverage alone, which a long message (words the home never uses weigh the most) and a small
 * home (a word every memory holds weighs nothing) push towards 0 for memories that answer it:
 * measured on LongMemEval, BM25 only, 0.2 lost 26 of 619 gold hits and 0.1 still kept 90% of the
 * unrelated ones (docs/retrieval.md, "The relevance floor"), so BM25-only recall is not floored.
 */
export function floorFor(mode: RecallResult["mode"], floor: number): number {
  return mode === "hybrid" ? floor : 0;
}

/** The agent and run asked for, checked; only typed memories record them, so another kind is refused. */
function authorFilterOf(options: RecallQueryOptions) {
  const author = checkAuthor({ agent: options.agent, run: options.run });
  if (hasAuthor(author) && options.kind !== undefined && options.kind !== "memory")
    throw new MnemoError(
      "INVALID_INPUT",
      `agent and run filter typed memories only, which record who wrote them; leave out kind "${options.kind}" or use kind "memory".`,
    );
  return author;
}

function relevanceFloorOf(asked: unknown): number {
  if (asked === undefined) return 0;
  if (typeof asked !== "number" || !(asked >= 0 && asked <= 1))
    throw new MnemoError(
      "INVALID_INPUT",
      `minRelevance must be a number from 0 to 1, not ${JSON.stringify(asked)}.`,
    );
  return asked;
}

function rerankWanted(reranker: RecallReranker, rerank: unknown): boolean {
  if (rerank !== undefined && typeof rerank !== "boolean")
    throw new MnemoError("INVALID_INPUT", `rerank must be true or false, not ${JSON.stringify(rerank)}.`);
  return reranker.wanted(rerank);
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
