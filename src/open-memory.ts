import { join } from "node:path";
import { FsDocumentStore } from "./adapters/fs/fs-document-store.js";
import type { EmbeddingModel } from "./contracts/embedding-model.js";
import { createEmbeddingModel } from "./create-embedding-model.js";
import { type LoadConfigOptions, loadConfig } from "./engine/config/load-config.js";
import type { MnemoConfig } from "./engine/config/schema.js";
import type { HomeContext } from "./engine/home/home-context.js";
import { SEARCH_INDEX_FILE } from "./engine/home/layout.js";
import { MemoryHome } from "./engine/memory-home.js";
import { MemorySearch } from "./engine/search/memory-search.js";
import { feedbackOptions, fusionOptions } from "./engine/search/search-options.js";

/**
 * The composition root: the one place that chooses backends and wires them into the engine. A home
 * in a folder gets the file store, SQLite's search index (imported on first recall, so importing
 * mnemo loads no native module) and the embedding model of its config, or the caller's own.
 */
export interface OpenMemoryOptions extends LoadConfigOptions {
  /** The clock used for timestamps and daily logs (tests pass a fixed one). */
  now?: () => Date;
  /** Where warnings about hand-edited files go; default: stderr. */
  onWarning?: (message: string) => void;
  /** An embedding model of the program's own (any EmbeddingModel); default: the one `search.embedder` names. */
  embedder?: EmbeddingModel;
}

/**
 * Opens a memory home: loads and validates the config, creates the home folder (unless memory is
 * disabled, in which case no file is touched) and returns the handle every surface uses.
 */
export async function openMemory(options: OpenMemoryOptions = {}): Promise<MemoryHome> {
  const { home, config } = await loadConfig(options);
  const warn =
    options.onWarning ?? ((message: string) => process.stderr.write(`mnemo: warning: ${message}\n`));
  const store = new FsDocumentStore({ home, lockTimeoutMs: config.lockTimeoutMs, warn });
  if (config.enabled) await store.open();
  const context: HomeContext = {
    store,
    config,
    now: options.now ?? (() => new Date()),
    warn,
    inspectSearchIndex: async () => {
      const { inspectFileSearchIndex } = await import("./adapters/sqlite/inspect-file-search-index.js");
      return inspectFileSearchIndex(home);
    },
  };
  const env = options.env ?? process.env;
  return new MemoryHome(context, {
    home,
    openSearch: () => openFileSearch(context, { home, embedder: options.embedder, env }),
  });
}

/** SQLite's index in the home's .index folder, with the embedding model of the config or the caller. */
async function openFileSearch(
  context: HomeContext,
  options: { home: string; embedder: EmbeddingModel | undefined; env: NodeJS.ProcessEnv },
): Promise<MemorySearch> {
  const { SqliteSearchIndex } = await import("./adapters/sqlite/sqlite-search-index.js");
  const index = new SqliteSearchIndex({
    path: join(options.home, ...SEARCH_INDEX_FILE.split("/")),
    home: options.home,
    warn: context.warn,
  });
  const search = new MemorySearch({
    reader: context.store,
    index,
    embeddingCache: index,
    loadEmbedder: embedderLoader(context.config, options),
    fusion: fusionOptions(context.config.search),
    feedback: feedbackOptions(context.config.search),
    fullScanIntervalMs: context.config.search.fullScanIntervalMs,
    recency: {
      weight: context.config.search.recencyWeight,
      halfLifeDays: context.config.search.recencyHalfLifeDays,
    },
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
