import { z } from "zod";
import { MEMORY_TYPES } from "../../engine/memdir/memory-types.js";
import type { MemoryManifestEntry } from "../../engine/memdir/scan-memories.js";

/** A typed memory's fields as memory_get and memory_list return them. */
export const typedMemoryOutput = z.object({
  path: z.string().describe("The memory's file, relative to the memory home."),
  name: z.string(),
  description: z.string(),
  type: z.enum(MEMORY_TYPES),
  created: z.string().optional().describe("ISO 8601; absent in a hand-written file without it."),
  updated: z.string().optional(),
  ageDays: z.number().int().describe("Whole days since it was updated."),
  staleness: z
    .string()
    .optional()
    .describe("Set when older than a day: it may be outdated, verify before acting on it."),
});

export function typedMemoryData(entry: MemoryManifestEntry): z.output<typeof typedMemoryOutput> {
  const { path, name, description, type, created, updated, ageDays, staleness } = entry;
  return {
    path,
    name,
    description,
    type,
    ...(created === undefined ? {} : { created }),
    ...(updated === undefined ? {} : { updated }),
    ageDays,
    ...(staleness === undefined ? {} : { staleness }),
  };
}
