import type { ChatModel } from "./contracts/chat-model.js";
import type { EmbeddingModel } from "./contracts/embedding-model.js";
import { createChatModel } from "./create-chat-model.js";
import { createEmbeddingModel } from "./create-embedding-model.js";
import type { MnemoConfig } from "./engine/config/schema.js";
import type { HomeContext } from "./engine/home/home-context.js";
import { checkAuthor } from "./engine/memdir/memory-author.js";
import { MemoryHome } from "./engine/memory-home.js";
import { MemorySearch } from "./engine/search/memory-search.js";
import { rankingSettings } from "./engine/search/ranking-pipeline.js";
import { fileBackend, type HomeBackend, postgresBackend } from "./home-backends.js";
import { type LoadConfigOptions, loadConfig } from "./load-config.js";
import { writeWarning } from "./rules/write-warning.js";

/**
 * The composition root: the one place that chooses backends and wires them into the engine. A home
 * in a folder gets the file store, SQLite's search index and message store; a home in a PostgreSQL
 * database (`store: "postgres://..."` with a `homeId`) gets the PostgreSQL adapters, scoped by that
 * id (home-backends.ts). Either gets the embedding model of its config, or the caller's own.
 */
export interface OpenMemoryOptions extends LoadConfigOptions {
  /** The clock used for timestamps and daily logs (tests pass a fixed one). */
  now?: () => Date;
  /** Where warnings about hand-edited files go; default: stderr. */
  onWarning?: (message: string) => void;
  /** An embedding model of the program's own (any EmbeddingModel); default: the one `search.embedder` names. */
  embedder?: EmbeddingModel;
  /** The chat model an LLM rerank of recall uses (any ChatModel); default: the one `llm` names, made on first use. */
  chatModel?: ChatModel;
  /** A PostgreSQL database (`postgres://user@host:port/database`) instead of the home folder; wins over config `store` and MNEMO_STORE. */
  store?: string;
  /** Which home of that database, e.g. "acme/user-42"; wins over config `homeId` and MNEMO_HOME_ID. */
  homeId?: string;
  /** Who writes through this handle (e.g. "claude-code"): every typed-memory save records it as `agent`. */
  agent?: string;
  /** The run or session it writes in: recorded as `run`. */
  run?: string;
}

/**
 * Opens a memory home: loads and validates the config (from the home folder's config.json, the
 * environment and the options), prepares the storage (the folder, or the database's tables) unless
 * memory is disabled, in which case nothing is touched, and returns the handle every surface uses.
 */
export async function openMemory(options: OpenMemoryOptions = {}): Promise<MemoryHome> {
  const overrides = Object.fromEntries(
    Object.entries({ store: options.store, homeId: options.homeId }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const author = checkAuthor({ agent: options.agent, run: options.run });
  const { home, config } = await loadConfig({ ...options, config: { ...options.config, ...overrides } });
  const warn = options.onWarning ?? writeWarning;
  const backend =
    config.store === undefined
      ? fileBackend(home, config, warn)
      : await postgresBackend(config.store, config.homeId as string, config);
  if (config.enabled) await backend.open();
  const context: HomeContext = {
    store: backend.store,
    config,
    now: options.now ?? (() => new Date()),
    warn,
    inspectSearchIndex: backend.inspectSearchIndex,
    author,
  };
  const env = options.env ?? process.env;
  return new MemoryHome(context, {
    home: backend.location,
    openSearch: () => openSearch(context, { backend, embedder: options.embedder, env }),
    messageStore: () => backend.messageStore(),
    loadChatModel: async () => options.chatModel ?? createChatModel(config.llm, env),
  });
}

/** The backend's search index, with the embedding model of the config or the caller. */
async function openSearch(
  context: HomeContext,
  options: { backend: HomeBackend; embedder: EmbeddingModel | undefined; env: NodeJS.ProcessEnv },
): Promise<MemorySearch> {
  const index = await options.backend.openIndex();
  const search = new MemorySearch({
    reader: context.store,
    index,
    embeddingCache: index,
    loadEmbedder: embedderLoader(context.config, options),
    // The same settings `mnemo eval retrieval` ranks with (ranking-pipeline.ts).
    ...rankingSettings(context.config.search),
    fullScanIntervalMs: context.config.search.fullScanIntervalMs,
    warn: context.warn,
    now: context.now,
  });
  await search.open();
  return search;
}

function embedderLoader(
  config: MnemoConfig,
  options: { embedder: EmbeddingModel | undefined; env: NodeJS.ProcessEnv },
): (() => Promise<EmbeddingModel>) | undefined {
  const { embedder } = options;
  if (embedder) return async () => embedder;
  if (config.search.embedder === "none") return undefined;
  return () => createEmbeddingModel(config.search, options.env);
}
