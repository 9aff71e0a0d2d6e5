/**
 * Seed 003's chunk metadata (ContentChunk.metadata): a few facts about a chunk that its text and
 * source do not say, such as its chapter, table or memory type, taken from the tool result and shown
 * after the chunk's source in the prompt. Bounded, one line per value, scalars only: it is prompt text.
 */
import { singleLine, truncateText } from "./truncate-text.js";

export type ChunkMetadata = Readonly<Record<string, string | number | boolean>>;

const MAX_ENTRIES = 8;
const MAX_KEY_CHARACTERS = 40;
const MAX_VALUE_CHARACTERS = 120;

function isScalar(value: unknown): value is string | number | boolean {
  return (
    typeof value === "string" ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  );
}

/** What is wrong with metadata given to working memory, or undefined when it can be used. */
export function metadataProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return '"metadata" must be an object when given';
  const bad = Object.entries(value).find(([, field]) => !isScalar(field));
  return bad === undefined
    ? undefined
    : `"metadata.${bad[0]}" must be a string, a finite number or a boolean`;
}

/**
 * The metadata as working memory keeps it: the first MAX_ENTRIES usable entries, keys and string
 * values on one line and cut; undefined when nothing is left.
 */
export function boundedMetadata(metadata: ChunkMetadata | undefined): ChunkMetadata | undefined {
  const entries: [string, string | number | boolean][] = [];
  for (const [rawKey, value] of Object.entries(metadata ?? {})) {
    const key = truncateText(singleLine(rawKey), MAX_KEY_CHARACTERS);
    if (key === "" || !isScalar(value)) continue;
    const kept = typeof value === "string" ? truncateText(singleLine(value), MAX_VALUE_CHARACTERS) : value;
    if (kept === "") continue;
    entries.push([key, kept]);
    if (entries.length === MAX_ENTRIES) break;
  }
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/**
 * The metadata of one item of a tool result: the scalar fields of its own `metadata` object (as
 * LangChain documents carry it), then its other scalar fields that were not read as its text,
 * score, document, location or source (`read`).
 */
export function metadataOf(item: unknown, read: readonly string[]): ChunkMetadata | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  const nested = record.metadata;
  const own =
    typeof nested === "object" && nested !== null && !Array.isArray(nested)
      ? (nested as Record<string, unknown>)
      : {};
  const rest = Object.fromEntries(
    Object.entries(record).filter(([key]) => key !== "metadata" && !read.includes(key)),
  );
  const scalars = Object.entries({ ...own, ...rest }).filter(([, value]) => isScalar(value));
  return boundedMetadata(Object.fromEntries(scalars) as ChunkMetadata);
}

/** "chapter: 3 Cables, table: 3-1", or "" when there is none. */
export function renderMetadata(metadata: ChunkMetadata | undefined): string {
  return Object.entries(metadata ?? {})
    .map(([key, value]) => `${key}: ${value}`)
    .join(", ");
}
