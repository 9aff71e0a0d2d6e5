import { createRoute, z } from "@hono/zod-openapi";
import { MEMORY_TYPES, type MemoryManifestEntry } from "../../../index.js";
import { archivedOutput } from "../../../session/tools/archived-chunks.js";
import { memorySaveTool } from "../../../session/tools/memory-save.js";
import { redactedSecretsOutput } from "../../../session/tools/redacted-secrets.js";
import { saveOutcomeOutput } from "../../../session/tools/save-outcome.js";
import { apiRoute, errorResponses, jsonBody, jsonResponse } from "../api-route.js";
import { redactSecretsField } from "../redact-secrets-field.js";
import { readableMemory } from "../request-rights.js";

/** Typed memories (seed 001): one Markdown file each, listed in MEMORY.md's index. */
const tags = ["memories"];

const nameParameter = z.object({
  name: z
    .string()
    .describe(
      'The memory\'s name ("Prefers tabs"), file name or path ("memories/feedback_prefers-tabs.md").',
    ),
});

const memoryHeaderJson = z.object({
  path: z.string().describe("The memory's file, relative to the memory home."),
  name: z.string(),
  description: z.string(),
  type: z.enum(MEMORY_TYPES),
  created: z.string().optional().describe("ISO 8601; absent in a hand-written file without it."),
  updated: z.string().optional(),
  modifiedAt: z.string().describe("The file's modification time, ISO 8601."),
  ageDays: z.number().int().describe("Whole days since it was updated (else since its file was modified)."),
  staleness: z
    .string()
    .optional()
    .describe("A note on memories older than a day: verify before relying on it."),
  agent: z.string().optional().describe("Who wrote its current version (Mnemo-Agent of the save)."),
  run: z.string().optional().describe("The run or session it was written in (Mnemo-Run of the save)."),
});

function toHeaderJson(entry: MemoryManifestEntry): z.input<typeof memoryHeaderJson> {
  return { ...entry, modifiedAt: entry.modifiedAt.toISOString() };
}

const savedJson = z.object({
  path: z.string(),
  name: z.string(),
  type: z.enum(MEMORY_TYPES),
  created: z.boolean(),
  indexLine: z.string().describe("Its line in MEMORY.md's index."),
  archived: archivedOutput,
  redactedSecrets: redactedSecretsOutput,
  ...saveOutcomeOutput,
  warning: z.string().optional().describe("Set when the chat model was asked and the rules decided instead."),
});

const saveInput = memorySaveTool.input.extend({ redactSecrets: redactSecretsField });

const consolidatedSaveInput = saveInput.extend({
  consolidate: z
    .boolean()
    .optional()
    .describe(
      "Compare with the memories already there first (default: the home's consolidation.enabled); false saves as given.",
    ),
});

/** The most memories one batch save takes: a bulk import goes through `mnemo import` instead. */
export const MAX_BATCH_MEMORIES = 1000;

