import type { ChatModel } from "../contracts/chat-model.js";
import type { DocumentStore } from "../contracts/document-store.js";
import type { MessageStore } from "../contracts/message-store.js";
import { SOUL_PATH } from "../rules/home-layout.js";
import type { TreeFile } from "../rules/tree-layout.js";
import type { MnemoConfig } from "./config/schema.js";
import {
  buildContext,
  type ContextParts,
  type CoreMemory,
  contextLimits,
  loadCoreMemory,
  readContextParts,
} from "./context/load-context.js";
import { type DoctorReport, runDoctor } from "./doctor/doctor.js";
import type { HomeContext } from "./home/home-context.js";
import { whenEnabled } from "./home/when-enabled.js";
import {
  type ArchiveOperations,
  archiveOperations,
  type ConversationOperations,
  conversationOperations,
  type DailyOperations,
  dailyOperations,
  type JournalOperations,
  journalOperations,
  type MemoryOperations,
  memoryOperations,
  type ProfileOperations,
  profileOperations,
  type SessionOperations,
  sessionOperations,
} from "./home-operations.js";
import { checkAuthor, type MemoryAuthor } from "./memdir/memory-author.js";
import { DEFAULT_SOUL_ANSWERS, type SoulAnswers } from "./onboarding/soul-template.js";
import { writeSoul } from "./onboarding/write-soul.js";
import { type RecallQueryOptions, recallHome } from "./search/home-recall.js";
import type { MemorySearch, RecallResult, ReindexProgress, VectorProgress } from "./search/memory-search.js";
import { RecallReranker } from "./search/recall-reranker.js";
import { type HomeStatus, homeStatus } from "./status/home-status.js";
import {
  type HomeTree,
  type ImportReport,
  type ImportTreeOptions,
  importTree,
  readHomeTree,
} from "./transfer/home-tree.js";

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
  /** Makes the chat model an LLM rerank uses, on the first recall that asks for one. */
  loadChatModel?: () => Promise<ChatModel>;
  /** The search belongs to another handle (a `writingAs` view): close() leaves it open. */
  sharesSearch?: boolean;
}

export class MemoryHome {
  /** The home folder's absolute path, or `<database URL>#<home id>` for a home in a database. */
  readonly home: string;
  private readonly context: HomeContext;
  private readonly parts: MemoryHomeParts;
  private search: Promise<MemorySearch> | undefined;
  private readonly reranker: RecallReranker;

  readonly profile: ProfileOperations;
  readonly memories: MemoryOperations;
  readonly journal: JournalOperations;
  /** Conversation memory: one transcript per session, searched by recall message by message. */
  readonly conversations: ConversationOperations;
  readonly daily: DailyOperations;
  /** What budgets, capacity, removals and deletions moved out of files, and putting it back. */
  readonly archive: ArchiveOperations;
  /** What each recorded session was given and what it wrote (.sessions/, newest 100 kept). */
  readonly sessions: SessionOperations;

