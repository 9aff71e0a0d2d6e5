import { createRoute, z } from "@hono/zod-openapi";
import { archivedOutput } from "../../../session/tools/archived-chunks.js";
import { usageOutput } from "../../../session/tools/profile-change-result.js";
import { apiRoute, errorResponses, jsonBody, jsonResponse } from "../api-route.js";

/** archive/: what budgets, capacity, removals and deletions moved out of files, and restoring it. */
const tags = ["archive"];

const itemJson = z.object({
  path: z.string().describe('The archive file, relative to the home ("archive/USER.md").'),
  id: z.string().describe("Names the chunk in its file, for a restore."),
  source: z.string().describe("The file the text came from."),
  archivedAt: z.string().optional().describe('Local "YYYY-MM-DD HH:MM"; absent for a daily log moved whole.'),
  reason: z.string().optional().describe('Why it left ("section removed", "over budget (1400 characters)").'),
  text: z.string(),
  restorable: z.boolean(),
  restoreNote: z.string().optional().describe("Why it cannot be restored, when it cannot."),
});

export const archiveRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/archive",
      operationId: "listArchive",
      tags,
      summary: "List archived text, newest first, a page at a time",
      request: {
        query: z
          .object({
            offset: z.coerce.number().int().min(0).default(0).describe("How many of the newest to skip."),
            limit: z.coerce.number().int().min(1).max(1000).default(100).describe("How many (1 to 1000)."),
          })
          .strict(),
      },
      responses: {
        200: jsonResponse(
          z.object({
            items: z.array(itemJson),
            total: z.number().int().describe("Archived chunks in all."),
            offset: z.number().int(),
            truncated: z.boolean(),
          }),
        ),
        ...errorResponses([400]),
      },
    }),
    async (c) => c.json(await c.var.memory.archive.list(c.req.valid("query")), 200),
  ),
  apiRoute(
    createRoute({
      method: "post",
      path: "/v1/archive/restore",
      operationId: "restoreFromArchive",
      tags,
      summary: "Move archived text back where it came from",
      description:
        "A typed memory goes back to its file and MEMORY.md's index (its current version, if any, goes to archive/); " +
        "## sections go back into their profile file within its budget. The chunk leaves the archive in the same commit.",
      request: {
        body: jsonBody(
          z
            .object({
              path: z.string().min(1).describe("The archive file, as listed."),
              id: z.string().min(1).describe("The chunk's id, as listed."),
            })
            .strict(),
        ),
      },
      responses: {
        200: jsonResponse(
          z.object({
            path: z.string().describe("The file the text went back to."),
            kind: z.enum(["memory", "sections"]),
            names: z.array(z.string()).describe("The memory's name, or the sections restored."),
            archived: archivedOutput,
            usage: usageOutput.optional(),
          }),
        ),
        ...errorResponses([400, 404, 409, 422], { body: true }),
      },
    }),
    async (c) => c.json(await c.var.memory.archive.restore(c.req.valid("json")), 200),
  ),
];
