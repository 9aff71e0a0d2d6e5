/**
 * A mem0 export: what `Memory.get_all()` (the open-source library: `{"results": [...]}`) or the
 * platform's `client.get_all()` (a list, or a page `{"results": [...]}`) returns, saved as JSON.
 * Each entry `{ id, memory, user_id?, created_at?, updated_at?, metadata?, categories? }` is one
 * fact mem0 extracted about its user, so it becomes a `user` memory named after its text, holding
 * from `updated_at` (else `created_at`, else the file's time), with `source: mem0:<id>` and its
 * categories in the frontmatter.
 */
import { z } from "zod";
import { parseJsonFile, zodPlace, zodProblem } from "./json-input.js";
import {
  type ImportPlan,
  isoDate,
  malformedInput,
  memoryNameFrom,
  type PlannedItem,
  type SkippedItem,
  type SourceFile,
} from "./planned-import.js";

const optionalText = z.string().nullish();

const mem0Entry = z.looseObject({
  id: z.union([z.string().min(1), z.number()]),
  memory: z.string(),
  user_id: optionalText,
  created_at: optionalText,
  updated_at: optionalText,
  categories: z.array(z.string()).nullish(),
});

const mem0Export = z.union([
  z.array(z.unknown()),
  z.looseObject({ results: z.array(z.unknown()) }),
  z.looseObject({ memories: z.array(z.unknown()) }),
]);

function entriesOf(data: z.output<typeof mem0Export>): unknown[] {
  if (Array.isArray(data)) return data;
  return (Array.isArray(data.results) ? data.results : data.memories) as unknown[];
}

export function mapMem0Export(file: SourceFile): ImportPlan {
  const shape = mem0Export.safeParse(parseJsonFile(file));
  if (!shape.success)
    throw malformedInput(
      file.path,
      undefined,
      'it is not a mem0 export: expected a list of memories, or an object with a "results" list',
    );
  const entries = entriesOf(shape.data);
  const items: PlannedItem[] = [];
  const skipped: SkippedItem[] = [];
  entries.forEach((raw, index) => {
    const entry = mem0Entry.safeParse(raw);
    if (!entry.success)
      throw malformedInput(file.path, zodPlace(`memory ${index + 1}`, entry.error), zodProblem(entry.error));
    const { id, memory, created_at, updated_at, categories } = entry.data;
    const source = `mem0:${id}`;
    const content = memory.trim();
    if (content === "") {
      skipped.push({ source, reason: "the memory has no text" });
      return;
    }
    const dated = updated_at ?? created_at;
    const field = updated_at ? "updated_at" : "created_at";
    const date =
      dated === undefined || dated === null
        ? file.modifiedAt.toISOString()
        : isoDate(dated, file.path, `memory ${index + 1} ("id": ${JSON.stringify(id)}), field "${field}"`);
    const frontmatter =
      categories && categories.length > 0 ? { categories: categories.join(", ") } : undefined;
    items.push({
      kind: "memory",
      type: "user",
      name: memoryNameFrom(content),
      content,
      date,
      source,
      ...(frontmatter ? { frontmatter } : {}),
    });
  });
  return { items, skipped };
}
