import { z } from "zod";
import { hitConversationSchema } from "../../engine/conversations/turns-around-hits.js";
import { MEMORY_TYPES } from "../../engine/memdir/memory-types.js";
import { describeMemoryAge, STALE_MEMORIES_NOTE } from "../../engine/memdir/staleness.js";
import type { RecallQueryOptions } from "../../engine/search/home-recall.js";
import type { IndexProgress, RecallResult } from "../../engine/search/memory-search.js";
import type { RankedHit } from "../../engine/search/ranked-hit.js";
import { rerankReportSchema } from "../../engine/search/rerank-hits.js";
import { DAILY_DIR, MEMORY_PATH, SOUL_PATH, USER_PATH } from "../../rules/home-layout.js";
import { defineMemoryTool, type MemoryToolRunOptions } from "./memory-tool.js";

const MAX_SNIPPET = 300;
/** The profile files' names, as the other memory tools call them. */
const FILE_ALIASES: Record<string, string> = {
  soul: SOUL_PATH,
  user: USER_PATH,
  memory: MEMORY_PATH,
  daily: `${DAILY_DIR}/`,
};

const searchInput = z
  .object({
    query: z.string().min(1).describe("What to look for, in plain words."),
    limit: z.number().int().min(1).max(20).default(5).describe("How many matches to return (default 5)."),
    type: z.enum(MEMORY_TYPES).optional().describe("Only saved memories of this type."),
    agent: z.string().optional().describe("Only saved memories this agent wrote last."),
    run: z.string().optional().describe("Only saved memories written last in this run or session."),
    kind: z
      .enum(["memory", "section", "journal", "daily", "message"])
      .optional()
      .describe("Only this kind of match; message: what was said in earlier conversations."),
    file: z
      .string()
      .regex(/^(soul|user|memory|daily|.+\.md|.+\/)$/)
      .optional()
      .describe(
        'Only this file or folder: soul, user, memory, daily, a file ("topics/user_prefs.md") or a folder ending in "/" ("memories/", "topics/").',
      ),
    rerank: z
      .boolean()
      .optional()
      .describe(
        "true: a language model reorders the best matches (slower, costs a model call); false: never. Default: the home's search.rerank setting.",
      ),
    min_relevance: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        "Leave out matches less relevant than this (0 to 1; 0 returns every match). Default: the home's search.minRelevance.",
      ),
    as_of: z
      .string()
      .optional()
      .describe(
        'Search as things stood on this date ("2026-05-01" or an ISO time): a saved memory replaced since is returned in the version that held then, and memories saved later are left out.',
      ),
  })
  .strict();

