import type { DocumentStore } from "../contracts/document-store.js";
import type { MessageStore } from "../contracts/message-store.js";
import { MnemoError } from "../errors.js";
import {
  type ArchiveListing,
  listArchive,
  type RestoreResult,
  restoreFromArchive,
} from "./archive/archive-browser.js";
import type { MnemoConfig } from "./config/schema.js";
import { buildContext, type CoreMemory, loadCoreMemory } from "./context/load-context.js";
import {
  addConversationMessages,
  type ConversationAddResult,
  type ConversationMessage,
  type ConversationRead,
  readConversation,
} from "./conversations/conversations.js";
import { withTurnsAround } from "./conversations/turns-around-hits.js";
import { type DailyLog, listDailies, loadRecentDailies } from "./daily/daily-log.js";
import { type DoctorReport, runDoctor } from "./doctor/doctor.js";
import { secretMode } from "./guard/secret-guard.js";
import type { HomeContext } from "./home/home-context.js";
import { SOUL_PATH } from "./home/layout.js";
import {
  addJournalEntry,
  type JournalAddResult,
  listTopics,
  readTopic,
  type TopicRead,
} from "./journal/journal.js";
import {
  deleteMemory,
  getMemory,
  type Memory,
  type SavedMemory,
  type SaveMemoryInput,
  saveMemory,
} from "./memdir/memdir.js";
import { type MemoryType, parseMemoryType } from "./memdir/memory-types.js";
import { saveMemories } from "./memdir/save-memories.js";
import {
  type ListMemoriesOptions,
  type MemoryManifest,
  memoryAges,
  scanMemories,
} from "./memdir/scan-memories.js";
import {
  DEFAULT_SOUL_ANSWERS,
  guardSoulAnswers,
  renderSoul,
  type SoulAnswers,
} from "./onboarding/soul-template.js";
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
import type { MemorySearch, RecallResult, ReindexProgress } from "./search/memory-search.js";
import type { SessionLog, SessionSummary } from "./sessions/session-log.js";
import { listSessionLogs, readSessionLog } from "./sessions/session-logs.js";
import { type HomeStatus, homeStatus } from "./status/home-status.js";
import {
  type HomeTree,
  type ImportReport,
  type ImportTreeOptions,
  importTree,
  readHomeTree,
} from "./transfer/home-tree.js";
import type { TreeFile } from "./transfer/tree-layout.js";

/** What to search for and where: a memory type, a kind of chunk, a file or folder, a date range. */
export interface RecallQueryOptions {
  limit?: number;
  type?: MemoryType;
  kind?: "memory" | "section" | "journal" | "daily" | "message";
  /** A file ("USER.md", "conversations/<session>.md") or a folder ending in "/" ("topics/"). */
  file?: string;
  /** Inclusive YYYY-MM-DD bounds. */
  since?: string;
  until?: string;
  /** Message hits come with this many turns before and after them (default 1; 0: none). */
  around?: number;
  signal?: AbortSignal;
}

/**
 * A memory home: every operation of the engine on one home's documents, and recall over them. It
 * is given its store and a way to open its search (the composition root, open-memory.ts, wires the
 * backends in); it never chooses a backend itself.
 */
export interface MemoryHomeParts {
  /** Where the home is, for a person: a folder for a file home, `<database URL>#<home id>` for a database home. */
  home: string;
  /** Opens the search index and embedding model, on first recall. */
  openSearch: () => Promise<MemorySearch>;
  /** A store for the home's long-term messages (seed 004), beside its documents; not open yet. */
  messageStore: () => Promise<MessageStore>;
}

export class MemoryHome {
  /** The home folder's absolute path, or `<database URL>#<home id>` for a home in a database. */
  readonly home: string;
  private readonly context: HomeContext;
  private readonly parts: MemoryHomeParts;
  private search: Promise<MemorySearch> | undefined;

  constructor(context: HomeContext, parts: MemoryHomeParts) {
    this.context = context;
    this.home = parts.home;
    this.parts = parts;
  }

  /** The home's long-term message store, on the same backend as its documents; the caller opens and closes it. */
  messageStore(): Promise<MessageStore> {
    return this.parts.messageStore();
  }

  get config(): MnemoConfig {
    return this.context.config;
  }

  get enabled(): boolean {
    return this.context.config.enabled;
  }

  get store(): DocumentStore {
    return this.context.store;
  }

  /**
   * The frozen session context: tagged memory blocks, memory instructions, then `basePrompt`. It
   * starts a session, so a home without SOUL.md first gets the default identity (seed 002's
   * onboarding; an existing SOUL.md is never overwritten) unless `defaultIdentity` is false.
   */
  async buildContext(options: { basePrompt?: string; defaultIdentity?: boolean } = {}): Promise<string> {
    if (!this.enabled) return options.basePrompt ?? "";
    if (options.defaultIdentity !== false && (await this.store.read(SOUL_PATH)) === undefined)
      await this.onboard(DEFAULT_SOUL_ANSWERS);
    return buildContext(this.context, options);
  }

