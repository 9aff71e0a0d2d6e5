import type Database from "better-sqlite3";

/**
 * Schema of the SQLite search index (`.index/search.sqlite`). Bump SEARCH_SCHEMA_VERSION when it
 * changes: an index of another version is rebuilt from the files, keeping its embedding cache.
 *
 * Since version 2 each chunk's exact vector is kept once, in the embedding cache (by the hash of its
 * text), and the nearest-neighbour search runs in memory (src/adapters/vector-index/). Version 3 adds each
 * chunk's quantised record, so loading that index is one read of about 600 bytes a chunk, with
 * nothing to compute. Version 1 kept every vector in a sqlite-vec table, whose exact scan was too
 * slow for large homes (docs/retrieval.md). Version 4 records each document's change stamp (inode
 * and change time), so an edit that keeps the size and restores the modification time is seen; and
 * marks the file as mnemo's (SQLite's application_id), so another program's database is told apart.
 * Version 5 keeps a typed memory's whole `updated` time, so recall reads no file to give a hit's age.
 * Version 6 indexes chunks by date, so a time window's chunks (a query's "last month") are read by range.
 */
export const SEARCH_SCHEMA_VERSION = 6;

/** "mnem" in SQLite's application_id header field. */
export const SEARCH_INDEX_APPLICATION_ID = 0x6d6e656d;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
  path TEXT PRIMARY KEY,
  hash TEXT NOT NULL,
  mtime_ms REAL NOT NULL,
  size INTEGER NOT NULL,
  change_stamp TEXT
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
  updated TEXT,
  text_hash TEXT NOT NULL,
  -- 1 when embedding_cache holds the vector of text_hash, and quantized_vectors its record
  has_vector INTEGER NOT NULL DEFAULT 0
);
-- The in-memory vector index's record of each chunk that has a vector (src/adapters/vector-index/).
CREATE TABLE IF NOT EXISTS quantized_vectors (chunk_id INTEGER PRIMARY KEY, record BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_by_path ON chunks(path);
CREATE INDEX IF NOT EXISTS chunks_by_date ON chunks(date);
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
/** What a file of this version holds; one without them all is brought back to it. */
const CURRENT_TABLES = ["meta", "embedding_cache", ...REBUILT_TABLES];
/** Indexes written before the application_id are recognised by these. */
const FIRST_TABLES = ["meta", "documents", "chunks"];

/** What the schema check reads from a file's header and schema. */
export interface SchemaFacts {
  applicationId: number;
  version: number;
  /** Tables, SQLite's own (sqlite_*) left out. */
  tables: string[];
}

/**
 * ready: nothing to do. create: a new, empty file. migrate: mnemo's index of another version, or
 * with tables missing: rebuilt in place, keeping the embedding cache. foreign: not mnemo's index
 * (another program's database): the caller moves it aside.
 */
export type SchemaVerdict = "ready" | "create" | "migrate" | "foreign";

export function schemaVerdict(facts: SchemaFacts): SchemaVerdict {
  const { applicationId, version, tables } = facts;
  if (applicationId === SEARCH_INDEX_APPLICATION_ID) {
    const complete = CURRENT_TABLES.every((table) => tables.includes(table));
    return version === SEARCH_SCHEMA_VERSION && complete ? "ready" : "migrate";
  }
  if (applicationId !== 0) return "foreign";
  if (version === 0 && tables.length === 0) return "create";
  const earlier = version < SEARCH_SCHEMA_VERSION && FIRST_TABLES.every((table) => tables.includes(table));
  return earlier ? "migrate" : "foreign";
}

export function readSchemaFacts(database: Database.Database): SchemaFacts {
  return {
    applicationId: Number(database.pragma("application_id", { simple: true })),
    version: Number(database.pragma("user_version", { simple: true })),
    tables: database
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
      )
      .pluck()
      .all() as string[],
  };
}

/**
 * Creates the schema, or brings an index of another version to this one. The usual open finds it
 * ready with one read and takes no write lock; otherwise the check is made again inside an
 * IMMEDIATE transaction, so processes opening a new file at once create it once, in turn. Returns
 * false, changing nothing, when the file is not mnemo's index.
 */
export function prepareSearchSchema(database: Database.Database): boolean {
  if (schemaVerdict(readSchemaFacts(database)) === "ready") return true;
  return database
    .transaction(() => {
      const verdict = schemaVerdict(readSchemaFacts(database));
      if (verdict === "foreign") return false;
      if (verdict === "migrate") {
        removeSqliteVecTables(database);
        for (const table of REBUILT_TABLES) database.exec(`DROP TABLE IF EXISTS ${table}`);
      }
      if (verdict !== "ready") {
        database.exec(SCHEMA);
        database.pragma(`user_version = ${SEARCH_SCHEMA_VERSION}`);
        database.pragma(`application_id = ${SEARCH_INDEX_APPLICATION_ID}`);
      }
      return true;
    })
    .immediate();
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