export const memorySearchTool = defineMemoryTool({
  name: "memory_search",
  description:
    "Search everything in memory (saved memories, profile sections, journal entries, daily logs, earlier conversations) by meaning and keywords. " +
    "Use it before answering from memory and before saving, to find what is already stored. " +
    "Returns the best matches with their file, place (memory name, section, entry time or turn number), line, score and a snippet; " +
    "a conversation message comes with the turns around it. " +
    "read the whole text with memory_get (saved memories), memory_read or memory_read_topic.",
  readOnly: true,
  input: searchInput,
  output: z.object({
    query: z.string(),
    mode: z
      .enum(["hybrid", "bm25", "lexical"])
      .describe(
        "bm25: keyword search only, no embedding model was available; lexical: keyword search only this time (modeReason says why).",
      ),
    modeReason: z.string().optional().describe("Why the search was not hybrid."),
    hits: z.array(
      z.object({
        path: z.string(),
        place: z.string().describe("A memory's name, a section's name or an entry's time."),
        line: z.number().int(),
        kind: z.string(),
        type: z.string().optional(),
        score: z
          .number()
          .describe("The fused keyword/vector score, relative to the best match of this query."),
        relevance: z
          .number()
          .describe(
            "How relevant the match is on its own (0 to 1), comparable across queries; min_relevance applies to it.",
          ),
        rerankPosition: z
          .number()
          .int()
          .optional()
          .describe(
            "With a rerank: the match's place in the model's order; score stays the keyword/vector one.",
          ),
        snippet: z.string(),
        ageDays: z.number().int().optional().describe("Saved memories: whole days since it was updated."),
        staleness: z
          .string()
          .optional()
          .describe("Saved memories older than a day: it may be outdated, verify before acting on it."),
        conversation: hitConversationSchema.optional(),
        validity: z
          .object({
            validFrom: z.string().optional(),
            validTo: z.string().optional(),
            supersededBy: z.string().optional().describe("The memory that replaced this version."),
            archived: z.boolean().optional().describe("true: an older version, read from the archive."),
          })
          .optional()
          .describe("With as_of: when the version returned held."),
      }),
    ),
    relevanceFloor: z
      .object({ minRelevance: z.number(), below: z.number().int().describe("Matches left out under it.") })
      .optional()
      .describe("The relevance floor applied, and how many matches were under it."),
    indexed: z
      .object({
        documents: z.number().int().describe("Documents taken into the search index before searching."),
        firstBuild: z.boolean().describe("true: the index was built, the first search on this home."),
        ms: z.number().describe("How long that took."),
      })
      .optional()
      .describe("Present when the index first caught up with changed files."),
    indexing: z
      .object({
        done: z.number().int().describe("Chunks of the index that have their vector."),
        total: z.number().int().describe("Chunks of the index."),
      })
      .optional()
      .describe(
        "Present while vectors are still being filled in the background: the others are found by keyword meanwhile.",
      ),
    rerank: rerankReportSchema.optional().describe("Present when a rerank was asked for: what it did."),
  }),
  run: (memory, args, options) =>
    searchWith((query, recallOptions) => memory.recall(query, recallOptions), args, {
      ...options,
      minRelevance: memory.config.search.minRelevance,
    }),
});

type SearchArguments = z.output<typeof searchInput>;

/**
 * memory_search's work on any recall: one home's, or a stack's (scoped-search.ts), whose hits
 * `label` marks in the text. `minRelevance` is the default floor when the call names none.
 */
export async function searchWith(
  recall: (query: string, options: RecallQueryOptions) => Promise<RecallResult>,
  { query, limit, type, agent, run, kind, file, rerank, min_relevance, as_of }: SearchArguments,
  options: MemoryToolRunOptions & { minRelevance: number; label?: (rank: number) => string },
) {
  const { signal, onProgress } = options;
  const path = file === undefined ? undefined : (FILE_ALIASES[file] ?? file);
  const onIndexProgress = onProgress && ((each: IndexProgress) => onProgress(progressOf(each)));
  const minRelevance = min_relevance ?? options.minRelevance;
  const recallOptions = {
    limit,
    type,
    kind,
    file: path,
    rerank,
    signal,
    onIndexProgress,
    minRelevance,
    asOf: as_of,
    agent,
    run,
  };
  const result = await recall(query, recallOptions);
  const hits = result.hits.map(toHit);
  const notes = [
    ...(result.mode === "bm25" ? ["keyword search only: no embedding model is available"] : []),
    ...(result.mode === "lexical" ? [`keyword search only: ${result.modeReason}`] : []),
    ...indexedNote(result.indexed),
    ...indexingNote(result.indexing),
    ...rerankNote(result.rerank),
  ];
  const mode = notes.length === 0 ? "" : ` (${notes.join("; ")})`;
  const { indexed, indexing, modeReason, rerank: reranked, relevanceFloor } = result;
  const data = {
    query,
    mode: result.mode,
    ...(modeReason !== undefined && { modeReason }),
    hits,
    ...(relevanceFloor && { relevanceFloor }),
    ...(indexed && { indexed }),
    ...(indexing && { indexing }),
    ...(reranked && { rerank: reranked }),
  };
  if (hits.length === 0) return { text: `${nothingText(query, result.relevanceFloor)}${mode}.`, data };
  const lines = hits.map((hit, rank) => {
    const label = options.label?.(rank) ?? "";
    if (hit.conversation)
      return `${rank + 1}. ${label}${hit.path} · turn ${hit.place} · score ${hit.score}\n${turnLines(hit)}`;
    const age = hit.ageDays === undefined ? "" : ` · ${describeMemoryAge(hit.ageDays, hit.staleness)}`;
    return `${rank + 1}. ${label}${hit.path} · ${hit.place} (line ${hit.line}) · score ${hit.score}${age}\n   ${hit.snippet}`;
  });
  if (hits.some((hit) => hit.staleness !== undefined)) lines.push(STALE_MEMORIES_NOTE);
  const count = hits.length === 1 ? "1 match" : `${hits.length} matches`;
  return { text: `${count} for "${query}"${mode}:\n${lines.join("\n")}`, data };
}

