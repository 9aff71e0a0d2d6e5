import { z } from "zod";
import { MEMORY_TARGET, MnemoError } from "../../index.js";
import { archivedOutput } from "../../tools/archived-chunks.js";
import { redactedSecretsOutput } from "../../tools/redacted-secrets.js";
import { defineRoute } from "../define-route.js";
import { redactSecretsField } from "../redact-secrets-field.js";

/** The categorised journal (seed 000): entries routed by category to a topic file or to MEMORY.md. */
const TAG = "journal";

const entryJson = z.object({
  timestamp: z.string().describe('Local time, "YYYY-MM-DD HH:MM".'),
  category: z.string(),
  content: z.string(),
  source: z.string().optional().describe("Where the entry came from, when it says."),
});

export const journalRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/journal",
    operationId: "listJournalTopics",
    tag: TAG,
    summary: "List the journal's topics and where each category's entries go",
    response: z.object({
      topics: z.array(z.string()),
      categories: z
        .record(z.string(), z.string())
        .describe(`Category → topic, or "${MEMORY_TARGET}" for MEMORY.md's ## Journal section.`),
    }),
    errors: [],
    async handle({ memory }) {
      return { body: { topics: await memory.journal.topics(), categories: memory.config.categories } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/journal/{topic}",
    operationId: "readJournalTopic",
    tag: TAG,
    summary: "Read a topic's entries, oldest first",
    params: z.object({
      topic: z
        .string()
        .describe(
          `A topic ("user_prefs"), a category routed to one ("user_pref"), or "${MEMORY_TARGET}" for MEMORY.md's ## Journal.`,
        ),
    }),
    response: z.object({
      topic: z.string(),
      path: z.string().describe("The topic's file, relative to the memory home."),
      entries: z.array(entryJson),
      warnings: z
        .array(z.object({ line: z.number().int(), message: z.string() }))
        .describe("Hand-edited lines that could not be read as entries."),
    }),
    errors: [400, 404],
    async handle({ memory, params }) {
      const read = await memory.journal.readTopic(params.topic);
      if (read.text === "" && read.topic !== MEMORY_TARGET) {
        const topics = await memory.journal.topics();
        if (!topics.includes(read.topic))
          throw new MnemoError(
            "NOT_FOUND",
            `There is no journal topic "${params.topic}"; the topics are ${topics.join(", ") || "none yet"} (GET /v1/journal).`,
          );
      }
      const { topic, path, entries, warnings } = read;
      return { body: { topic, path, entries, warnings } };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/journal",
    operationId: "addJournalEntry",
    tag: TAG,
    summary: "Add a timestamped entry under a category",
    description:
      "A file over its capacity is brought back under it by moving its oldest entries to archive/.",
    body: z
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
    response: z.object({
      path: z.string(),
      entry: entryJson,
      archived: archivedOutput,
      redactedSecrets: redactedSecretsOutput,
    }),
    success: { 201: "The entry was added" },
    errors: [400, 409, 413, 422],
    async handle({ memory, body }) {
      const { category, text, source, redactSecrets } = body;
      return { status: 201, body: await memory.journal.add(category, text, { redactSecrets, source }) };
    },
  }),
];