export const memoriesRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/memories",
      operationId: "listMemories",
      tags,
      summary: "List typed memories, newest first, a page at a time",
      description:
        "Reads only the frontmatter of the page's files (with a type, of every file, to count them); files that do not parse are reported in `problems`.",
      request: {
        query: z
          .object({
            type: z.enum(MEMORY_TYPES).optional().describe("Only memories of this type."),
            offset: z.coerce.number().int().min(0).default(0).describe("How many of the newest to skip."),
            limit: z.coerce
              .number()
              .int()
              .min(1)
              .max(1000)
              .default(200)
              .describe("How many to list (1 to 1000)."),
            agent: z
              .string()
              .optional()
              .describe("Only memories this agent wrote last (their frontmatter's agent)."),
            run: z
              .string()
              .optional()
              .describe("Only memories written last in this run (their frontmatter's run)."),
          })
          .strict(),
      },
      responses: {
        200: jsonResponse(
          z.object({
            memories: z.array(memoryHeaderJson),
            problems: z.array(z.object({ path: z.string(), line: z.number().int(), problem: z.string() })),
            total: z.number().int().describe("Memory files in all; with a type, memories of that type."),
            offset: z.number().int(),
            truncated: z.boolean().describe("More memories after this page: ask again from offset + limit."),
          }),
        ),
        ...errorResponses([400]),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const agent = c.var.readsAgent ?? query.agent;
      const manifest = await c.var.memory.memories.list({ ...query, agent });
      return c.json({ ...manifest, memories: manifest.memories.map(toHeaderJson) }, 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/memories/{name}",
      operationId: "getMemory",
      tags,
      summary: "Read one typed memory",
      request: { params: nameParameter },
      responses: {
        200: jsonResponse(memoryHeaderJson.extend({ content: z.string() })),
        ...errorResponses([400, 404, 409]),
      },
    }),
    async (c) => {
      const { name } = c.req.valid("param");
      const found = await readableMemory(c.var.memory, name, c.var.readableAgents);
      return c.json({ ...toHeaderJson(found), content: found.content }, 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "post",
      path: "/v1/memories",
      operationId: "saveMemory",
      tags,
      summary: "Save a typed memory (create, or update the one with this name)",
      description:
        "The save is first compared with the memories already there (docs/consolidation.md): `action` says whether it was " +
        "`added`, left the home `unchanged` (a duplicate) or `updated` an existing memory (its previous version goes to archive/). " +
        "Answers 201 when a new memory was written, 200 otherwise.",
      request: { body: jsonBody(consolidatedSaveInput) },
      responses: {
        200: jsonResponse(savedJson, "Updated an existing memory, or found it already said this"),
        201: jsonResponse(savedJson, "Created a new memory"),
        ...errorResponses([400, 413, 422], { body: true }),
      },
    }),
    async (c) => {
      const saved = await c.var.memory.memories.save(c.req.valid("json"));
      if (!saved.created) return c.json(saved, 200);
      return c.json(saved, 201, { location: `/v1/memories/${encodeURIComponent(saved.name)}` });
    },
  ),
  apiRoute(
    createRoute({
      method: "post",
      path: "/v1/memories/batch",
      operationId: "saveMemories",
      tags,
      summary: `Save up to ${MAX_BATCH_MEMORIES} typed memories in one transaction, all or none`,
      description:
        "The same as saving them one by one, in order (a later memory with an earlier one's name updates it): " +
        "each is compared with the memories already there and the batch's earlier ones by the rules, no model " +
        "(docs/consolidation.md), and its `action` says whether it was `added`, `unchanged` or `updated`; " +
        "`consolidate: false` (for the batch, or an item) saves as given (`decidedBy` is `off`). " +
        "One write of the home: MEMORY.md's index is rewritten once. Every memory is checked first; " +
        'a refused one names its place ("memories.3.content" for a field, "Memory 4 of 10" for a rule) and nothing is saved. ' +
        "The body is also held to the server's size limit (mnemo serve --max-body-bytes, 1 MiB by default).",
      request: {
        body: jsonBody(
          z
            .object({
              memories: z.array(consolidatedSaveInput).min(1).max(MAX_BATCH_MEMORIES),
              consolidate: z
                .boolean()
                .optional()
                .describe(
                  "Compare each memory with the home and the batch's earlier ones first (default: the home's consolidation.enabled); false saves them as given.",
                ),
            })
            .strict(),
        ),
      },
      responses: {
        200: jsonResponse(z.object({ saved: z.array(savedJson) }), "Saved every memory, in the order sent"),
        ...errorResponses([400, 413, 422], { body: true }),
      },
    }),
    async (c) => {
      const { memories, consolidate } = c.req.valid("json");
      const saved = await c.var.memory.memories.saveMany(
        memories,
        consolidate === undefined ? {} : { consolidate },
      );
      return c.json({ saved }, 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "delete",
      path: "/v1/memories/{name}",
      operationId: "deleteMemory",
      tags,
      summary: "Delete a typed memory (its file goes to archive/, its index line is removed)",
      request: { params: nameParameter },
      responses: {
        200: jsonResponse(z.object({ path: z.string(), archived: archivedOutput })),
        ...errorResponses([400, 404]),
      },
    }),
    async (c) => c.json(await c.var.memory.memories.delete(c.req.valid("param").name), 200),
  ),
];
