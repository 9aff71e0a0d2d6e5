import type {
  DocumentInfo,
  DocumentStore,
  DocumentWriter,
  ListOptions,
  StoreLeftover,
} from "../../contracts/document-store.js";
import { parseHomeId } from "../../rules/home-id.js";
import { validateDocumentPath } from "../fs/safe-path.js";
import { type StagedChanges, StagedWriter } from "../fs/staged-writer.js";
import { LOCK_CLASS, lockHome } from "./home-lock.js";
import { LargeDocumentCache } from "./large-document-cache.js";
import { folderOf, PostgresDocumentReader } from "./postgres-document-reader.js";
import { preparePostgresSchema } from "./postgres-schema.js";
import type { SqlClient, SqlQueryable } from "./sql-client.js";

/**
 * One memory home's documents as rows of a PostgreSQL database: the same Markdown, by path, so every
 * engine rule runs unchanged. The home id is fixed at construction and scopes every statement.
 *
 * A transaction is one database transaction holding the home's advisory lock
 * (pg_advisory_xact_lock), so writers in every process and on every server take turns; its reads
 * see every earlier writer's commit. Changes are staged and written at the end in three statements
 * (one more per 1,000 documents written: a batch save of a thousand memories is one round trip of each). Each
 * written document gets a new change stamp, and its folder too, from one sequence: stamps are never
 * reused. Large documents are read by stamp through one LargeDocumentCache per store (the pool's
 * reads and every transaction's share it), and a written one is kept at the stamp its write got,
 * so a save does not read back the MEMORY.md it wrote. In this process, transactions on one store queue before they take a connection, so
 * waiting writers do not hold the pool's connections.
 */
export interface PostgresDocumentStoreOptions {
  client: SqlClient;
  homeId: string;
  /** How long a transaction waits for another writer's lock before LOCK_TIMEOUT. Default 5000 ms. */
  lockTimeoutMs?: number;
}

export class PostgresDocumentStore implements DocumentStore {
  readonly homeId: string;
  /** Every write, in place or not, gives its folder a new stamp (commitChanges). */
  readonly everyWriteChangesFolderStamp = true;
  private readonly client: SqlClient;
  private readonly lockTimeoutMs: number;
  private readonly reader: PostgresDocumentReader;
  private readonly cache = new LargeDocumentCache();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: PostgresDocumentStoreOptions) {
    this.homeId = parseHomeId(options.homeId);
    this.client = options.client;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5000;
    this.reader = new PostgresDocumentReader(options.client, this.homeId, { cache: this.cache });
  }

  /** Creates mnemo's tables if the database has none yet (idempotent; every method does it first). */
  open(): Promise<void> {
    return preparePostgresSchema(this.client);
  }

  async read(path: string): Promise<string | undefined> {
    await this.open();
    return this.reader.read(path);
  }

  async readHead(path: string, maxBytes: number): Promise<string | undefined> {
    await this.open();
    return this.reader.readHead(path, maxBytes);
  }

  async list(directory: string, options?: ListOptions): Promise<DocumentInfo[]> {
    await this.open();
    return this.reader.list(directory, options);
  }

  async info(path: string): Promise<DocumentInfo | undefined> {
    await this.open();
    return this.reader.info(path);
  }

  async folderStamp(directory: string): Promise<string | undefined> {
    await this.open();
    return this.reader.folderStamp(directory);
  }

  transaction<T>(work: (writer: DocumentWriter) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.runTransaction(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  locate(path: string): string {
    validateDocumentPath(path);
    return `${this.client.location}#${this.homeId}/${path}`;
  }

  /** Nothing is left behind: a killed writer's transaction is rolled back by the server. */
  async leftovers(): Promise<StoreLeftover[]> {
    return [];
  }

  async cleanLeftovers(): Promise<StoreLeftover[]> {
    return [];
  }

  private async runTransaction<T>(work: (writer: DocumentWriter) => Promise<T>): Promise<T> {
    await this.open();
    return this.client.transaction(async (connection) => {
      await lockHome(connection, {
        lockClass: LOCK_CLASS.documents,
        homeId: this.homeId,
        timeoutMs: this.lockTimeoutMs,
      });
      const writer = new StagedWriter(
        new PostgresDocumentReader(connection, this.homeId, { inTransaction: true, cache: this.cache }),
        async (path) => {
          validateDocumentPath(path);
        },
      );
      const result = await work(writer);
      await commitChanges(connection, this.homeId, writer.changes, this.cache);
      return result;
    });
  }
}

/** Documents written by one statement: 3 parameters each, far below PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Each document's bytes are a parameter of their own, which the driver sends as binary: in an
 * array they went as hex text, twice their size, and a save at 2,000 memories (MEMORY.md 100 KB)
 * spent a third of its CPU writing that to the socket.
 */
async function writeDocuments(
  connection: SqlQueryable,
  homeId: string,
  written: Array<[string, string]>,
  cache: LargeDocumentCache,
): Promise<void> {
  const rows = written.map(
    (_, row) => `($${3 * row + 2}::text, $${3 * row + 3}::text, $${3 * row + 4}::bytea)`,
  );
  const bytes = written.map(([, content]) => Buffer.from(content, "utf8"));
  const stamps = await connection.query<{ path: string; change_stamp: string }>(
    `INSERT INTO mnemo_documents (home_id, path, folder, content, modified_at, change_stamp)
     SELECT $1, path, folder, content, clock_timestamp(), nextval('mnemo_change_stamps')
     FROM (VALUES ${rows.join(", ")}) AS written(path, folder, content)
     ON CONFLICT (home_id, path) DO UPDATE SET content = excluded.content,
       modified_at = excluded.modified_at, change_stamp = excluded.change_stamp
     RETURNING path, change_stamp::text AS change_stamp`,
    [homeId, ...written.flatMap(([path], row) => [path, folderOf(path), bytes[row]])],
  );
  // A stamp of a transaction that then rolls back is never stored: its entry is never used.
  const stampOf = new Map(stamps.map((row) => [row.path, String(row.change_stamp)]));
  written.forEach(([path, content], row) => {
    const stamp = stampOf.get(path);
    if (stamp === undefined) cache.forget(path);
    else cache.remember(path, stamp, content, bytes[row]?.byteLength ?? 0);
  });
}

async function commitChanges(
  connection: SqlQueryable,
  homeId: string,
  changes: StagedChanges,
  cache: LargeDocumentCache,
): Promise<void> {
  if (changes.size === 0) return;
  const written = [...changes].filter((change): change is [string, string] => change[1] !== null);
  const removed = [...changes].flatMap(([path, content]) => (content === null ? [path] : []));
  for (let start = 0; start < written.length; start += ROWS_PER_STATEMENT)
    await writeDocuments(connection, homeId, written.slice(start, start + ROWS_PER_STATEMENT), cache);
  for (const path of removed) cache.forget(path);
  if (removed.length > 0) {
    await connection.query("DELETE FROM mnemo_documents WHERE home_id = $1 AND path = ANY($2::text[])", [
      homeId,
      removed,
    ]);
  }
  await connection.query(
    `INSERT INTO mnemo_folders (home_id, folder, change_stamp)
     SELECT $1, folder, nextval('mnemo_change_stamps') FROM unnest($2::text[]) AS changed(folder)
     ON CONFLICT (home_id, folder) DO UPDATE SET change_stamp = excluded.change_stamp`,
    [homeId, [...new Set([...changes.keys()].map(folderOf))]],
  );
}