function nothingText(query: string, floor: RecallResult["relevanceFloor"]): string {
  if (!floor || floor.below === 0) return `Nothing in memory matches "${query}"`;
  return `Nothing in memory is relevant to "${query}": ${floor.below} match(es) scored under the relevance floor ${floor.minRelevance} (min_relevance 0 shows them)`;
}

/** Issue 29: vectors still being filled are said, so the model knows the ranking is partly by keyword. */
function indexingNote(indexing: RecallResult["indexing"]): string[] {
  if (!indexing) return [];
  const { done, total } = indexing;
  return [`vectors still being filled: ${done} of ${total} chunks have one, the others are found by keyword`];
}

/** A catch-up of fewer documents ends in about a second and goes unmentioned in the text. */
const NOTED_CATCH_UP = 50;

function indexedNote(indexed: RecallResult["indexed"]): string[] {
  if (!indexed || indexed.documents < NOTED_CATCH_UP) return [];
  const what = indexed.firstBuild
    ? "built the search index first (the first search on this home)"
    : "indexed changed files first";
  return [`${what}: ${indexed.documents} documents in ${(indexed.ms / 1000).toFixed(1)} s`];
}

function progressOf({ done, total, firstBuild }: IndexProgress) {
  const why = firstBuild ? "first search on this home" : "changed since the last search";
  return { progress: done, total, message: `indexing ${total} documents for search (${why})` };
}

function rerankNote(rerank: RecallResult["rerank"]): string[] {
  if (rerank?.warning !== undefined) return [`not reranked: ${rerank.warning}`];
  return rerank?.applied ? [`reranked by ${rerank.model}`] : [];
}

/** The message marked with ">", between the turns around it. */
function turnLines(hit: ReturnType<typeof toHit>): string {
  const conversation = hit.conversation;
  if (!conversation) return "";
  const line = (mark: string, turn: { turn: number; speaker: string; time: string }, text: string) =>
    `  ${mark} [${turn.turn}] ${turn.time} ${turn.speaker}: ${text}`;
  return [
    ...conversation.before.map((turn) => line(" ", turn, snippet(turn.text))),
    line(">", conversation, hit.snippet),
    ...conversation.after.map((turn) => line(" ", turn, snippet(turn.text))),
  ].join("\n");
}

function toHit(hit: RankedHit) {
  return {
    path: hit.path,
    place: hit.locator,
    line: hit.line,
    kind: hit.kind,
    ...(hit.memoryType === undefined ? {} : { type: hit.memoryType }),
    score: Math.round(hit.score * 1000) / 1000,
    relevance: Math.round(hit.relevance * 1000) / 1000,
    ...(hit.rerankPosition === undefined ? {} : { rerankPosition: hit.rerankPosition }),
    snippet: snippet(hit.text),
    ...(hit.ageDays === undefined ? {} : { ageDays: hit.ageDays }),
    ...(hit.staleness === undefined ? {} : { staleness: hit.staleness }),
    ...(hit.conversation === undefined ? {} : { conversation: hit.conversation }),
    ...(hit.validity === undefined ? {} : { validity: hit.validity }),
  };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= MAX_SNIPPET ? flat : `${flat.slice(0, MAX_SNIPPET - 1).trimEnd()}…`;
}
