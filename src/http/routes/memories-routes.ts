import { z } from "zod";
import { MEMORY_TYPES, type MemoryManifestEntry } from "../../index.js";
import { archivedOutput } from "../../tools/archived-chunks.js";
import { memorySaveTool } from "../../tools/memory-save.js";
import { redactedSecretsOutput } from "../../tools/redacted-secrets.js";
import { defineRoute } from "../define-route.js";
import { fillPath } from "../path-template.js";
import { redactSecretsField } from "../redact-secrets-field.js";

/** Typed memories (seed 001): one Markdown file each, listed in MEMORY.md's index. */
const TAG = "memories";
const ONE_MEMORY = "/v1/memories/{name}";

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
});

function toHeaderJson(entry: MemoryManifestEntry): z.input<typeof memoryHeaderJson> {
  return { ...entry, modifiedAt: entry.modifiedAt.toISOString() };
}

export const memoriesRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/memories",
    operationId: "listMemories",
    tag: TAG,
    summary: "List typed memories, newest first, a page at a time",
    description:
      "Reads only the frontmatter of the page's files (with a type, of every file, to count them); files that do not parse are reported in `problems`.",
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
      })
      .strict(),
    response: z.object({
      memories: z.array(memoryHeaderJson),
      problems: z.array(z.object({ path: z.string(), line: z.number().int(), problem: z.string() })),
      total: z.number().int().describe("Memory files in all; with a type, memories of that type."),
      offset: z.number().int(),
      truncated: z.boolean().describe("More memories after this page: ask again from offset + limit."),
    }),
    errors: [400],
    async handle({ memory, query }) {
      const manifest = await memory.memories.list(query);
      return { body: { ...manifest, memories: manifest.memories.map(toHeaderJson) } };
    },
  }),
  defineRoute({
    method: "GET",
    path: ONE_MEMORY,
    operationId: "getMemory",
    tag: TAG,
    summary: "Read one typed memory",
    params: nameParameter,
    response: memoryHeaderJson.extend({ content: z.string() }),
    errors: [400, 404, 409],
    async handle({ memory, params }) {
      const found = await memory.memories.get(params.name);
      return { body: { ...toHeaderJson(found), content: found.content } };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/memories",
    operationId: "saveMemory",
    tag: TAG,
    summary: "Save a typed memory (create, or update the one with this name)",
    description:
      "The previous version of an updated memory goes to archive/. Answers 201 when the memory is new, 200 when it was updated.",
    body: memorySaveTool.input.extend({ redactSecrets: redactSecretsField }),
    response: z.object({
      path: z.string(),
      name: z.string(),
      type: z.enum(MEMORY_TYPES),
      created: z.boolean(),
      indexLine: z.string().describe("Its line in MEMORY.md's index."),
      archived: archivedOutput,
      redactedSecrets: redactedSecretsOutput,
    }),
    success: { 200: "Updated an existing memory", 201: "Created a new memory" },
    errors: [400, 413, 422],
    async handle({ memory, body }) {
      const saved = await memory.memories.save(body);
      if (!saved.created) return { body: saved };
      const location = fillPath(ONE_MEMORY, { name: saved.name });
      return { status: 201, headers: { location }, body: saved };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: ONE_MEMORY,
    operationId: "deleteMemory",
    tag: TAG,
    summary: "Delete a typed memory (its file goes to archive/, its index line is removed)",
    params: nameParameter,
    response: z.object({ path: z.string(), archived: archivedOutput }),
    errors: [400, 404],
    async handle({ memory, params }) {
      return { body: await memory.memories.delete(params.name) };
    },
  }),
];
