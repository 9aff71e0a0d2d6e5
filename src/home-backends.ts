import { join } from "node:path";
import { FsDocumentStore } from "./adapters/fs/fs-document-store.js";
import type { SqlClient } from "./adapters/postgres/sql-client.js";
import type { DocumentStore } from "./contracts/document-store.js";
import type { EmbeddingCache } from "./contracts/embedding-cache.js";
import type { MessageStore } from "./contracts/message-store.js";
import type { SearchIndex, SearchIndexInspection } from "./contracts/search-index.js";
import type { MnemoConfig } from "./engine/config/schema.js";
import { SEARCH_INDEX_FILE } from "./rules/home-layout.js";

/**
 * Where a home lives, as the composition root wires it: a folder (the file store, SQLite's index
 * and message store, imported on first use so importing mnemo loads no native module), or a home
 * id in a PostgreSQL database (every adapter scoped by that id; pg is imported on first use, and
 * one pool per database URL serves every home of this process).
 */
export interface HomeBackend {
  /** For a person: the folder, or `<database URL without password>#<home id>`. */
  location: string;
  store: DocumentStore;
  /** Prepares the storage (creates the folder, or the database's tables); not called when memory is disabled. */
  open(): Promise<void>;
  openIndex(): Promise<SearchIndex & EmbeddingCache>;
  messageStore(): Promise<MessageStore>;
  inspectSearchIndex?: () => Promise<SearchIndexInspection>;
}

export function fileBackend(home: string, config: MnemoConfig, warn: (message: string) => void): HomeBackend {
  const store = new FsDocumentStore({ home, lockTimeoutMs: config.lockTimeoutMs, warn });
  return {
    location: home,
    store,
    open: () => store.open(),
    openIndex: async () => {
      const { SqliteSearchIndex } = await import("./adapters/sqlite/sqlite-search-index.js");
      return new SqliteSearchIndex({
        path: join(home, ...SEARCH_INDEX_FILE.split("/")),
        home,
        warn,
        termGathering: config.search.bm25Terms,
      });
    },
    messageStore: async () => {
      const { MESSAGE_STORE_PATH, SqliteMessageStore } = await import(
        "./adapters/sqlite/sqlite-message-store.js"
      );
      return new SqliteMessageStore({ home, path: join(home, MESSAGE_STORE_PATH) });
    },
    inspectSearchIndex: async () => {
      const { inspectFileSearchIndex } = await import("./adapters/sqlite/inspect-file-search-index.js");
      return inspectFileSearchIndex(home);
    },
  };
}

const postgresClients = new Map<string, Promise<SqlClient>>();

/** One pool per database URL for the whole process; idle connections do not keep it alive. */
export function postgresClient(url: string): Promise<SqlClient> {
  let client = postgresClients.get(url);
  if (!client) {
    client = import("./adapters/postgres/pg-pool-client.js").then(
      ({ PgPoolClient }) => new PgPoolClient({ url }),
    );
    postgresClients.set(url, client);
  }
  return client;
}

export async function postgresBackend(
  url: string,
  homeId: string,
  config: MnemoConfig,
): Promise<HomeBackend> {
  const client = await postgresClient(url);
  const [
    { PostgresDocumentStore },
    { PostgresSearchIndex },
    { PostgresMessageStore },
    { POSTGRES_SCHEMA_VERSION },
  ] = await Promise.all([
    import("./adapters/postgres/postgres-document-store.js"),
    import("./adapters/postgres/postgres-search-index.js"),
    import("./adapters/postgres/postgres-message-store.js"),
    import("./adapters/postgres/postgres-schema.js"),
  ]);
  const lockTimeoutMs = config.lockTimeoutMs;
  const store = new PostgresDocumentStore({ client, homeId, lockTimeoutMs });
  const openIndex = async () => new PostgresSearchIndex({ client, homeId, lockTimeoutMs });
  return {
    location: `${client.location}#${homeId}`,
    store,
    open: () => store.open(),
    openIndex,
    messageStore: async () => new PostgresMessageStore({ client, homeId }),
    // The database keeps its own integrity: the index is ready; doctor says how far behind it is.
    inspectSearchIndex: async () => {
      const index = await openIndex();
      await index.open();
      const [documentStates, counts] = [await index.documentStates(), await index.stats()];
      return { state: "ready", schemaVersion: POSTGRES_SCHEMA_VERSION, documentStates, counts };
    },
  };
}
