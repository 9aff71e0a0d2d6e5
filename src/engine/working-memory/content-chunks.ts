import { createHash } from "node:crypto";
import { boundedMetadata, type ChunkMetadata } from "./chunk-metadata.js";
import { singleLine, truncateText } from "./truncate-text.js";

/** What a chunk is (seed 003's chunk_type). */
export type ChunkKind = "search-result" | "page-summary" | "table";

export const CHUNK_KINDS: readonly ChunkKind[] = ["search-result", "page-summary", "table"];

/** Content to remember for the rest of the query, scored by how relevant it is. */
export interface ContentChunkInput {
  content: string;
  /** The label shown in the prompt, e.g. "angui_2024 P85". */
  source: string;
  /** Higher is more relevant (search scores are usually 0 to 1); below minRelevance it is not kept. */
  relevance: number;
  kind: ChunkKind;
  /** Document and location in it (page, section, line range): together they identify the chunk. */
  document?: string;
  location?: string;
  /** Seed 003's metadata: facts about the chunk (chapter, table, type...), shown after its source. */
  metadata?: ChunkMetadata;
}

/** A chunk as working memory keeps it. */
export interface ContentChunk {
  /** Identity for deduplication: document + location when both are known, else a hash of the content. */
  readonly key: string;
  readonly content: string;
  readonly source: string;
  readonly relevance: number;
  readonly kind: ChunkKind;
  /** When it was last seen, as a counter: higher is more recent. */
  readonly recency: number;
  readonly document?: string;
  readonly location?: string;
  readonly metadata?: ChunkMetadata;
}

export interface ChunkLimits {
  maxChunks: number;
  minRelevance: number;
}

const MAX_SOURCE_CHARACTERS = 200;

/**
 * The chunk to keep for an input, its text cut to `maxCharacters`; undefined when the content is blank.
 * The key is computed from the whole content, so two long texts that differ only past the cut stay apart.
 */
export function makeChunk(
  input: ContentChunkInput,
  options: { recency: number; maxCharacters: number },
): ContentChunk | undefined {
  const content = input.content.trim();
  if (content === "") return undefined;
  const metadata = boundedMetadata(input.metadata);
  return {
    key: chunkKey(input.document, input.location, content),
    content: truncateText(content, options.maxCharacters),
    source: truncateText(singleLine(input.source), MAX_SOURCE_CHARACTERS),
    relevance: input.relevance,
    kind: input.kind,
    recency: options.recency,
    ...(input.document === undefined ? {} : { document: input.document }),
    ...(input.location === undefined ? {} : { location: input.location }),
    ...(metadata === undefined ? {} : { metadata }),
  };
}

function chunkKey(document: string | undefined, location: string | undefined, content: string): string {
  if (document && location) return `at:${JSON.stringify([document, location])}`;
  return `content:${createHash("sha256").update(content).digest("hex")}`;
}

/** Relevance descending, then the most recently seen first. */
export function compareChunks(left: ContentChunk, right: ContentChunk): number {
  return right.relevance - left.relevance || right.recency - left.recency;
}

/**
 * The chunk list after seeing one more chunk: below minRelevance it is not kept; a chunk with the same
 * key is one chunk (see mergeChunks); the list stays sorted and the lowest beyond maxChunks are
 * dropped. Pure: the input list is not changed.
 */
export function insertChunk(
  chunks: readonly ContentChunk[],
  chunk: ContentChunk,
  limits: ChunkLimits,
): ContentChunk[] {
  if (!(chunk.relevance >= limits.minRelevance)) return [...chunks];
  const existing = chunks.find((kept) => kept.key === chunk.key);
  const merged = existing === undefined ? chunk : mergeChunks(existing, chunk);
  return [...chunks.filter((kept) => kept.key !== chunk.key), merged]
    .sort(compareChunks)
    .slice(0, limits.maxChunks);
}

/**
 * The same place seen twice is shown once: with the higher relevance, the new recency and both
 * metadata (the newer wins a key). Its text is the fuller one: a place read whole (a page summary,
 * mnemo's memory_get) over a search snippet of it; otherwise the more relevant one's, the newer on a tie.
 */
export function mergeChunks(existing: ContentChunk, incoming: ContentChunk): ContentChunk {
  const snippetOnly = (chunk: ContentChunk) => chunk.kind === "search-result";
  const keepOld =
    snippetOnly(existing) === snippetOnly(incoming)
      ? existing.relevance > incoming.relevance
      : snippetOnly(incoming);
  const text = keepOld ? existing : incoming;
  const metadata = { ...existing.metadata, ...incoming.metadata };
  const { metadata: _, ...rest } = text;
  return {
    ...rest,
    relevance: Math.max(existing.relevance, incoming.relevance),
    recency: incoming.recency,
    ...(Object.keys(metadata).length === 0 ? {} : { metadata: boundedMetadata(metadata) }),
  };
}
