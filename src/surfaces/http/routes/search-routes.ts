import { createRoute, z } from "@hono/zod-openapi";
import { MEMORY_TYPES, type RecallHit } from "../../../index.js";
import { apiRoute, errorResponses, jsonResponse } from "../api-route.js";

/** Recall over the whole home: typed memories, profile sections, journal entries, daily logs, messages. */
const turnJson = z.object({
  turn: z.number().int(),
  speaker: z.string(),
  time: z.string(),
  text: z.string(),
});

const hitJson = z.object({
  path: z.string().describe("The file, relative to the memory home."),
  kind: z.string().describe("memory, section, journal, daily or message."),
  locator: z
    .string()
    .describe("A memory's name, a section's name, an entry's time or a message's turn number."),
  line: z.number().int(),
  title: z.string(),
  text: z.string(),
  type: z.enum(MEMORY_TYPES).optional().describe("The memory's type, for typed memories."),
  date: z.string().optional(),
  score: z.number().describe("The fused score, relative to the query's best hit."),
  relevance: z
    .number()
    .describe(
      "How relevant the hit is on its own (0 to 1), comparable across queries; minRelevance applies to it.",
    ),
  textScore: z.number().optional().describe("BM25 relevance, when the text search found it."),
  vectorScore: z.number().optional().describe("Cosine similarity, when the vector search found it."),
  rerankPosition: z
    .number()
    .int()
    .optional()
    .describe(
      "With an LLM rerank: the hit's place in the model's order (1 = most relevant); score stays the fused one.",
    ),
  ageDays: z.number().int().optional().describe("Typed memories: whole days since it was updated."),
  staleness: z
    .string()
    .optional()
    .describe("Typed memories older than a day: a note to verify before relying on it."),
  conversation: z
    .object({
      session: z.string(),
      turn: z.number().int(),
      speaker: z.string(),
      time: z.string().describe('Local time, "YYYY-MM-DD HH:MM".'),
      before: z.array(turnJson),
      after: z.array(turnJson),
    })
    .optional()
    .describe("Messages: the conversation, who said it and when, and the turns around it."),
  validity: z
    .object({
      validFrom: z.string().optional(),
      validTo: z.string().optional(),
      supersededBy: z.string().optional().describe("The memory that replaced this version."),
      archived: z.boolean().optional().describe("true: an older version, read from archive/."),
    })
    .optional()
    .describe("With asOf: when the version returned held."),
});

const rerankJson = z.object({
  applied: z.boolean().describe("true: the hits come in the model's order."),
  candidates: z
    .number()
    .int()
    .describe("How many of the best fused hits were sent to the model (0: no call)."),
  model: z.string().optional().describe('The model asked, e.g. "openai:gpt-4o-mini".'),
  ms: z.number(),
  warning: z
    .string()
    .optional()
    .describe(
      "Why the fused order stands: no chat model, the call failed or timed out, the reply was unusable.",
    ),
});

function toHitJson(hit: RecallHit): z.input<typeof hitJson> {
  const { path, kind, locator, line, title, text, date, score, relevance, textScore, vectorScore } = hit;
  const type = MEMORY_TYPES.find((each) => each === hit.memoryType);
  const { ageDays, staleness, conversation, rerankPosition, validity } = hit;
  return {
    path,
    kind,
    locator,
    line,
    title,
    text,
    type,
    date,
    score,
    relevance,
    textScore,
    vectorScore,
    rerankPosition,
    ageDays,
    staleness,
    conversation,
    validity,
  };
}

function nothingNote(floor: { minRelevance: number; below: number } | undefined): string {
  if (!floor || floor.below === 0) return "nothing found";
  return `nothing relevant: ${floor.below} hit(s) scored under the relevance floor ${floor.minRelevance} (minRelevance=0 shows them)`;
}