  constructor(context: HomeContext, parts: MemoryHomeParts) {
    this.context = context;
    this.home = parts.home;
    this.parts = parts;
    this.profile = profileOperations(context);
    this.memories = memoryOperations(context, { loadChatModel: parts.loadChatModel });
    this.journal = journalOperations(context);
    this.conversations = conversationOperations(context);
    this.daily = dailyOperations(context);
    this.archive = archiveOperations(context);
    this.sessions = sessionOperations(context);
    this.reranker = new RecallReranker({
      search: context.config.search,
      temperature: context.config.llm.temperature,
      loadModel: parts.loadChatModel,
      warn: context.warn,
    });
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

  /**
   * The layers of the frozen context as read, unfitted, with the limits of this home's config: what
   * a stack of homes (ScopeStack) fits into one budget with the other layers'. Empty when disabled.
   */
  async contextParts(options: { defaultIdentity?: boolean } = {}): Promise<ContextParts> {
    if (!this.enabled) {
      return {
        limits: contextLimits(this.config),
        layers: { soul: "", user: "", notes: "", index: [], journal: [], dailies: [] },
      };
    }
    if (options.defaultIdentity === true && (await this.store.read(SOUL_PATH)) === undefined)
      await this.onboard(DEFAULT_SOUL_ANSWERS);
    return readContextParts(this.context);
  }

  loadCoreMemory(): Promise<CoreMemory> {
    if (!this.enabled) return Promise.resolve({ text: "", shownLines: 0, totalLines: 0, truncated: false });
    return loadCoreMemory(this.context);
  }

  /** Budgets, counts, the index's state, pending extractions and the last session, for `mnemo status`. */
  status(): Promise<HomeStatus> {
    return this.whenEnabled(() => homeStatus(this.context));
  }

  /**
   * Hybrid search (BM25 + vectors) over everything in the home. The index under .index/ catches up
   * with the files first, so a change made by hand or by another process is found. Hits on typed
   * memories carry their age, and a staleness note when older than a day; hits on messages carry
   * their conversation and the turns around them. With `rerank` (or search.rerank "llm") the chat
   * model reorders the best hits; if it cannot, the fused order stands and `rerank.warning` says why.
   */
  recall(query: string, options: RecallQueryOptions = {}): Promise<RecallResult> {
    const parts = { openSearch: () => this.openSearch(), reranker: this.reranker };
    return this.whenEnabled(() => recallHome(this.context, parts, query, options));
  }

  /** Brings the search index in step with the files (what changed only); returns the documents changed. */
  syncIndex(options: { signal?: AbortSignal } = {}): Promise<number> {
    return this.whenEnabled(async () =>
      (await this.openSearch()).sync({ force: true, signal: options.signal }),
    );
  }

  /**
   * Waits until every chunk of the search index has its vector. A search answers before that, by
   * BM25 and the vectors there are (its result's `indexing` says how far they are), while the rest
   * are filled in the background; `mnemo recall` waits here, with progress, after it printed its
   * answer. At once when nothing is missing, or no embedding model is configured.
   */
  finishIndexing(options: { onProgress?: (progress: VectorProgress) => void } = {}): Promise<void> {
    return this.whenEnabled(async () => (await this.openSearch()).finishVectors(options));
  }

  /** Rebuilds the search index from the files; returns the number of documents indexed. */
  reindex(
    options: { onProgress?: (progress: ReindexProgress) => void; signal?: AbortSignal } = {},
  ): Promise<number> {
    return this.whenEnabled(async () => (await this.openSearch()).reindex(options));
  }

  /** Who writes through this handle: the agent and run every typed-memory save records. */
  get author(): MemoryAuthor {
    return { ...this.context.author };
  }

  /**
   * The same home, writing as another agent or run (two agents sharing one home, a server writing
   * for each request's agent): saves record `agent` and `run` as given (one left out is not
   * recorded). It shares this handle's search; closing it closes nothing, closing this one closes both.
   * With `replacesOnlyOwn`, its saves never write over a memory another agent (or nobody named)
   * wrote: consolidation compares with the agent's own memories only, and a save under the name of
   * another's, or its delete, is refused (INVALID_INPUT).
   */
  writingAs(author: MemoryAuthor, options: { replacesOnlyOwn?: boolean } = {}): MemoryHome {
    const checked = checkAuthor(author);
    return new MemoryHome(
      { ...this.context, author: checked, replacesOnlyOwn: options.replacesOnlyOwn === true },
      { ...this.parts, openSearch: () => this.openSearch(), sharesSearch: true },
    );
  }

  /** Releases the search index and the embedding model (the files need no closing). */
  async close(): Promise<void> {
    const search = this.search;
    this.search = undefined;
    if (search && !this.parts.sharesSearch) await (await search).close();
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
    return this.whenEnabled(() => writeSoul(this.context, answers, options));
  }

  /**
   * The home's tree (docs/export-import.md): every file of SOUL.md, USER.md, MEMORY.md, memories/,
   * topics/, daily/, conversations/, .pending/, .sessions/ and archive/ with its text, what
   * `mnemo export` writes. Derived state (.index/) is left out, and listed in `skipped`.
   */
  readTree(): Promise<HomeTree> {
    return this.whenEnabled(() => readHomeTree(this.store));
  }

  /**
   * Loads a tree into the home: each file is checked as a save checks what it stores (layout, names,
   * sizes, duplicates, frontmatter, credentials), a file that fails is refused with the reason, and
   * the rest is written in one transaction. A replaced file's old text goes to the archive; with
   * `dryRun` nothing is written and the report says what would change.
   */
  importTree(files: readonly TreeFile[], options: ImportTreeOptions = {}): Promise<ImportReport> {
    return this.whenEnabled(() => importTree(this.context, files, options));
  }

  /** Checks every file of the home; with `fix`, repairs what can be repaired without losing anything. */
  doctor(options: { fix?: boolean } = {}): Promise<DoctorReport> {
    return this.whenEnabled(() => runDoctor(this.context, options));
  }

  private whenEnabled<T>(work: () => Promise<T>): Promise<T> {
    return whenEnabled(this.context, work);
  }
}
