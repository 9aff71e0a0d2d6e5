/**
 * mnemo/working-memory: session working memory's extractors and their types.
 */

export type { BuiltInExtractorOptions } from "./engine/working-memory/built-in-extractors.js";
export {
  defaultExtractors,
  genericExtractor,
  pageSummaryExtractor,
  searchResultsExtractor,
  tocExtractor,
} from "./engine/working-memory/built-in-extractors.js";
export type { PageSummary, ScoredSearchResult } from "./engine/working-memory/chunk-inputs.js";
export type { ChunkMetadata } from "./engine/working-memory/chunk-metadata.js";
export type {
  ChunkKind as WorkingMemoryChunkKind,
  ContentChunk,
  ContentChunkInput,
} from "./engine/working-memory/content-chunks.js";
export type {
  CachedToc,
  ObservedToolCall,
  ToolResultExtraction,
  ToolResultExtractor,
  ToolResultExtractorFunction,
} from "./engine/working-memory/tool-result-extractor.js";
export type {
  CachedToolResult,
  ToolObservation,
  WorkingMemoryStats,
} from "./engine/working-memory/working-memory.js";
export type {
  ResolvedWorkingMemoryOptions,
  WorkingMemoryOptions,
} from "./engine/working-memory/working-memory-options.js";
