import { z } from "zod";
import { DAILY_DIR, MEMORY_PATH, SOUL_PATH, USER_PATH } from "../../engine/home/layout.js";
import { MEMORY_TYPES } from "../../engine/memdir/memory-types.js";
import { describeMemoryAge, STALE_MEMORIES_NOTE } from "../../engine/memdir/staleness.js";
import type { RankedHit } from "../../engine/search/rank-chunks.js";
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
    "Search everything in memory (saved memories, profile sections, journal entries, daily logs) by meaning and keywords. " +
    "Use it before answering from memory and before saving, to find what is already stored. " +
    "Returns the best matches with their file, place (memory name, section or entry time), line, score and a snippet; " +
    "read the whole text with memory_get (saved memories), memory_read or memory_read_topic.",
  readOnly: true,
  input: z
    .object({
      query: z.string().min(1).describe("What to look for, in plain words."),
      limit: z.number().int().min(1).max(20).default(5).describe("How many matches to return (default 5)."),
      type: z.enum(MEMORY_TYPES).optional().describe("Only saved memories of this type."),
      file: z
        .string()
        .regex(/^(soul|user|memory|daily|.+\.md|.+\/)$/)
        .optional()
        .describe(
          'Only this file or folder: soul, user, memory, daily, a file ("topics/user_prefs.md") or a folder ending in "/" ("memories/", "topics/").',
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
        snippet: z.string(),
        ageDays: z.number().int().optional().describe("Saved memories: whole days since it was updated."),
        staleness: z
          .string()
          .optional()
          .describe("Saved memories older than a day: it may be outdated, verify before acting on it."),
      }),
    ),
  }),
  async run(memory, { query, limit, type, file }, { signal }) {
    const path = file === undefined ? undefined : (FILE_ALIASES[file] ?? file);
    const result = await memory.recall(query, { limit, type, file: path, signal });
    const hits = result.hits.map(toHit);
    const mode = result.mode === "bm25" ? " (keyword search only: no embedding model is available)" : "";
    const data = { query, mode: result.mode, hits };
    if (hits.length === 0) return { text: `Nothing in memory matches "${query}"${mode}.`, data };
    const lines = hits.map((hit, rank) => {
      const age = hit.ageDays === undefined ? "" : ` · ${describeMemoryAge(hit.ageDays, hit.staleness)}`;
      return `${rank + 1}. ${hit.path} · ${hit.place} (line ${hit.line}) · score ${hit.score}${age}\n   ${hit.snippet}`;
    });
    if (hits.some((hit) => hit.staleness !== undefined)) lines.push(STALE_MEMORIES_NOTE);
    const count = hits.length === 1 ? "1 match" : `${hits.length} matches`;
    return { text: `${count} for "${query}"${mode}:\n${lines.join("\n")}`, data };
  },
});

function toHit(hit: RankedHit) {
  return {
    path: hit.path,
    place: hit.locator,
    line: hit.line,
    kind: hit.kind,
    ...(hit.memoryType === undefined ? {} : { type: hit.memoryType }),
    score: Math.round(hit.score * 1000) / 1000,
    snippet: snippet(hit.text),
    ...(hit.ageDays === undefined ? {} : { ageDays: hit.ageDays }),
    ...(hit.staleness === undefined ? {} : { staleness: hit.staleness }),
  };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= MAX_SNIPPET ? flat : `${flat.slice(0, MAX_SNIPPET - 1).trimEnd()}…`;
}
