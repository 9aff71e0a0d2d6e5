/**
 * `mnemo/sqlite`: the embedded stores, for callers who wire them themselves. Importing this entry
 * loads nothing native until a store is opened.
 */
export type { SqliteMessageStoreOptions } from "./adapters/sqlite/sqlite-message-store.js";
export { MESSAGE_STORE_PATH, SqliteMessageStore } from "./adapters/sqlite/sqlite-message-store.js";
export type { SqliteSearchIndexOptions } from "./adapters/sqlite/sqlite-search-index.js";
export { SqliteSearchIndex } from "./adapters/sqlite/sqlite-search-index.js";
