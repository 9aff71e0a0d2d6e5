/**
 * MemoryHome's groups of operations (`memory.profile`, `memory.memories`, `memory.journal`, ...),
 * each bound to one home and refused with DISABLED when memory is off. The engine functions they
 * call do the work; this file only binds them to the home.
 */
import {
  type ArchivedItem,
  type ArchiveListing,
  findArchived,
  listArchive,
  restoreFromArchive,
} from "./archive/archive-browser.js";
import type { RestoreResult } from "./archive/restore-into.js";
import { saveBatch } from "./consolidation/consolidated-batch.js";
import { type ConsolidationParts, saveConsolidated } from "./consolidation/consolidated-save.js";
import {
  addConversationMessages,
  type ConversationAddResult,
  type ConversationMessage,
  type ConversationRead,
  readConversation,
} from "./conversations/conversations.js";
import { type DailyLog, listDailies, loadRecentDailies } from "./daily/daily-log.js";
import type { HomeContext } from "./home/home-context.js";
import { whenEnabled } from "./home/when-enabled.js";
import {
  addJournalEntry,
  type JournalAddResult,
  listTopics,
  readTopic,
  type TopicRead,
} from "./journal/journal.js";
import { deleteTopicFile, renameTopicFile, topicFilePath, writeTopicFile } from "./journal/topic-files.js";
import {
  deleteMemory,
  getMemory,
  type Memory,
  type SavedMemory,
  type SaveMemoryInput,
} from "./memdir/memdir.js";
import { memoryPath, validateMemoryName } from "./memdir/memory-name.js";
import { type MemoryType, parseMemoryType } from "./memdir/memory-types.js";
import { type MemoryRename, type RenamedMemory, renameMemory } from "./memdir/rename-memory.js";
import { type ListMemoriesOptions, type MemoryManifest, scanMemories } from "./memdir/scan-memories.js";
import {
  addToProfile,
  type ProfileChange,
  type ProfileFile,
  type ProfileRead,
  type ProfileWriteOptions,
  readProfile,
  removeFromProfile,
  replaceInProfile,
} from "./profile/profile.js";
import type { SessionLog, SessionSummary } from "./sessions/session-log.js";
import { listSessionLogs, readSessionLog } from "./sessions/session-logs.js";

export type ProfileOperations = ReturnType<typeof profileOperations>;
export type MemoryOperations = ReturnType<typeof memoryOperations>;
export type JournalOperations = ReturnType<typeof journalOperations>;
export type ConversationOperations = ReturnType<typeof conversationOperations>;
export type DailyOperations = ReturnType<typeof dailyOperations>;
export type ArchiveOperations = ReturnType<typeof archiveOperations>;
export type SessionOperations = ReturnType<typeof sessionOperations>;

export function profileOperations(context: HomeContext) {
  return {
    read: (file: ProfileFile, section?: string): Promise<ProfileRead> =>
      whenEnabled(context, () => readProfile(context, file, section)),
    add: (
      file: ProfileFile,
      section: string,
      text: string,
      options: ProfileWriteOptions = {},
    ): Promise<ProfileChange> =>
      whenEnabled(context, () => addToProfile(context, file, { ...options, section, text })),
    replace: (
      file: ProfileFile,
      options: { section: string; oldText: string; newText: string } & ProfileWriteOptions,
    ): Promise<ProfileChange> => whenEnabled(context, () => replaceInProfile(context, file, options)),
    remove: (file: ProfileFile, section: string): Promise<ProfileChange> =>
      whenEnabled(context, () => removeFromProfile(context, file, section)),
  };
}

