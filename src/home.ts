/**
 * mnemo/home: the detail types of a memory home's parts (profile, memories, dailies, archive, search,
 * sessions, status, doctor, onboarding), and the parts of a server of many homes (home ids, the
 * Mnemo-Home header, in-memory homes and tokens).
 */

export { InMemoryHomeDirectory } from "./adapters/memory/in-memory-home-directory.js";
export { InMemoryTokenRegistry } from "./adapters/memory/in-memory-token-registry.js";
export type { ArchivedChunk } from "./engine/archive/archive.js";
export type { ArchivedItem, ArchiveListing } from "./engine/archive/archive-browser.js";
export type { RestoreResult } from "./engine/archive/restore-into.js";
export type { ConversationTurn, LocatedTurn } from "./engine/conversations/conversation-file.js";
export type {
  ConversationAddResult,
  ConversationMessage,
  ConversationRead,
} from "./engine/conversations/conversations.js";
export {
  MAX_CONVERSATION_MESSAGE_CHARACTERS,
  MAX_CONVERSATION_MESSAGES_PER_ADD,
} from "./engine/conversations/conversations.js";
export type { HitConversation } from "./engine/conversations/turns-around-hits.js";
export type { DailyLog } from "./engine/daily/daily-log.js";
export type { DoctorProblem, DoctorProblemKind } from "./engine/doctor/doctor.js";
export type { MemoryHeader } from "./engine/memdir/memory-file.js";
export type { MemoryProblem } from "./engine/memdir/scan-memories.js";
export type { MemoryHomeParts } from "./engine/memory-home.js";
export type { SoulAnswers } from "./engine/onboarding/soul-template.js";
export { DEFAULT_SOUL_ANSWERS } from "./engine/onboarding/soul-template.js";
export type { ProfileUsage, ProfileWriteOptions } from "./engine/profile/profile.js";
export type { FusionOptions } from "./engine/search/fusion.js";
export type { IndexCatchUp, IndexProgress, ReindexProgress } from "./engine/search/memory-search.js";
export type { SessionLog, SessionSummary } from "./engine/sessions/session-log.js";
export type { HomeStatus } from "./engine/status/home-status.js";
export { HOME_HEADER } from "./engine/tenancy/home-choice.js";
export type { MemoryHomesParts } from "./engine/tenancy/memory-homes.js";
export type { HomeTree, ImportReport, ImportTreeOptions } from "./engine/transfer/home-tree.js";
export type { ExportReport, ImportHomeOptions, ImportHomeReport } from "./export-import.js";
export { parseHomeId } from "./rules/home-id.js";
export type { RefusedFile, SkippedFile, TreeFile } from "./rules/tree-layout.js";
