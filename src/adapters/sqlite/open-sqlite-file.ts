/**
 * How every mnemo SQLite file is opened, so that any number of processes can share it. The busy
 * timeout is given to the constructor, so it holds from the very first statement: on a new file,
 * `journal_mode = WAL` is itself a write that races with the other processes creating the file.
 * WAL lets readers go on while one process writes; writers wait for each other up to the timeout.
 * better-sqlite3 is imported here, on first open, so that importing a store loads nothing native.
 */
import type Database from "better-sqlite3";
import { MnemoError } from "../../errors.js";

export interface OpenSqliteFileOptions {
  busyTimeoutMs: number;
  /** NORMAL for what can be rebuilt, FULL for what cannot (a commit survives a power loss). */
  synchronous: "NORMAL" | "FULL";
}

export async function openSqliteFile(
  path: string,
  options: OpenSqliteFileOptions,
): Promise<Database.Database> {
  const { default: DatabaseConstructor } = await import("better-sqlite3");
  const database = new DatabaseConstructor(path, { timeout: options.busyTimeoutMs });
  try {
    if (path !== ":memory:") database.pragma("journal_mode = WAL");
    database.pragma(`synchronous = ${options.synchronous}`);
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}

/**
 * What a SQLite error means to mnemo, by its extended result code (never by its message): another
 * process kept the write lock past the busy timeout, or the file is not a readable database.
 */
export type SqliteFailure = "busy" | "damaged" | undefined;

export function sqliteFailureOf(error: unknown): SqliteFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !code.startsWith("SQLITE_")) return undefined;
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB") return "damaged";
  return undefined;
}

/** A write that waited its whole busy timeout for another process to finish writing. */
export function busyError(path: string, busyTimeoutMs: number, cause: unknown): MnemoError {
  return new MnemoError(
    "LOCK_TIMEOUT",
    `Another process kept ${path} locked for writing longer than ${busyTimeoutMs} ms; retry when it is done.`,
    { cause },
  );
}
