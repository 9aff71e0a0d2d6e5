import { errorMessage, MnemoError } from "../../errors.js";
import { LOCK_CLASS } from "./home-lock.js";
import type { SqlClient, SqlQueryable } from "./sql-client.js";

/**
 * mnemo's tables on PostgreSQL, all of them keyed by `home_id` first: every statement is scoped by
 * one home, and a deployment can partition the tables by home (`PARTITION BY HASH (home_id)`) or
 * distribute them (Citus, distribution column `home_id`) without a schema change. Created on first
 * open, in one transaction under an advisory lock, so processes that open a new database at once
 * create it once, in turn. Bump POSTGRES_SCHEMA_VERSION with a migration when the tables change.
 * Version 2 added the homes and tokens of a server of many homes; version 3 a chunk's `updated`
 * time (a typed memory's, so recall gives a hit's age without reading its document); version 4 a
 * token's `rights` (null: full rights); version 5 how many chunks hold each term (BM25's document
 * frequency, `mnemo_term_chunks`), filled from the postings on upgrade; version 6 an index of the
 * documents' paths in byte order (a save's name lookup reads the few paths of its prefixes, not
 * every row of memories/). Every
 * statement is idempotent, so migrating from an older version is running them all again.
 */
export const POSTGRES_SCHEMA_VERSION = 6;

const TABLES = [
  `CREATE TABLE IF NOT EXISTS mnemo_schema (
     singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton), version integer NOT NULL)`,
  // Change stamps of documents and folders: never reused, so a stamp tells any two writes apart.
  "CREATE SEQUENCE IF NOT EXISTS mnemo_change_stamps",
  `CREATE TABLE IF NOT EXISTS mnemo_documents (
     home_id text NOT NULL, path text NOT NULL, folder text NOT NULL, content bytea NOT NULL,
     modified_at timestamptz NOT NULL, change_stamp bigint NOT NULL, PRIMARY KEY (home_id, path))`,
  "CREATE INDEX IF NOT EXISTS mnemo_documents_by_folder ON mnemo_documents (home_id, folder)",
  `CREATE INDEX IF NOT EXISTS mnemo_documents_by_path_bytes ON mnemo_documents (home_id, path COLLATE "C")`,
  `CREATE TABLE IF NOT EXISTS mnemo_folders (
     home_id text NOT NULL, folder text NOT NULL, change_stamp bigint NOT NULL, PRIMARY KEY (home_id, folder))`,
  // The search index of each home: its vector model, and BM25's collection statistics.
  `CREATE TABLE IF NOT EXISTS mnemo_search_homes (
     home_id text PRIMARY KEY, vector_model text, vector_dimensions integer,
     chunk_count bigint NOT NULL DEFAULT 0, term_total bigint NOT NULL DEFAULT 0)`,
  `CREATE TABLE IF NOT EXISTS mnemo_indexed_documents (
     home_id text NOT NULL, path text NOT NULL, hash text NOT NULL, mtime_ms double precision NOT NULL,
     size bigint NOT NULL, change_stamp text, PRIMARY KEY (home_id, path))`,
  "CREATE SEQUENCE IF NOT EXISTS mnemo_chunk_ids",
  `CREATE TABLE IF NOT EXISTS mnemo_chunks (
     home_id text NOT NULL, id bigint NOT NULL, path text NOT NULL, kind text NOT NULL, locator text NOT NULL,
     line integer NOT NULL, title text NOT NULL, text text NOT NULL, memory_type text, date text,
     text_hash text NOT NULL, term_count integer NOT NULL, embedding vector,
     sign_code bit varying GENERATED ALWAYS AS (binary_quantize(embedding)) STORED, PRIMARY KEY (home_id, id))`,
  // Version 3. Existing chunks keep NULL (their age is read from the document) until reindexed.
  "ALTER TABLE mnemo_chunks ADD COLUMN IF NOT EXISTS updated text",
  // Kept in the row (compressed only when a row would not fit a page): a search reads no TOAST table.
  "ALTER TABLE mnemo_chunks ALTER COLUMN embedding SET STORAGE MAIN",
  // A home's sign codes side by side in one index: the vector search's prefilter reads them alone.
  `CREATE INDEX IF NOT EXISTS mnemo_chunks_sign_codes ON mnemo_chunks (home_id, id) INCLUDE (sign_code)
     WHERE embedding IS NOT NULL`,
  "CREATE INDEX IF NOT EXISTS mnemo_chunks_by_path ON mnemo_chunks (home_id, path)",
  "CREATE INDEX IF NOT EXISTS mnemo_chunks_without_vector ON mnemo_chunks (home_id, id) WHERE embedding IS NULL",
  // BM25's postings: how often each term occurs in each chunk, with the chunk's length in terms; the
  // key includes both, so scoring reads the index alone (a home's postings are scattered in the heap).
  `CREATE TABLE IF NOT EXISTS mnemo_chunk_terms (
     home_id text NOT NULL, term text NOT NULL, chunk_id bigint NOT NULL, frequency integer NOT NULL,
     chunk_length integer NOT NULL, PRIMARY KEY (home_id, term, chunk_id) INCLUDE (frequency, chunk_length))`,
  "CREATE INDEX IF NOT EXISTS mnemo_chunk_terms_by_chunk ON mnemo_chunk_terms (home_id, chunk_id)",
  // Version 5. How many chunks hold each term, kept in step with the postings by every index write:
  // a search reads one row a term instead of counting its postings (counting was half the search's
  // time at 3,000-9,000 postings a term, bench/postgres/serve-http.ts). Filled from the postings on
  // upgrade (recounted exactly, so running it again changes nothing).
  `CREATE TABLE IF NOT EXISTS mnemo_term_chunks (
     home_id text NOT NULL, term text NOT NULL, chunks bigint NOT NULL, PRIMARY KEY (home_id, term))`,
  `INSERT INTO mnemo_term_chunks (home_id, term, chunks)
     SELECT home_id, term, count(*) FROM mnemo_chunk_terms GROUP BY home_id, term
     ON CONFLICT (home_id, term) DO UPDATE SET chunks = excluded.chunks`,
  `CREATE TABLE IF NOT EXISTS mnemo_embedding_cache (
     home_id text NOT NULL, text_hash text NOT NULL, vector bytea NOT NULL, PRIMARY KEY (home_id, text_hash))`,
  "CREATE SEQUENCE IF NOT EXISTS mnemo_message_order",
  `CREATE TABLE IF NOT EXISTS mnemo_messages (
     home_id text NOT NULL, role_id text NOT NULL, id text NOT NULL,
     seq bigint NOT NULL DEFAULT nextval('mnemo_message_order'), role text NOT NULL, content text NOT NULL,
     cause_by text NOT NULL, sent_from text NOT NULL, send_to jsonb NOT NULL, created_at_ms bigint NOT NULL,
     content_hash text NOT NULL, embedding_model text, embedding bytea, PRIMARY KEY (home_id, role_id, id))`,
  "CREATE INDEX IF NOT EXISTS mnemo_messages_in_order ON mnemo_messages (home_id, role_id, seq)",
  "CREATE INDEX IF NOT EXISTS mnemo_messages_by_hash ON mnemo_messages (home_id, role_id, content_hash)",
  // A server of many homes: which homes exist, and the tokens (by hash) and the homes each may use.
  "CREATE TABLE IF NOT EXISTS mnemo_homes (home_id text PRIMARY KEY, created_at timestamptz NOT NULL)",
  "CREATE SEQUENCE IF NOT EXISTS mnemo_token_order",
  `CREATE TABLE IF NOT EXISTS mnemo_tokens (
     token_id text PRIMARY KEY, token_hash text NOT NULL UNIQUE, admin boolean NOT NULL, label text,
     created_at timestamptz NOT NULL, issued_order bigint NOT NULL DEFAULT nextval('mnemo_token_order'))`,
  `CREATE TABLE IF NOT EXISTS mnemo_token_homes (
     home_id text NOT NULL, token_id text NOT NULL REFERENCES mnemo_tokens ON DELETE CASCADE,
     position integer NOT NULL, PRIMARY KEY (home_id, token_id))`,
  "CREATE INDEX IF NOT EXISTS mnemo_token_homes_by_token ON mnemo_token_homes (token_id, position)",
  "ALTER TABLE mnemo_tokens ADD COLUMN IF NOT EXISTS rights jsonb",
];

