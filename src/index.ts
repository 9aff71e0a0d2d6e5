/**
 * mnemo's public API. Explicit named exports only; nothing here loads a native or heavy
 * dependency (a test keeps it that way).
 */

export { InMemoryMessageStore } from "./adapters/memory/in-memory-message-store.js";
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
export { CHAT_MODEL_SETUP_HELP, createChatModel } from "./create-chat-model.js";
export { createEmbeddingModel } from "./create-embedding-model.js";
export type { ArchivedChunk } from "./engine/archive/archive.js";
export type { LoadConfigOptions, LoadedConfig } from "./engine/config/load-config.js";
export { CONFIG_FILE_NAME, loadConfig, resolveHome } from "./engine/config/load-config.js";
export type { MnemoConfig, MnemoConfigInput, SearchConfig } from "./engine/config/schema.js";
export { configSchema, MEMORY_TARGET } from "./engine/config/schema.js";
export type { CoreMemory } from "./engine/context/load-context.js";
export { MEMORY_INSTRUCTIONS_PROMPT } from "./engine/context/memory-instructions-prompt.js";
export type { ContextSnapshot } from "./engine/context/render-context.js";
export { renderContext } from "./engine/context/render-context.js";
export type { ConversationTurn, LocatedTurn } from "./engine/conversations/conversation-file.js";
export type {
  ConversationAddResult,
  ConversationMessage,
  ConversationRead,
} from "./engine/conversations/conversations.js";
export { MAX_CONVERSATION_MESSAGE_CHARACTERS } from "./engine/conversations/conversations.js";
export type { HitConversation } from "./engine/conversations/turns-around-hits.js";
export type { DailyLog } from "./engine/daily/daily-log.js";
export type { DoctorProblem, DoctorProblemKind, DoctorReport } from "./engine/doctor/doctor.js";
export type { InstructionFinding } from "./engine/guard/instruction-like-text.js";
export { findInstructionLikeText } from "./engine/guard/instruction-like-text.js";
export { neutralizeBlockTags } from "./engine/guard/neutralize-block-tags.js";
export type { RedactedText, SecretFinding } from "./engine/guard/scan-secrets.js";
export { redactSecrets, scanForSecrets } from "./engine/guard/scan-secrets.js";
export type { SecretMode } from "./engine/guard/secret-guard.js";
export { SecretDetectedError } from "./engine/guard/secret-guard.js";
export type { JournalAddResult, TopicRead } from "./engine/journal/journal.js";
export type { FindNewsOptions, LongTermMemoryOptions } from "./engine/long-term/long-term-memory.js";
export { LongTermMemory } from "./engine/long-term/long-term-memory.js";
export { DEFAULT_SIMILARITY_THRESHOLD } from "./engine/long-term/similarity.js";
export { MAX_MESSAGE_CONTENT_BYTES } from "./engine/long-term/validate-message.js";
export type {
  JournalBlock,
  JournalEntry,
  JournalWarning,
  ParsedJournal,
} from "./engine/markdown/journal-entries.js";
export { formatEntry, parseJournal } from "./engine/markdown/journal-entries.js";
export type { Section, SectionDocument } from "./engine/markdown/sections.js";
export { parseSections, serializeSections } from "./engine/markdown/sections.js";
export type { Memory, SavedMemory, SaveMemoryInput } from "./engine/memdir/memdir.js";
export type { MemoryHeader } from "./engine/memdir/memory-file.js";
export type { MemoryType } from "./engine/memdir/memory-types.js";
export { MEMORY_TYPES } from "./engine/memdir/memory-types.js";
export type {
  ListMemoriesOptions,
  MemoryManifest,
  MemoryManifestEntry,
  MemoryProblem,
} from "./engine/memdir/scan-memories.js";
export type { MemoryHomeParts, RecallQueryOptions } from "./engine/memory-home.js";
export { MemoryHome } from "./engine/memory-home.js";
export type { SoulAnswers } from "./engine/onboarding/soul-template.js";
export { DEFAULT_SOUL_ANSWERS } from "./engine/onboarding/soul-template.js";
export type {
  ProfileChange,
  ProfileFile,
  ProfileRead,
  ProfileUsage,
  ProfileWriteOptions,
} from "./engine/profile/profile.js";
export { PROFILE_FILES } from "./engine/profile/profile.js";
export type { FusionOptions } from "./engine/search/fusion.js";
export type { RecallResult, ReindexProgress } from "./engine/search/memory-search.js";
export type { RankedHit as RecallHit } from "./engine/search/rank-chunks.js";
export type { BuiltInExtractorOptions } from "./engine/working-memory/built-in-extractors.js";
export {
  defaultExtractors,
  genericExtractor,
  pageSummaryExtractor,
  searchResultsExtractor,
  tocExtractor,
} from "./engine/working-memory/built-in-extractors.js";
export type { PageSummary, ScoredSearchResult } from "./engine/working-memory/chunk-inputs.js";
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
export { WorkingMemory } from "./engine/working-memory/working-memory.js";
export type {
  ResolvedWorkingMemoryOptions,
  WorkingMemoryOptions,
} from "./engine/working-memory/working-memory-options.js";
export type { MnemoErrorCode } from "./errors.js";
export { MnemoError } from "./errors.js";
export { CachingEmbeddingModel, withEmbeddingCacheFile } from "./eval/caching-embedding-model.js";
export type { RetrievalCase } from "./eval/retrieval-case.js";
export type { MetricsSummary } from "./eval/retrieval-metrics.js";
export type { RetrievalEvalOptions, RetrievalEvalReport } from "./eval/run-retrieval-eval.js";
export { runRetrievalEval } from "./eval/run-retrieval-eval.js";
export type { OpenMemoryOptions } from "./open-memory.js";
export { openMemory } from "./open-memory.js";
export type { AgentSessionOptions, SessionMemoryReport } from "./session/agent/agent-session.js";
export { AgentSession } from "./session/agent/agent-session.js";
export type { ToolCallRecord, TurnOptions } from "./session/agent/run-turn.js";
export type {
  ExtractionReport,
  ExtractSessionOptions,
  SkippedItem,
  SupersededMemory,
  WrittenItem,
} from "./session/extraction/extract-session.js";
export { extractSession } from "./session/extraction/extract-session.js";
export type { PendingRetryReport } from "./session/extraction/pending-extractions.js";
export { retryPendingExtractions } from "./session/extraction/pending-extractions.js";
export type { ExtractionRunOptions } from "./session/extraction/run-extraction.js";
export type { MemoryTool, MemoryToolResult, MemoryToolRunOptions } from "./session/tools/memory-tool.js";
export {
  MEMORY_TOOLS,
  memoryToolHandlers,
  runMemoryTool,
  toChatToolSpecs,
  toOpenAiTools,
} from "./session/tools/memory-tools.js";
