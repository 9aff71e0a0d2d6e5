import type { PageSummary, ScoredSearchResult } from "./chunk-inputs.js";
import type { ContentChunkInput } from "./content-chunks.js";

/** One finished tool call, as working memory is told about it. */
export interface ObservedToolCall {
  toolName: string;
  /** The arguments, parsed when they came as JSON text. */
  args: unknown;
  /** The result exactly as the tool returned it (what a TOC cache or result cache should give back). */
  result: unknown;
  /** The result as data: JSON text parsed, an MCP result unwrapped; otherwise the result itself. */
  value: unknown;
}

/** A table of contents, keyed by the document it belongs to. */
export interface CachedToc {
  document: string;
  toc: unknown;
}

/** What an extractor found in a tool result. Invalid items are dropped by working memory, not thrown. */
export interface ToolResultExtraction {
  tocs?: readonly CachedToc[];
  chunks?: readonly ContentChunkInput[];
  searchResults?: readonly ScoredSearchResult[];
  pageSummaries?: readonly PageSummary[];
  /** Chapters the result names (seed 003's known_chapters): a TOC's, or a hit's chapter. */
  chapters?: readonly string[];
  /** What the tool was asked to find (seed 003's current_query), for a search. */
  query?: string;
}

/**
 * Recognises some tools' results and turns them into what working memory keeps. `extract` returns
 * undefined for a result it does not recognise (the next extractor is asked); the first extractor that
 * returns an extraction, even an empty one, handles the result. Extractors should not throw: a result
 * comes from outside and may have any shape.
 */
export interface ToolResultExtractor {
  readonly name: string;
  extract(call: ObservedToolCall): ToolResultExtraction | undefined;
  /**
   * For a tool that fetches a table of contents: the document whose TOC this call would fetch, so
   * lookupToolResult can answer it from the TOC cache.
   */
  tocDocument?(toolName: string, args: unknown): string | undefined;
}

/** An extractor can also be just its extract function. */
export type ToolResultExtractorFunction = (call: ObservedToolCall) => ToolResultExtraction | undefined;

export function toExtractor(
  extractor: ToolResultExtractor | ToolResultExtractorFunction,
): ToolResultExtractor {
  if (typeof extractor !== "function") return extractor;
  return { name: extractor.name || "custom extractor", extract: extractor };
}
