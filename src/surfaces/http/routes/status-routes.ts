import { createRoute, z } from "@hono/zod-openapi";
import { MEMORY_TYPES, PROFILE_FILES } from "../../../index.js";
import { apiRoute, errorResponses, jsonResponse } from "../api-route.js";
import { homeShownTo } from "../home-shown-to.js";

/** The home at a glance (MemoryHome.status), and its daily logs. */
const statusJson = z.object({
  home: z
    .string()
    .describe(
      'Where the home is: its folder or database URL (without password) on a server of one home and for an admin token; a tenant of a server of many homes sees only "PostgreSQL" or "a folder on the server".',
    ),
  homeId: z.string().optional().describe("A server of many homes: the id of the home this request reached."),
  profile: z
    .array(
      z.object({
        file: z.enum(PROFILE_FILES),
        path: z.string(),
        characters: z.number().int(),
        budget: z.number().int(),
        fileCharacters: z
          .number()
          .int()
          .describe("The whole file; `characters` is what the budget counts (for MEMORY.md, its notes)."),
        exists: z.boolean(),
      }),
    )
    .describe("Each always-loaded file's size against its character budget."),
  memories: z.object({
    total: z.number().int(),
    byType: z.object(Object.fromEntries(MEMORY_TYPES.map((type) => [type, z.number().int()]))),
  }),
  journal: z.object({
    entries: z.number().int(),
    topics: z.array(z.object({ topic: z.string(), path: z.string(), entries: z.number().int() })),
  }),
  dailies: z.object({ dates: z.array(z.string()).describe("Daily logs in daily/, newest first.") }),
  archive: z.object({ files: z.number().int(), chunks: z.number().int() }),
  index: z.object({
    path: z.string(),
    state: z.enum(["missing", "ready", "outdated", "damaged", "foreign", "outside-home"]),
    schemaVersion: z.number().int().optional(),
    documents: z.number().int().optional(),
    chunks: z.number().int().optional(),
    vectors: z.number().int().optional(),
    behind: z.number().int().optional().describe("Files the next recall has to catch up with."),
    problem: z.string().optional(),
    stale: z.boolean(),
  }),
  pendingExtractions: z
    .number()
    .int()
    .describe("Conversations in .pending/ whose extraction will be retried."),
  lastSession: z
    .object({
      sessionId: z.string(),
      source: z.enum(["agent", "mcp"]),
      client: z.string().optional(),
      startedAt: z.string(),
      endedAt: z.string().optional(),
      frozenCharacters: z.number().int().optional(),
      frozenTokens: z.number().int().optional(),
      turns: z.number().int(),
      writes: z.number().int(),
      extracted: z.number().int(),
    })
    .optional(),
});

export const statusRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/status",
      operationId: "getStatus",
      tags: ["status"],
      summary: "Budgets, counts, the search index, pending extractions and the last session",
      responses: { 200: jsonResponse(statusJson), ...errorResponses([]) },
    }),
    async (c) =>
      c.json(
        {
          home: homeShownTo(c.var.grant, c.var.memory.home),
          ...(c.var.homeId === undefined ? {} : { homeId: c.var.homeId }),
          ...(await c.var.memory.status()),
        },
        200,
      ),
  ),
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/daily",
      operationId: "listDailyLogs",
      tags: ["profile"],
      summary: "The daily logs in daily/, newest first (older ones are in the archive)",
      responses: {
        200: jsonResponse(
          z.object({ logs: z.array(z.object({ date: z.string(), path: z.string(), text: z.string() })) }),
        ),
        ...errorResponses([]),
      },
    }),
    async (c) => c.json({ logs: await c.var.memory.daily.list() }, 200),
  ),
];
