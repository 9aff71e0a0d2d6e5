import type Database from "better-sqlite3";

/**
 * Schema of the SQLite search index (`.index/search.sqlite`). Bump SEARCH_SCHEMA_VERSION when it
 * changes: an index of another version is rebuilt from the files, keeping its embedding cache.
 *
 * Since version 2 each chunk's exact vector is kept once, in the embedding cache (by the hash of its
 * text), and the nearest-neighbour search runs in memory (src/vector-index/). Version 3 adds each
 * chunk's quantised record, so loading that index is one read of about 600 bytes a chunk, with
 * nothing to compute. Version 1 kept every vector in a sqlite-vec table, whose exact scan was too
 * slow for large homes (docs/retrieval.md).
 */
export const SEARCH_SCHEMA_VERSION = 3;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
  path TEXT PRIMARY KEY,
  hash TEXT NOT NULL,
  mtime_ms REAL NOT NULL,
  size INTEGER NOT NULL
);
-- AUTOINCREMENT: an id is never used twice, so a reader that holds vectors by id can tell a new
-- chunk from one it already has.
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  locator TEXT NOT NULL,
  line INTEGER NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  memory_type TEXT,
  date TEXT,
  text_hash TEXT NOT NULL,
  -- 1 when embedding_cache holds the vector of text_hash, and quantized_vectors its record
  has_vector INTEGER NOT NULL DEFAULT 0
);
-- The in-memory vector index's record of each chunk that has a vector (src/vector-index/).
CREATE TABLE IF NOT EXISTS quantized_vectors (chunk_id INTEGER PRIMARY KEY, record BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_by_path ON chunks(path);
CREATE INDEX IF NOT EXISTS chunks_without_vector ON chunks(has_vector) WHERE has_vector = 0;
CREATE INDEX IF NOT EXISTS chunks_with_vector ON chunks(id) WHERE has_vector = 1;
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
  title, text, content='chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS chunks_after_insert AFTER INSERT ON chunks BEGIN
  INSERT INTO chunks_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER IF NOT EXISTS chunks_after_delete AFTER DELETE ON chunks BEGIN
  INSERT INTO chunks_fts(chunks_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
  DELETE FROM quantized_vectors WHERE chunk_id = old.id;
END;
CREATE TABLE IF NOT EXISTS embedding_cache (text_hash TEXT PRIMARY KEY, vector BLOB NOT NULL);
`;

/** Tables of every version that hold only what the files give back; the cache and meta are kept. */
const REBUILT_TABLES = ["chunks_fts", "quantized_vectors", "chunks", "documents"];

/** Creates the schema, or brings an index of another version to this one. */
export function prepareSearchSchema(database: Database.Database): void {
  const version = Number(database.pragma("user_version", { simple: true }));
  if (version !== 0 && version !== SEARCH_SCHEMA_VERSION) {
    removeSqliteVecTables(database);
    for (const table of REBUILT_TABLES) database.exec(`DROP TABLE IF EXISTS ${table}`);
  }
  database.exec(SCHEMA);
  database.pragma(`user_version = ${SEARCH_SCHEMA_VERSION}`);
}

/**
 * Version 1's vectors lived in a sqlite-vec (`vec0`) virtual table. Without that extension SQLite
 * cannot DROP it, so its schema entry is deleted directly (writable_schema, the way SQLite's
 * documentation gives to remove a virtual table whose module is missing) and its shadow tables,
 * ordinary tables named after it, are dropped.
 */
function removeSqliteVecTables(database: Database.Database): void {
  const virtualTables = database
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING vec0%'",
    )
    .pluck()
    .all() as string[];
  if (virtualTables.length === 0) return;
  database.unsafeMode(true);
  try {
    database.pragma("writable_schema = ON");
    for (const name of virtualTables) database.prepare("DELETE FROM sqlite_schema WHERE name = ?").run(name);
    database.pragma("writable_schema = RESET");
  } finally {
    database.pragma("writable_schema = OFF");
    database.unsafeMode(false);
  }
  for (const name of virtualTables) {
    const shadows = database
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND substr(name, 1, ?) = ?")
      .pluck()
      .all(name.length + 1, `${name}_`) as string[];
    for (const shadow of shadows) database.exec(`DROP TABLE IF EXISTS "${shadow.replaceAll('"', '""')}"`);
  }
}
