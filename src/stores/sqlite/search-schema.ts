/** Schema of the SQLite search index (`.index/search.sqlite`). Bump SCHEMA_VERSION to rebuild. */
export const SEARCH_SCHEMA_VERSION = 1;

export const SEARCH_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
  path TEXT PRIMARY KEY,
  hash TEXT NOT NULL,
  mtime_ms REAL NOT NULL,
  size INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  locator TEXT NOT NULL,
  line INTEGER NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  memory_type TEXT,
  date TEXT,
  text_hash TEXT NOT NULL,
  has_vector INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS chunks_by_path ON chunks(path);
CREATE INDEX IF NOT EXISTS chunks_without_vector ON chunks(has_vector) WHERE has_vector = 0;
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
  title, text, content='chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS chunks_after_insert AFTER INSERT ON chunks BEGIN
  INSERT INTO chunks_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER IF NOT EXISTS chunks_after_delete AFTER DELETE ON chunks BEGIN
  INSERT INTO chunks_fts(chunks_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
END;
CREATE TABLE IF NOT EXISTS embedding_cache (text_hash TEXT PRIMARY KEY, vector BLOB NOT NULL);
`;

export function vectorTableSql(dimensions: number): string {
  return `CREATE VIRTUAL TABLE IF NOT EXISTS chunk_vectors USING vec0(embedding float[${dimensions}] distance_metric=cosine)`;
}