const prepared = new WeakMap<SqlClient, Promise<void>>();

/** Creates the tables on first use of a database (once per client; a failed attempt is retried next time). */
export function preparePostgresSchema(client: SqlClient): Promise<void> {
  let done = prepared.get(client);
  if (!done) {
    done = client.transaction(migrate).catch((error: unknown) => {
      prepared.delete(client);
      throw error;
    });
    prepared.set(client, done);
  }
  return done;
}

async function migrate(connection: SqlQueryable): Promise<void> {
  await connection.query("SELECT pg_advisory_xact_lock($1, 0)", [LOCK_CLASS.schema]);
  const found = await connection.query<{ exists: boolean }>(
    "SELECT to_regclass('mnemo_schema') IS NOT NULL AS exists",
  );
  const version = found[0]?.exists
    ? Number(
        (await connection.query<{ version: number }>("SELECT version FROM mnemo_schema"))[0]?.version ?? 0,
      )
    : 0;
  if (version === POSTGRES_SCHEMA_VERSION) return;
  if (version > POSTGRES_SCHEMA_VERSION) {
    throw new MnemoError(
      "INVALID_CONFIG",
      `The database's mnemo tables are of schema version ${version}, newer than this mnemo's (${POSTGRES_SCHEMA_VERSION}): upgrade mnemo.`,
    );
  }
  await connection.query("CREATE EXTENSION IF NOT EXISTS vector").catch((error: unknown) => {
    throw new MnemoError(
      "INVALID_CONFIG",
      `pgvector is not available in this database (${errorMessage(error)}): install pgvector on the server, and run CREATE EXTENSION vector once as a user allowed to.`,
      { cause: error },
    );
  });
  for (const statement of TABLES) await connection.query(statement);
  await connection.query(
    "INSERT INTO mnemo_schema (version) VALUES ($1) ON CONFLICT (singleton) DO UPDATE SET version = $1",
    [POSTGRES_SCHEMA_VERSION],
  );
}