export function memoryOperations(context: HomeContext, parts: ConsolidationParts = {}) {
  return {
    /** Consolidated against what the home holds (docs/consolidation.md) unless `consolidate` is false. */
    save: (input: SaveMemoryInput): Promise<SavedMemory> =>
      whenEnabled(context, () => saveConsolidated(context, input, parts)),
    /**
     * Many memories in one transaction, all or none: each compared with the home and the batch's
     * earlier items by the rules (docs/consolidation.md) unless `consolidate` is false, as a bulk
     * import or a migration that only fills a home passes.
     */
    saveMany: (inputs: SaveMemoryInput[], options: { consolidate?: boolean } = {}): Promise<SavedMemory[]> =>
      whenEnabled(context, () => saveBatch(context, inputs, options)),
    delete: (name: string) => whenEnabled(context, () => deleteMemory(context, name)),
    /** A new name or type (or both) for the same memory: created, description and other frontmatter kept. */
    rename: (name: string, to: MemoryRename): Promise<RenamedMemory> =>
      whenEnabled(context, () => renameMemory(context, name, to)),
    /** The file a new memory of this type and name is saved in ("memories/user_cat-name.md"), when no other memory holds it. */
    pathFor: (type: MemoryType, name: string): string =>
      memoryPath(parseMemoryType(String(type)), validateMemoryName(name)),
    get: (name: string): Promise<Memory> => whenEnabled(context, () => getMemory(context, name)),
    /** Newest first, a page at a time (default: the 200 newest); only the page's file heads are read. */
    list: (options: ListMemoriesOptions = {}): Promise<MemoryManifest> =>
      whenEnabled(context, () => scanMemories(context, options)),
  };
}

export function journalOperations(context: HomeContext) {
  return {
    add: (
      category: string,
      text: string,
      options: { redactSecrets?: boolean; source?: string } = {},
    ): Promise<JournalAddResult> =>
      whenEnabled(context, () => addJournalEntry(context, category, text, options)),
    readTopic: (topic: string): Promise<TopicRead> => whenEnabled(context, () => readTopic(context, topic)),
    topics: (): Promise<string[]> => whenEnabled(context, () => listTopics(context)),
    /**
     * The file of a topic ("topics/<topic>.md"); refused for a name `readTopic` reads elsewhere
     * ("MEMORY", a category such as "user_pref"), so no topic file is out of its reach.
     */
    topicFile: (topic: string): string => topicFilePath(context, topic),
    /** Writes a topic file whole, as a file editor does: a new one with `create`, else an existing one. */
    writeTopicFile: (
      topic: string,
      text: string,
      options: { create: boolean; redactSecrets?: boolean },
    ): Promise<{ path: string; redactedSecrets: string[] }> =>
      whenEnabled(context, () => writeTopicFile(context, topic, text, options)),
    /** Moves a topic file to archive/ (marked with `reason`). */
    deleteTopicFile: (topic: string, options: { reason?: string } = {}) =>
      whenEnabled(context, () => deleteTopicFile(context, topic, options)),
    renameTopicFile: (from: string, to: string): Promise<{ path: string }> =>
      whenEnabled(context, () => renameTopicFile(context, from, to)),
  };
}

export function conversationOperations(context: HomeContext) {
  return {
    add: (
      session: string,
      messages: readonly ConversationMessage[],
      options: { redactSecrets?: boolean } = {},
    ): Promise<ConversationAddResult> =>
      whenEnabled(context, () => addConversationMessages(context, session, messages, options)),
    read: (session: string): Promise<ConversationRead> =>
      whenEnabled(context, () => readConversation(context, session)),
  };
}

export function dailyOperations(context: HomeContext) {
  return {
    recent: (): Promise<DailyLog[]> => whenEnabled(context, () => loadRecentDailies(context)),
    /** Every log still in daily/, newest first (older ones are in archive/daily/). */
    list: (): Promise<DailyLog[]> => whenEnabled(context, () => listDailies(context)),
  };
}

export function archiveOperations(context: HomeContext) {
  return {
    /** Archived chunks, newest first, a page at a time (default: the 100 newest). */
    list: (options: { offset?: number; limit?: number } = {}): Promise<ArchiveListing> =>
      whenEnabled(context, () => listArchive(context, options)),
    /** One archived chunk by its id, or a start of it that names one chunk (at least 4 characters). */
    get: (id: string): Promise<ArchivedItem> => whenEnabled(context, () => findArchived(context, id)),
    /**
     * Moves one chunk back where it came from (a typed memory, or profile sections), through the
     * checks of a save; `path` (the archive file) may be left out: the id finds the chunk.
     */
    restore: (target: { path?: string; id: string }): Promise<RestoreResult> =>
      whenEnabled(context, () => restoreFromArchive(context, target)),
  };
}

export function sessionOperations(context: HomeContext) {
  return {
    list: (options: { limit?: number } = {}): Promise<SessionSummary[]> =>
      whenEnabled(context, () => listSessionLogs(context.store, { ...options, warn: context.warn })),
    get: (sessionId: string): Promise<SessionLog> =>
      whenEnabled(context, () => readSessionLog(context.store, sessionId)),
  };
}
