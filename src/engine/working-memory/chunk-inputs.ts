import { type ChunkMetadata, metadataProblem } from "./chunk-metadata.js";
import { CHUNK_KINDS, type ChunkKind, type ContentChunkInput } from "./content-chunks.js";

/** One hit of a search or retrieval tool (seed 003's smart_search results). */
export interface ScoredSearchResult {
  content: string;
  /** The label shown in the prompt, e.g. "angui_2024 P85". */
  source: string;
  /** The score the search returned: it is the chunk's relevance. */
  score: number;
  document?: string;
  location?: string;
  metadata?: ChunkMetadata;
}

/** What was read from a page or page range (seed 003's add_page_content). */
export interface PageSummary {
  content: string;
  source: string;
  /** Defaults to the pageSummaryRelevance option (0.8, as in the seed). */
  relevance?: number;
  document?: string;
  location?: string;
  metadata?: ChunkMetadata;
}

export function searchResultChunk(result: ScoredSearchResult): ContentChunkInput {
  const { score, ...rest } = result;
  return { ...rest, relevance: score, kind: "search-result" };
}

export function pageSummaryChunk(summary: PageSummary, defaultRelevance: number): ContentChunkInput {
  return { ...summary, relevance: summary.relevance ?? defaultRelevance, kind: "page-summary" };
}

/** What is wrong with a chunk input, or undefined when it can be used. */
export function chunkInputProblem(input: unknown): string | undefined {
  return (
    fieldsProblem(input, "relevance", true) ??
    (CHUNK_KINDS.includes((input as { kind?: unknown }).kind as ChunkKind)
      ? undefined
      : `"kind" must be one of ${CHUNK_KINDS.join(", ")}`)
  );
}

export function searchResultProblem(input: unknown): string | undefined {
  return fieldsProblem(input, "score", true);
}

export function pageSummaryProblem(input: unknown): string | undefined {
  return fieldsProblem(input, "relevance", false);
}

function fieldsProblem(input: unknown, scoreField: string, scoreRequired: boolean): string | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return "is not an object";
  const record = input as Record<string, unknown>;
  for (const field of ["content", "source"]) {
    if (typeof record[field] !== "string") return `"${field}" must be a string`;
  }
  const score = record[scoreField];
  const scoreMissing = score === undefined && !scoreRequired;
  if (!scoreMissing && !(typeof score === "number" && Number.isFinite(score))) {
    return `"${scoreField}" must be a finite number`;
  }
  for (const field of ["document", "location"]) {
    if (record[field] !== undefined && typeof record[field] !== "string") {
      return `"${field}" must be a string when given`;
    }
  }
  return metadataProblem(record.metadata);
}