export const searchRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/search",
      operationId: "search",
      tags: ["search"],
      summary: "Search everything in the home (BM25, fused with vectors when an embedding model is set up)",
      description:
        "The index catches up with the files first, so hand edits and other processes' writes are found.",
      request: {
        query: z
          .object({
            query: z.string().trim().min(1).describe("What to look for, in plain words."),
            limit: z.coerce.number().int().min(1).max(100).default(10).describe("How many hits (1 to 100)."),
            type: z.enum(MEMORY_TYPES).optional().describe("Only typed memories of this type."),
            kind: z
              .enum(["memory", "section", "journal", "daily", "message"])
              .optional()
              .describe("Only this kind of hit; message: what was said in recorded conversations."),
            around: z.coerce
              .number()
              .int()
              .min(0)
              .max(20)
              .default(1)
              .describe("Message hits come with this many turns before and after them."),
            minRelevance: z.coerce
              .number()
              .min(0)
              .max(1)
              .optional()
              .describe(
                "Leave out hits less relevant than this (0 to 1; 0 keeps every hit). Default: the home's search.minRelevance.",
              ),
            rerank: z
              .enum(["true", "false"])
              .optional()
              .describe(
                "true: the configured chat model reorders the best hits (one model call); false: never. Default: the home's search.rerank.",
              ),
            asOf: z
              .string()
              .optional()
              .describe(
                "Search as things stood then (YYYY-MM-DD or an ISO time): a typed memory replaced since comes in the version that held, read from archive/; memories saved later are left out.",
              ),
            agent: z
              .string()
              .optional()
              .describe("Only typed memories this agent wrote last (their frontmatter's agent)."),
            run: z
              .string()
              .optional()
              .describe("Only typed memories written last in this run (their frontmatter's run)."),
          })
          .strict(),
      },
      responses: {
        200: jsonResponse(
          z.object({
            query: z.string(),
            mode: z
              .enum(["hybrid", "bm25", "lexical"])
              .describe(
                "bm25: keyword search only, no embedding model was available; lexical: keyword search only this time (modeReason says why).",
              ),
            modeReason: z.string().optional().describe("Why the search was not hybrid."),
            hits: z.array(hitJson),
            rerank: rerankJson
              .optional()
              .describe("Present when a rerank was asked for: what it did, or why the fused order stands."),
            relevanceFloor: z
              .object({
                minRelevance: z.number(),
                below: z.number().int().describe("Hits left out under it."),
              })
              .optional()
              .describe("The relevance floor applied, and how many hits found were under it."),
            note: z
              .string()
              .optional()
              .describe(
                'When there are no hits: "nothing found", or "nothing relevant" with how many hits the floor left out.',
              ),
            indexed: z
              .object({
                documents: z
                  .number()
                  .int()
                  .describe("Documents taken into the search index before searching."),
                firstBuild: z
                  .boolean()
                  .describe("true: the index was built whole, the first search on this home."),
                ms: z.number().describe("How long the indexing took, in milliseconds."),
              })
              .optional()
              .describe(
                "Present when the index first caught up with files changed since it last saw them (a home's first search builds it).",
              ),
            indexing: z
              .object({
                done: z.number().int().describe("Chunks of the index that have their vector."),
                total: z.number().int().describe("Chunks of the index."),
              })
              .optional()
              .describe(
                "Present while vectors are still being filled in the background (a grown home's first search, a batch of writes): the other chunks are found by keyword meanwhile.",
              ),
          }),
        ),
        ...errorResponses([400]),
      },
    }),
    async (c) => {
      const { query, limit, type, kind, around, rerank, minRelevance, asOf, agent, run } =
        c.req.valid("query");
      // A client that hangs up stops the search done for it.
      const result = await c.var.memory.recall(query, {
        limit,
        type,
        kind,
        around,
        rerank: rerank === undefined ? undefined : rerank === "true",
        minRelevance: minRelevance ?? c.var.memory.config.search.minRelevance,
        asOf,
        agent: c.var.readsAgent ?? agent,
        run,
        signal: c.req.raw.signal,
      });
      const hits = result.hits.map(toHitJson);
      const { rerank: reranked, indexed, indexing, modeReason, relevanceFloor } = result;
      const note = hits.length === 0 ? nothingNote(relevanceFloor) : undefined;
      return c.json(
        {
          query,
          mode: result.mode,
          ...(modeReason !== undefined && { modeReason }),
          hits,
          ...(relevanceFloor && { relevanceFloor }),
          ...(note !== undefined && { note }),
          ...(reranked && { rerank: reranked }),
          ...(indexed && { indexed }),
          ...(indexing && { indexing }),
        },
        200,
      );
    },
  ),
];
