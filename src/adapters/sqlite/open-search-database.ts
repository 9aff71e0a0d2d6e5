/**
 * Opens the search index's file ready for use. The index is derived from the Markdown files, so a
 * file that cannot serve as one (garbage, truncated, corrupt, or another program's database) is
 * moved aside and a new one made, with a warning: the next sync fills it from the files.
 */
import type Database from "better-sqlite3";
import { errorMessage, MnemoError } from "../../errors.js";
import { inodeOf, moveDamagedAside } from "./damaged-file.js";
import { busyError, openSqliteFile, sqliteFailureOf } from "./open-sqlite-file.js";
import { prepareSearchSchema } from "./search-schema.js";

export interface OpenSearchDatabaseOptions {
  path: string;
  busyTimeoutMs: number;
  warn: (message: string) => void;
}

export interface OpenedSearchDatabase {
  database: Database.Database;
  /** The file's inode when opened: what is moved aside if it turns out damaged later. */
  inode: number | undefined;
}

export async function openSearchDatabase(options: OpenSearchDatabaseOptions): Promise<OpenedSearchDatabase> {
  const { path } = options;
  for (let attempt = 0; ; attempt++) {
    const inode = path === ":memory:" ? undefined : await inodeOf(path);
    const opened = await tryOpen(options);
    if (typeof opened !== "string") return { database: opened, inode: inode ?? (await inodeOf(path)) };
    if (inode === undefined || attempt > 0) {
      throw new MnemoError(
        "IO",
        `Cannot open the search index ${path}: ${opened}. Delete it and its -wal and -shm files, then run \`mnemo reindex\`.`,
      );
    }
    await startOver(path, { inode, problem: opened }, options);
  }
}

/**
 * Moves a damaged index aside and says so; a later open makes a new one. Called on open, and by the
 * index when a damaged page shows up in use.
 */
export async function startOver(
  path: string,
  found: { inode: number; problem: string },
  options: Omit<OpenSearchDatabaseOptions, "path">,
): Promise<void> {
  const aside = await moveDamagedAside(path, found, options.busyTimeoutMs);
  if (aside === undefined) return; // another process found it first and has said so
  options.warn(
    `the search index ${path} could not be used (${found.problem}); it was moved to ${aside} and is rebuilt from the files`,
  );
}

/** The open database, or why the file cannot serve as the index (it is damaged or not mnemo's). */
async function tryOpen(options: OpenSearchDatabaseOptions): Promise<Database.Database | string> {
  let database: Database.Database | undefined;
  try {
    database = await openSqliteFile(options.path, {
      busyTimeoutMs: options.busyTimeoutMs,
      synchronous: "NORMAL",
    });
    if (prepareSearchSchema(database)) return database;
    database.close();
    return "it is another program's database, not mnemo's search index";
  } catch (error) {
    database?.close();
    const failure = sqliteFailureOf(error);
    if (failure === "damaged") return `it is damaged: ${errorMessage(error)}`;
    if (failure === "busy") throw busyError(options.path, options.busyTimeoutMs, error);
    throw new MnemoError("IO", `Cannot open the search index ${options.path}: ${errorMessage(error)}.`, {
      cause: error,
    });
  }
}
