import {
  chunkInputProblem,
  type PageSummary,
  pageSummaryProblem,
  type ScoredSearchResult,
  searchResultProblem,
} from "./chunk-inputs.js";
import type { ContentChunkInput } from "./content-chunks.js";
import type { ObservedToolCall, ToolResultExtraction, ToolResultExtractor } from "./tool-result-extractor.js";
import { asRecord, isErrorResult, parseToolArguments, parseToolValue } from "./tool-result-fields.js";

/** What working memory does with an extraction's items. */
export interface ExtractionTarget {
  cacheToc(document: string, toc: unknown): boolean;
  addChunk(input: ContentChunkInput): boolean;
  addSearchResults(results: readonly ScoredSearchResult[]): number;
  addPageSummary(summary: PageSummary): boolean;
  addKnownChapters(chapters: readonly string[]): number;
  setCurrentQuery(query: string): void;
}

export interface Observed {
  /** Undefined for a call that cannot be remembered: no tool name, or a failed result. */
  call: ObservedToolCall | undefined;
  extractor: string | undefined;
  extraction: ToolResultExtraction | undefined;
}

/** Parses the call and asks the extractors in order; the first that recognises the result wins. */
export function observeWith(
  extractors: readonly ToolResultExtractor[],
  toolName: unknown,
  args: unknown,
  result: unknown,
): Observed {
  if (typeof toolName !== "string" || isErrorResult(result)) {
    return { call: undefined, extractor: undefined, extraction: undefined };
  }
  const call = { toolName, args: parseToolArguments(args), result, value: parseToolValue(result) };
  for (const extractor of extractors) {
    const extraction = extractor.extract(call);
    if (extraction !== undefined) return { call, extractor: extractor.name, extraction };
  }
  return { call, extractor: undefined, extraction: undefined };
}

/**
 * Hands an extraction's items to working memory, skipping (never throwing on) the ones that are
 * malformed: a custom extractor's output is checked like any input from outside.
 */
export function applyExtraction(
  target: ExtractionTarget,
  extraction: ToolResultExtraction | undefined,
): { tocsCached: string[]; chunksKept: number } {
  const query = extraction?.query;
  if (typeof query === "string" && query.trim() !== "") target.setCurrentQuery(query);
  const chapters = items(extraction?.chapters).filter((item): item is string => typeof item === "string");
  const tocsCached = items(extraction?.tocs).flatMap((item) => {
    const toc = asRecord(item);
    const document = toc?.document;
    const usable = typeof document === "string" && document.trim() !== "" && toc?.toc != null;
    return usable && target.cacheToc(document, toc.toc) ? [document] : [];
  });
  const chunks = items(extraction?.chunks).filter((item) => chunkInputProblem(item) === undefined);
  const searchResults = items(extraction?.searchResults).filter(
    (item) => searchResultProblem(item) === undefined,
  );
  const pageSummaries = items(extraction?.pageSummaries).filter(
    (item) => pageSummaryProblem(item) === undefined,
  );
  const chunksKept =
    chunks.filter((chunk) => target.addChunk(chunk as ContentChunkInput)).length +
    target.addSearchResults(searchResults as ScoredSearchResult[]) +
    pageSummaries.filter((summary) => target.addPageSummary(summary as PageSummary)).length;
  target.addKnownChapters(chapters);
  return { tocsCached, chunksKept };
}

function items(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
