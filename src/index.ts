/**
 * mnemo's public API. Explicit named exports only; nothing here loads a native or heavy
 * dependency (a test keeps it that way).
 */

export type { AgentSessionOptions, SessionMemoryReport } from "./agent/agent-session.js";
export { AgentSession } from "./agent/agent-session.js";
export { CHAT_MODEL_SETUP_HELP, createChatModel } from "./agent/create-chat-model.js";
export type { ToolCallRecord, TurnOptions } from "./agent/run-turn.js";
export type { ArchivedChunk } from "./archive/archive.js";
export type { LoadConfigOptions, LoadedConfig } from "./config/load-config.js";
export { CONFIG_FILE_NAME, loadConfig, resolveHome } from "./config/load-config.js";
export type { MnemoConfig, MnemoConfigInput, SearchConfig } from "./config/schema.js";
export { configSchema, MEMORY_TARGET } from "./config/schema.js";
export type { CoreMemory } from "./context/load-context.js";
export { MEMORY_INSTRUCTIONS_PROMPT } from "./context/memory-instructions-prompt.js";
export type { ContextSnapshot } from "./context/render-context.js";
export { renderContext } from "./context/render-context.js";
export type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatResponse,
  ChatToolSpec,
  ToolCall as ChatToolCall,
} from "./contracts/chat-model.js";
export type {
  DocumentInfo,
  DocumentReader,
  DocumentStore,
  DocumentWriter,
} from "./contracts/document-store.js";
export type { EmbeddingModel, EmbedOptions } from "./contracts/embedding-model.js";
export type {
  AgentMessage,
  MessageEmbedding,
  MessageRecord,
  MessageStore,
  StoredEmbedding,
} from "./contracts/message-store.js";
export type { ChunkFilter, SearchIndex } from "./contracts/search-index.js";
export { createEmbeddingModel } from "./create-embedding-model.js";
export type { DailyLog } from "./daily/daily-log.js";
export type { DoctorProblem, DoctorProblemKind, DoctorReport } from "./doctor/doctor.js";
export type { MnemoErrorCode } from "./errors.js";
export { MnemoError } from "./errors.js";
export { CachingEmbeddingModel, withEmbeddingCacheFile } from "./eval/caching-embedding-model.js";
export type { RetrievalCase } from "./eval/retrieval-case.js";
export type { MetricsSummary } from "./eval/retrieval-metrics.js";
export type { RetrievalEvalOptions, RetrievalEvalReport } from "./eval/run-retrieval-eval.js";
export { runRetrievalEval } from "./eval/run-retrieval-eval.js";
export type {
  ExtractionReport,
  ExtractSessionOptions,
  SkippedItem,
  SupersededMemory,
  WrittenItem,
} from "./extraction/extract-session.js";
export { extractSession } from "./extraction/extract-session.js";
export type { PendingRetryReport } from "./extraction/pending-extractions.js";
export { retryPendingExtractions } from "./extraction/pending-extractions.js";
export type { ExtractionRunOptions } from "./extraction/run-extraction.js";
export type { InstructionFinding } from "./guard/instruction-like-text.js";
export { findInstructionLikeText } from "./guard/instruction-like-text.js";
export { neutralizeBlockTags } from "./guard/neutralize-block-tags.js";
export type { RedactedText, SecretFinding } from "./guard/scan-secrets.js";
export { redactSecrets, scanForSecrets } from "./guard/scan-secrets.js";
export type { SecretMode } from "./guard/secret-guard.js";
export { SecretDetectedError } from "./guard/secret-guard.js";
export type { JournalAddResult, TopicRead } from "./journal/journal.js";
export type { FindNewsOptions, LongTermMemoryOptions } from "./long-term/long-term-memory.js";
export { LongTermMemory } from "./long-term/long-term-memory.js";
export { DEFAULT_SIMILARITY_THRESHOLD } from "./long-term/similarity.js";
export { MAX_MESSAGE_CONTENT_BYTES } from "./long-term/validate-message.js";
export type {
  JournalBlock,
  JournalEntry,
  JournalWarning,
  ParsedJournal,
} from "./markdown/journal-entries.js";
export { formatEntry, parseJournal } from "./markdown/journal-entries.js";
export type { Section, SectionDocument } from "./markdown/sections.js";
export { parseSections, serializeSections } from "./markdown/sections.js";
export type { Memory, SavedMemory, SaveMemoryInput } from "./memdir/memdir.js";
export type { MemoryHeader } from "./memdir/memory-file.js";
export type { MemoryType } from "./memdir/memory-types.js";
export { MEMORY_TYPES } from "./memdir/memory-types.js";
export type {
  ListMemoriesOptions,
  MemoryManifest,
  MemoryManifestEntry,
  MemoryProblem,
} from "./memdir/scan-memories.js";
export type { MemoryHomeParts, RecallQueryOptions } from "./memory-home.js";
export { MemoryHome } from "./memory-home.js";
export type { SoulAnswers } from "./onboarding/soul-template.js";
export { DEFAULT_SOUL_ANSWERS } from "./onboarding/soul-template.js";
export type { OpenMemoryOptions } from "./open-memory.js";
export { openMemory } from "./open-memory.js";
export type {
  ProfileChange,
  ProfileFile,
  ProfileRead,
  ProfileUsage,
  ProfileWriteOptions,
} from "./profile/profile.js";
export { PROFILE_FILES } from "./profile/profile.js";
export type { FusionOptions } from "./search/fusion.js";
export type { RecallResult, ReindexProgress } from "./search/memory-search.js";
export type { RankedHit as RecallHit } from "./search/rank-chunks.js";
export { InMemoryMessageStore } from "./stores/memory/in-memory-message-store.js";
export type { MemoryTool, MemoryToolResult, MemoryToolRunOptions } from "./tools/memory-tool.js";
export {
  MEMORY_TOOLS,
  memoryToolHandlers,
  runMemoryTool,
  toChatToolSpecs,
  toOpenAiTools,
} from "./tools/memory-tools.js";
export type { BuiltInExtractorOptions } from "./working-memory/built-in-extractors.js";
export {
  defaultExtractors,
  genericExtractor,
  pageSummaryExtractor,
  searchResultsExtractor,
  tocExtractor,
} from "./working-memory/built-in-extractors.js";
export type { PageSummary, ScoredSearchResult } from "./working-memory/chunk-inputs.js";
export type {
  ChunkKind as WorkingMemoryChunkKind,
  ContentChunk,
  ContentChunkInput,
} from "./working-memory/content-chunks.js";
export type {
  CachedToc,
  ObservedToolCall,
  ToolResultExtraction,
  ToolResultExtractor,
  ToolResultExtractorFunction,
} from "./working-memory/tool-result-extractor.js";
export type {
  CachedToolResult,
  ToolObservation,
  WorkingMemoryStats,
} from "./working-memory/working-memory.js";
export { WorkingMemory } from "./working-memory/working-memory.js";
export type {
  ResolvedWorkingMemoryOptions,
  WorkingMemoryOptions,
} from "./working-memory/working-memory-options.js";
