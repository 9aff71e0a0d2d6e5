import type Database from "better-sqlite3";
import { MnemoError } from "../../errors.js";

/**
 * Schema of the long-term message store (`.index/messages.sqlite`). Messages are not derived from the
 * Markdown files, so a schema change migrates in place and never drops the table: raise
 * MESSAGE_SCHEMA_VERSION and add a step to `migrations`.
 */
export const MESSAGE_SCHEMA_VERSION = 1;
const COMPONENT = "messages";

const VERSION_TABLE = `
CREATE TABLE IF NOT EXISTS schema_version (component TEXT PRIMARY KEY, version INTEGER NOT NULL);
`;

/** seq orders a role's messages by insertion; vectors are little-endian Float32 BLOBs. */
const SCHEMA_V1 = `
CREATE TABLE messages (
  seq INTEGER PRIMARY KEY,
  role_id TEXT NOT NULL,
  id TEXT NOT NULL,
  role TEXT NOT NULL,
  content TEXT NOT NULL,
  cause_by TEXT NOT NULL,
  sent_from TEXT NOT NULL,
  send_to TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  embedding_model TEXT,
  embedding BLOB,
  UNIQUE (role_id, id)
);
CREATE INDEX messages_by_role ON messages (role_id, seq);
CREATE INDEX messages_by_content_hash ON messages (role_id, content_hash);
`;

/** migrations[n] brings a database from version n to n + 1. */
const migrations: readonly string[] = [SCHEMA_V1];

/**
 * Creates or migrates the schema in one IMMEDIATE transaction (processes opening a new file at once
 * take turns); refuses a file written by a newer mnemo. A file already at this version is only read.
 */
export function migrateMessageSchema(database: Database.Database, path: string): void {
  if (recordedVersion(database) === MESSAGE_SCHEMA_VERSION) return;
  database
    .transaction(() => {
      database.exec(VERSION_TABLE);
      const version = recordedVersion(database) ?? 0;
      if (version > MESSAGE_SCHEMA_VERSION) {
        throw new MnemoError(
          "MALFORMED_FILE",
          `The message store ${path} has schema version ${version}, newer than this mnemo understands (${MESSAGE_SCHEMA_VERSION}); upgrade mnemo.`,
        );
      }
      for (let step = version; step < MESSAGE_SCHEMA_VERSION; step++)
        database.exec(migrations[step] as string);
      database
        .prepare(
          "INSERT INTO schema_version (component, version) VALUES (?, ?) ON CONFLICT(component) DO UPDATE SET version = excluded.version",
        )
        .run(COMPONENT, MESSAGE_SCHEMA_VERSION);
    })
    .immediate();
}

/** The schema version the file records, or undefined before any (a new file). */
function recordedVersion(database: Database.Database): number | undefined {
  const hasTable = database
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_version'")
    .get();
  if (!hasTable) return undefined;
  const row = database.prepare("SELECT version FROM schema_version WHERE component = ?").get(COMPONENT) as
    | { version: number }
    | undefined;
  return row?.version;
}
