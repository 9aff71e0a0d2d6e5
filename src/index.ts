/**
 * mnemo's public API: open a memory home, use it from an agent, and the types of what it returns.
 * Everything else is on a named subpath (mnemo/tools, mnemo/agent, mnemo/contracts, mnemo/config,
 * mnemo/home, mnemo/markdown, mnemo/guard, mnemo/working-memory, mnemo/long-term, mnemo/eval).
 * Explicit named exports only; nothing here loads a native or heavy dependency (a test keeps it that way).
 */

export type { ChatModel } from "./contracts/chat-model.js";
export type { EmbeddingModel } from "./contracts/embedding-model.js";
export { createChatModel } from "./create-chat-model.js";
export { createEmbeddingModel } from "./create-embedding-model.js";
export type { MnemoConfig, MnemoConfigInput } from "./engine/config/schema.js";
export type { ContextSnapshot } from "./engine/context/render-context.js";
export type { DoctorReport } from "./engine/doctor/doctor.js";
export { SecretDetectedError } from "./engine/guard/secret-guard.js";
export type { JournalAddResult, TopicRead } from "./engine/journal/journal.js";
export { LongTermMemory } from "./engine/long-term/long-term-memory.js";
export type { Memory, SavedMemory, SaveMemoryInput } from "./engine/memdir/memdir.js";
export type { MemoryType } from "./engine/memdir/memory-types.js";
export { MEMORY_TYPES } from "./engine/memdir/memory-types.js";
export type {
  ListMemoriesOptions,
  MemoryManifest,
  MemoryManifestEntry,
} from "./engine/memdir/scan-memories.js";
export { MemoryHome } from "./engine/memory-home.js";
export type { ProfileChange, ProfileFile, ProfileRead } from "./engine/profile/profile.js";
export { PROFILE_FILES } from "./engine/profile/profile.js";
export type { RecallQueryOptions } from "./engine/search/home-recall.js";
export type { RecallResult } from "./engine/search/memory-search.js";
export type { RankedHit as RecallHit } from "./engine/search/ranked-hit.js";
export { MemoryHomes } from "./engine/tenancy/memory-homes.js";
export { WorkingMemory } from "./engine/working-memory/working-memory.js";
export type { MnemoErrorCode } from "./errors.js";
export { MnemoError } from "./errors.js";
export { exportHome, importHome } from "./export-import.js";
export { loadConfig, resolveHome } from "./load-config.js";
export type { OpenHomesOptions } from "./open-homes.js";
export { openHomes } from "./open-homes.js";
export type { OpenMemoryOptions } from "./open-memory.js";
export { openMemory } from "./open-memory.js";
export type { AgentSessionOptions, SessionMemoryReport } from "./session/agent/agent-session.js";
export { AgentSession } from "./session/agent/agent-session.js";
export type { TurnOptions } from "./session/agent/run-turn.js";
export type { ExtractionReport } from "./session/extraction/extract-session.js";
export { extractSession } from "./session/extraction/extract-session.js";
export { retryPendingExtractions } from "./session/extraction/pending-extractions.js";
export { MEMORY_TOOLS, runMemoryTool, toOpenAiTools } from "./session/tools/memory-tools.js";