  loadCoreMemory(): Promise<CoreMemory> {
    if (!this.enabled) return Promise.resolve({ text: "", shownLines: 0, totalLines: 0, truncated: false });
    return loadCoreMemory(this.context);
  }

  readonly profile = {
    read: (file: ProfileFile, section?: string): Promise<ProfileRead> =>
      this.whenEnabled(() => readProfile(this.context, file, section)),
    add: (
      file: ProfileFile,
      section: string,
      text: string,
      options: ProfileWriteOptions = {},
    ): Promise<ProfileChange> =>
      this.whenEnabled(() => addToProfile(this.context, file, { ...options, section, text })),
    replace: (
      file: ProfileFile,
      options: { section: string; oldText: string; newText: string } & ProfileWriteOptions,
    ): Promise<ProfileChange> => this.whenEnabled(() => replaceInProfile(this.context, file, options)),
    remove: (file: ProfileFile, section: string): Promise<ProfileChange> =>
      this.whenEnabled(() => removeFromProfile(this.context, file, section)),
  };

  readonly memories = {
    save: (input: SaveMemoryInput): Promise<SavedMemory> =>
      this.whenEnabled(() => saveMemory(this.context, input)),
    /** Many memories in one transaction, all or none: what an import or a migration uses. */
    saveMany: (inputs: SaveMemoryInput[]): Promise<SavedMemory[]> =>
      this.whenEnabled(() => saveMemories(this.context, inputs)),
    delete: (name: string) => this.whenEnabled(() => deleteMemory(this.context, name)),
    get: (name: string): Promise<Memory> => this.whenEnabled(() => getMemory(this.context, name)),
    /** Newest first, a page at a time (default: the 200 newest); only the page's file heads are read. */
    list: (options: ListMemoriesOptions = {}): Promise<MemoryManifest> =>
      this.whenEnabled(() => scanMemories(this.context, options)),
  };

  readonly journal = {
    add: (
      category: string,
      text: string,
      options: { redactSecrets?: boolean; source?: string } = {},
    ): Promise<JournalAddResult> =>
      this.whenEnabled(() => addJournalEntry(this.context, category, text, options)),
    readTopic: (topic: string): Promise<TopicRead> => this.whenEnabled(() => readTopic(this.context, topic)),
    topics: (): Promise<string[]> => this.whenEnabled(() => listTopics(this.context)),
  };

  /** Conversation memory: one transcript per session, searched by recall message by message. */
  readonly conversations = {
    add: (
      session: string,
      messages: readonly ConversationMessage[],
      options: { redactSecrets?: boolean } = {},
    ): Promise<ConversationAddResult> =>
      this.whenEnabled(() => addConversationMessages(this.context, session, messages, options)),
    read: (session: string): Promise<ConversationRead> =>
      this.whenEnabled(() => readConversation(this.context, session)),
  };

  readonly daily = {
    recent: (): Promise<DailyLog[]> => this.whenEnabled(() => loadRecentDailies(this.context)),
    /** Every log still in daily/, newest first (older ones are in archive/daily/). */
    list: (): Promise<DailyLog[]> => this.whenEnabled(() => listDailies(this.context)),
  };

  /** What budgets, capacity, removals and deletions moved out of files, and putting it back. */
  readonly archive = {
    /** Archived chunks, newest first, a page at a time (default: the 100 newest). */
    list: (options: { offset?: number; limit?: number } = {}): Promise<ArchiveListing> =>
      this.whenEnabled(() => listArchive(this.context, options)),
    /** Moves one chunk back where it came from (a typed memory, or profile sections). */
    restore: (target: { path: string; id: string }): Promise<RestoreResult> =>
      this.whenEnabled(() => restoreFromArchive(this.context, target)),
  };

  /** What each recorded session was given and what it wrote (.sessions/, newest 100 kept). */
  readonly sessions = {
    list: (options: { limit?: number } = {}): Promise<SessionSummary[]> =>
      this.whenEnabled(() => listSessionLogs(this.store, { ...options, warn: this.context.warn })),
    get: (sessionId: string): Promise<SessionLog> =>
      this.whenEnabled(() => readSessionLog(this.store, sessionId)),
  };

  /** Budgets, counts, the index's state, pending extractions and the last session, for `mnemo status`. */
  status(): Promise<HomeStatus> {
    return this.whenEnabled(() => homeStatus(this.context));
  }

