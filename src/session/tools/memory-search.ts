import { z } from "zod";
import { hitConversationSchema } from "../../engine/conversations/turns-around-hits.js";
import { DAILY_DIR, MEMORY_PATH, SOUL_PATH, USER_PATH } from "../../engine/home/layout.js";
import { MEMORY_TYPES } from "../../engine/memdir/memory-types.js";
import { describeMemoryAge, STALE_MEMORIES_NOTE } from "../../engine/memdir/staleness.js";
import type { RecallResult } from "../../engine/search/memory-search.js";
import type { RankedHit } from "../../engine/search/rank-chunks.js";
import { rerankReportSchema } from "../../engine/search/rerank-hits.js";
import { defineMemoryTool } from "./memory-tool.js";

const MAX_SNIPPET = 300;
/** The profile files' names, as the other memory tools call them. */
const FILE_ALIASES: Record<string, string> = {
  soul: SOUL_PATH,
  user: USER_PATH,
  memory: MEMORY_PATH,
  daily: `${DAILY_DIR}/`,
};

export const memorySearchTool = defineMemoryTool({
  name: "memory_search",
  description:
    "Search everything in memory (saved memories, profile sections, journal entries, daily logs, earlier conversations) by meaning and keywords. " +
    "Use it before answering from memory and before saving, to find what is already stored. " +
    "Returns the best matches with their file, place (memory name, section, entry time or turn number), line, score and a snippet; " +
    "a conversation message comes with the turns around it. " +
    "read the whole text with memory_get (saved memories), memory_read or memory_read_topic.",
  readOnly: true,
  input: z
    .object({
      query: z.string().min(1).describe("What to look for, in plain words."),
      limit: z.number().int().min(1).max(20).default(5).describe("How many matches to return (default 5)."),
      type: z.enum(MEMORY_TYPES).optional().describe("Only saved memories of this type."),
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
    })
    .strict(),
  output: z.object({
    query: z.string(),
    mode: z.enum(["hybrid", "bm25"]).describe("bm25: keyword search only, no embedding model was available."),
    hits: z.array(
      z.object({
        path: z.string(),
        place: z.string().describe("A memory's name, a section's name or an entry's time."),
        line: z.number().int(),
        kind: z.string(),
        type: z.string().optional(),
        score: z.number(),
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
      }),
    ),
    rerank: rerankReportSchema.optional().describe("Present when a rerank was asked for: what it did."),
  }),
  async run(memory, { query, limit, type, kind, file, rerank }, { signal }) {
    const path = file === undefined ? undefined : (FILE_ALIASES[file] ?? file);
    const result = await memory.recall(query, { limit, type, kind, file: path, rerank, signal });
    const hits = result.hits.map(toHit);
    const notes = [
      ...(result.mode === "bm25" ? ["keyword search only: no embedding model is available"] : []),
      ...rerankNote(result.rerank),
    ];
    const mode = notes.length === 0 ? "" : ` (${notes.join("; ")})`;
    const data = { query, mode: result.mode, hits, ...(result.rerank ? { rerank: result.rerank } : {}) };
    if (hits.length === 0) return { text: `Nothing in memory matches "${query}"${mode}.`, data };
    const lines = hits.map((hit, rank) => {
      if (hit.conversation)
        return `${rank + 1}. ${hit.path} · turn ${hit.place} · score ${hit.score}\n${turnLines(hit)}`;
      const age = hit.ageDays === undefined ? "" : ` · ${describeMemoryAge(hit.ageDays, hit.staleness)}`;
      return `${rank + 1}. ${hit.path} · ${hit.place} (line ${hit.line}) · score ${hit.score}${age}\n   ${hit.snippet}`;
    });
    if (hits.some((hit) => hit.staleness !== undefined)) lines.push(STALE_MEMORIES_NOTE);
    const count = hits.length === 1 ? "1 match" : `${hits.length} matches`;
    return { text: `${count} for "${query}"${mode}:\n${lines.join("\n")}`, data };
  },
});

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
    ...(hit.rerankPosition === undefined ? {} : { rerankPosition: hit.rerankPosition }),
    snippet: snippet(hit.text),
    ...(hit.ageDays === undefined ? {} : { ageDays: hit.ageDays }),
    ...(hit.staleness === undefined ? {} : { staleness: hit.staleness }),
    ...(hit.conversation === undefined ? {} : { conversation: hit.conversation }),
  };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= MAX_SNIPPET ? flat : `${flat.slice(0, MAX_SNIPPET - 1).trimEnd()}…`;
}
