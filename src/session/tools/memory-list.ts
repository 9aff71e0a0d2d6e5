import { z } from "zod";
import { MEMORY_TYPES, type MemoryType } from "../../engine/memdir/memory-types.js";
import { type MemoryManifest, memoryProblemSchema } from "../../engine/memdir/scan-memories.js";
import { describeMemoryAge, STALE_MEMORIES_NOTE } from "../../engine/memdir/staleness.js";
import { defineMemoryTool } from "./memory-tool.js";
import { typedMemoryData, typedMemoryOutput } from "./typed-memory-output.js";

export const memoryListTool = defineMemoryTool({
  name: "memory_list",
  description:
    "List saved (typed) memories, newest first, a page at a time: type, name, description and age. " +
    "Use it to reach memories that MEMORY.md's index in your context no longer shows, or to see all memories of one type. " +
    "Read one whole with memory_get.",
  readOnly: true,
  input: z
    .object({
      type: z.enum(MEMORY_TYPES).optional().describe("Only memories of this type."),
      agent: z.string().optional().describe("Only memories this agent wrote last."),
      run: z.string().optional().describe("Only memories written last in this run or session."),
      offset: z.number().int().min(0).default(0).describe("How many of the newest to skip (default 0)."),
      limit: z
        .number()
        .int()
        .min(1)
        .max(100)
        .default(20)
        .describe("How many to list (default 20, at most 100)."),
    })
    .strict(),
  output: z.object({
    total: z.number().int().describe("Memory files in all; with a type, memories of that type."),
    offset: z.number().int(),
    memories: z.array(typedMemoryOutput),
    nextOffset: z.number().int().optional().describe("The offset of the next page, when there is one."),
    problems: z
      .array(memoryProblemSchema)
      .describe("Files whose frontmatter does not parse: those of this page, or with a type, all of them."),
  }),
  run: async (memory, args) => listWith((options) => memory.memories.list(options), args),
});

type ListOptions = { type?: MemoryType; agent?: string; run?: string; offset: number; limit: number };

/**
 * memory_list's work on any list of typed memories: one home's, or a stack's (scoped-list.ts),
 * whose entries `label` marks in the text.
 */
export async function listWith(
  list: (options: ListOptions) => Promise<MemoryManifest>,
  { type, agent, run, offset, limit }: ListOptions,
  label: (index: number) => string = () => "",
) {
  const manifest = await list({ type, agent, run, offset, limit });
  const data = {
    total: manifest.total,
    offset,
    memories: manifest.memories.map(typedMemoryData),
    ...(manifest.truncated ? { nextOffset: offset + limit } : {}),
    problems: manifest.problems,
  };
  return { text: describeManifest(manifest, { type, offset, limit }, label), data };
}

function describeManifest(
  manifest: MemoryManifest,
  { type, offset, limit }: { type: string | undefined; offset: number; limit: number },
  label: (index: number) => string,
): string {
  const what = type === undefined ? "saved memories" : `${type} memories`;
  if (manifest.total === 0) return `There are no ${what} yet.`;
  if (manifest.memories.length === 0 && manifest.problems.length === 0)
    return `There are ${manifest.total} ${what}; offset ${offset} is past the last one.`;
  const lines = manifest.memories.map((entry, index) => {
    const description = entry.description === "" ? "" : ` — ${entry.description}`;
    return `${offset + index + 1}. ${label(index)}${entry.type} · ${entry.name}${description} · ${describeMemoryAge(entry.ageDays, entry.staleness)}`;
  });
  const last = offset + manifest.memories.length + (type === undefined ? manifest.problems.length : 0);
  const parts = [
    `${what[0]?.toUpperCase()}${what.slice(1)} ${offset + 1}-${last} of ${manifest.total}, newest first:`,
    ...lines,
  ];
  for (const problem of manifest.problems)
    parts.push(`(${problem.path} line ${problem.line} does not parse: ${problem.problem})`);
  if (manifest.memories.some((entry) => entry.staleness !== undefined)) parts.push(STALE_MEMORIES_NOTE);
  const next = manifest.truncated ? `More: memory_list with offset ${offset + limit}. ` : "";
  parts.push(`${next}Read one whole with memory_get.`);
  return parts.join("\n");
}
