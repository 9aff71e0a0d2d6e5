/**
 * `mnemo/sqlite`: the embedded stores, for callers who wire them themselves. Importing this entry
 * loads nothing native until a store is opened.
 */
export type { SqliteMessageStoreOptions } from "./stores/sqlite/sqlite-message-store.js";
export { MESSAGE_STORE_PATH, SqliteMessageStore } from "./stores/sqlite/sqlite-message-store.js";
export type { SqliteSearchIndexOptions } from "./stores/sqlite/sqlite-search-index.js";
export { SqliteSearchIndex } from "./stores/sqlite/sqlite-search-index.js";
