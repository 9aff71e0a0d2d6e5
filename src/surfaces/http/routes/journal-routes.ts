import { createRoute, z } from "@hono/zod-openapi";
import { MEMORY_TARGET } from "../../../config.js";
import { MnemoError } from "../../../index.js";
import { archivedOutput } from "../../../session/tools/archived-chunks.js";
import { redactedSecretsOutput } from "../../../session/tools/redacted-secrets.js";
import { apiRoute, errorResponses, jsonBody, jsonResponse } from "../api-route.js";
import { redactSecretsField } from "../redact-secrets-field.js";

/** The categorised journal (seed 000): entries routed by category to a topic file or to MEMORY.md. */
const tags = ["journal"];

const entryJson = z.object({
  timestamp: z.string().describe('Local time, "YYYY-MM-DD HH:MM".'),
  category: z.string(),
  content: z.string(),
  source: z.string().optional().describe("Where the entry came from, when it says."),
});

export const journalRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/journal",
      operationId: "listJournalTopics",
      tags,
      summary: "List the journal's topics and where each category's entries go",
      responses: {
        200: jsonResponse(
          z.object({
            topics: z.array(z.string()),
            categories: z
              .record(z.string(), z.string())
              .describe(`Category → topic, or "${MEMORY_TARGET}" for MEMORY.md's ## Journal section.`),
          }),
        ),
        ...errorResponses([]),
      },
    }),
    async (c) => {
      const { memory } = c.var;
      return c.json({ topics: await memory.journal.topics(), categories: memory.config.categories }, 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/journal/{topic}",
      operationId: "readJournalTopic",
      tags,
      summary: "Read a topic's entries, oldest first",
      request: {
        params: z.object({
          topic: z
            .string()
            .describe(
              `A topic ("user_prefs"), a category routed to one ("user_pref"), or "${MEMORY_TARGET}" for MEMORY.md's ## Journal.`,
            ),
        }),
      },
      responses: {
        200: jsonResponse(
          z.object({
            topic: z.string(),
            path: z.string().describe("The topic's file, relative to the memory home."),
            entries: z.array(entryJson),
            warnings: z
              .array(z.object({ line: z.number().int(), message: z.string() }))
              .describe("Hand-edited lines that could not be read as entries."),
          }),
        ),
        ...errorResponses([400, 404]),
      },
    }),
    async (c) => {
      const { memory } = c.var;
      const requested = c.req.valid("param").topic;
      const read = await memory.journal.readTopic(requested);
      if (read.text === "" && read.topic !== MEMORY_TARGET) {
        const topics = await memory.journal.topics();
        if (!topics.includes(read.topic))
          throw new MnemoError(
            "NOT_FOUND",
            `There is no journal topic "${requested}"; the topics are ${topics.join(", ") || "none yet"} (GET /v1/journal).`,
          );
      }
      const { topic, path, entries, warnings } = read;
      return c.json({ topic, path, entries, warnings }, 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "post",
      path: "/v1/journal",
      operationId: "addJournalEntry",
      tags,
      summary: "Add a timestamped entry under a category",
      description:
        "A file over its capacity is brought back under it by moving its oldest entries to archive/.",
      request: {
        body: jsonBody(
          z
            .object({
              category: z
                .string()
                .min(1)
                .describe(
                  "A category from config.json's `categories` (file_pattern, user_pref, error_solution, general).",
                ),
              text: z.string().min(1).describe("The entry."),
              source: z
                .string()
                .optional()
                .describe('Where the entry comes from (e.g. "code review"), kept in its header.'),
              redactSecrets: redactSecretsField,
            })
            .strict(),
        ),
      },
      responses: {
        201: jsonResponse(
          z.object({
            path: z.string(),
            entry: entryJson,
            archived: archivedOutput,
            redactedSecrets: redactedSecretsOutput,
          }),
          "The entry was added",
        ),
        ...errorResponses([400, 409, 413, 422], { body: true }),
      },
    }),
    async (c) => {
      const { category, text, source, redactSecrets } = c.req.valid("json");
      return c.json(await c.var.memory.journal.add(category, text, { redactSecrets, source }), 201);
    },
  ),
];
