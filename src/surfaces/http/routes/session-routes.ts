import { createRoute, z } from "@hono/zod-openapi";
import { sessionExtractionSchema, sessionWriteSchema } from "../../../engine/sessions/session-log.js";
import { apiRoute, errorResponses, jsonResponse } from "../api-route.js";

/** Recorded sessions (.sessions/): what each agent session was given and what it wrote. */
const tags = ["sessions"];

const summaryJson = z.object({
  sessionId: z.string(),
  source: z
    .enum(["agent", "mcp"])
    .describe("agent: an AgentSession (mnemo chat); mcp: an MCP client on stdio."),
  client: z.string().optional().describe("The model, or the MCP client's name and version."),
  startedAt: z.string(),
  endedAt: z.string().optional(),
  frozenCharacters: z.number().int().optional(),
  frozenTokens: z.number().int().optional().describe("Estimated as UTF-8 bytes / 4."),
  turns: z.number().int(),
  writes: z.number().int(),
  extracted: z.number().int().describe("Memories and entries the extraction at session end wrote."),
});

const relevantJson = z.object({ source: z.string(), text: z.string(), age: z.string().optional() });

const logJson = z.object({
  version: z.literal(1),
  sessionId: z.string(),
  source: z.enum(["agent", "mcp"]),
  client: z.string().optional(),
  startedAt: z.string(),
  endedAt: z.string().optional(),
  interrupted: z
    .boolean()
    .optional()
    .describe("true: its process was killed; a later session queued its conversation for extraction."),
  frozen: z
    .object({ text: z.string(), characters: z.number().int(), tokens: z.number().int() })
    .optional()
    .describe("The frozen block the session started with."),
  turns: z
    .array(z.object({ at: z.string(), message: z.string(), relevant: z.array(relevantJson) }))
    .describe("Each user message (cut, credentials redacted) and the memories found for it."),
  writes: z.array(sessionWriteSchema).describe("Each memory tool call that wrote."),
  unrecorded: z.number().int().describe("Turns and writes past the log's limit, counted only."),
  extraction: sessionExtractionSchema.optional(),
});

export const sessionRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/sessions",
      operationId: "listSessions",
      tags,
      summary: "List recorded sessions, newest first",
      request: {
        query: z
          .object({
            limit: z.coerce.number().int().min(1).max(100).default(50).describe("How many (1 to 100)."),
          })
          .strict(),
      },
      responses: {
        200: jsonResponse(z.object({ sessions: z.array(summaryJson) })),
        ...errorResponses([400]),
      },
    }),
    async (c) => c.json({ sessions: await c.var.memory.sessions.list(c.req.valid("query")) }, 200),
  ),
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/sessions/{sessionId}",
      operationId: "getSession",
      tags,
      summary: "What one session was given (frozen block, relevant memories per turn) and what it wrote",
      request: { params: z.object({ sessionId: z.string().describe("A listed session's id.") }) },
      responses: { 200: jsonResponse(logJson), ...errorResponses([400, 404, 409]) },
    }),
    async (c) => c.json(await c.var.memory.sessions.get(c.req.valid("param").sessionId), 200),
  ),
];