  /**
   * Hybrid search (BM25 + vectors) over everything in the home. The index under .index/ catches up
   * with the files first, so a change made by hand or by another process is found. Hits on typed
   * memories carry their age, and a staleness note when older than a day; hits on messages carry
   * their conversation and the turns around them.
   */
  recall(query: string, options: RecallQueryOptions = {}): Promise<RecallResult> {
    return this.whenEnabled(async () => {
      const around = turnsAroundOf(options);
      const search = await this.openSearch();
      const filter = {
        memoryType: options.type === undefined ? undefined : parseMemoryType(String(options.type)),
        kind: options.kind,
        path: options.file,
        since: options.since,
        until: options.until,
      };
      const result = await search.recall(query, { limit: options.limit, filter, signal: options.signal });
      const hits = await withTurnsAround(this.store, await this.withAges(result.hits), around);
      return { ...result, hits };
    });
  }

  private async withAges(hits: RecallResult["hits"]): Promise<RecallResult["hits"]> {
    const memoryPaths = hits.filter((hit) => hit.kind === "memory").map((hit) => hit.path);
    if (memoryPaths.length === 0) return hits;
    const ages = await memoryAges(this.context, memoryPaths);
    return hits.map((hit) => {
      const age = ages.get(hit.path);
      if (age === undefined) return hit;
      return {
        ...hit,
        ageDays: age.ageDays,
        ...(age.staleness === undefined ? {} : { staleness: age.staleness }),
      };
    });
  }

  /** Brings the search index in step with the files (what changed only); returns the documents changed. */
  syncIndex(options: { signal?: AbortSignal } = {}): Promise<number> {
    return this.whenEnabled(async () =>
      (await this.openSearch()).sync({ force: true, signal: options.signal }),
    );
  }

  /** Rebuilds the search index from the files; returns the number of documents indexed. */
  reindex(
    options: { onProgress?: (progress: ReindexProgress) => void; signal?: AbortSignal } = {},
  ): Promise<number> {
    return this.whenEnabled(async () => (await this.openSearch()).reindex(options));
  }

  /** Releases the search index and the embedding model (the files need no closing). */
  async close(): Promise<void> {
    const search = this.search;
    this.search = undefined;
    if (search) await (await search).close();
  }

  private openSearch(): Promise<MemorySearch> {
    this.search ??= this.parts.openSearch().catch((error: unknown) => {
      this.search = undefined;
      throw error;
    });
    return this.search;
  }

  /**
   * Writes SOUL.md from onboarding answers; an existing one is kept unless `overwrite` is set. A
   * credential in an answer is refused, or redacted with `redactSecrets` (default: the `secrets` setting).
   */
  onboard(
    answers: SoulAnswers,
    options: { overwrite?: boolean; redactSecrets?: boolean } = {},
  ): Promise<{ path: string; written: boolean }> {
    return this.whenEnabled(() =>
      this.store.transaction(async (writer) => {
        if (!options.overwrite && (await writer.read(SOUL_PATH)) !== undefined)
          return { path: SOUL_PATH, written: false };
        const mode = secretMode(this.config.secrets, options.redactSecrets);
        await writer.write(SOUL_PATH, renderSoul(guardSoulAnswers(answers, mode)));
        return { path: SOUL_PATH, written: true };
      }),
    );
  }

  /**
   * The home's Markdown tree (docs/format.md): every file of SOUL.md, USER.md, MEMORY.md, memories/,
   * topics/, daily/ and archive/ with its text, what `mnemo export` writes. Derived state is left out.
   */
  readTree(): Promise<HomeTree> {
    return this.whenEnabled(() => readHomeTree(this.store));
  }

  /**
   * Loads a Markdown tree into the home in one transaction, all or nothing, after checking it whole
   * (layout, typed memories, credentials). A replaced file's old text goes to the archive; with
   * `dryRun` nothing is written and the report says what would change.
   */
  importTree(files: readonly TreeFile[], options: ImportTreeOptions = {}): Promise<ImportReport> {
    return this.whenEnabled(() => importTree(this.context, files, options));
  }

  /** Checks every file of the home; with `fix`, repairs what can be repaired without losing anything. */
  doctor(options: { fix?: boolean } = {}): Promise<DoctorReport> {
    return this.whenEnabled(() => runDoctor(this.context, options));
  }

  /** Async, so that a validation error thrown before any I/O still arrives as a rejected promise. */
  private async whenEnabled<T>(work: () => Promise<T>): Promise<T> {
    if (!this.enabled) {
      throw new MnemoError(
        "DISABLED",
        "Memory is disabled (enabled: false in config.json or MNEMO_ENABLED=0); nothing was read or written.",
      );
    }
    return work();
  }
}

function turnsAroundOf(options: RecallQueryOptions): number {
  const around = options.around ?? 1;
  if (!Number.isInteger(around) || around < 0 || around > MAX_TURNS_AROUND) {
    throw new MnemoError(
      "INVALID_INPUT",
      `around must be a whole number of turns from 0 to ${MAX_TURNS_AROUND}, not ${around}.`,
    );
  }
  return around;
}

const MAX_TURNS_AROUND = 20;
