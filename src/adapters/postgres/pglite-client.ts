import { postgresError } from "./postgres-error.js";
import type { SqlClient, SqlQueryable } from "./sql-client.js";

/**
 * PostgreSQL in WebAssembly (@electric-sql/pglite, with pgvector), for tests and programs without a
 * server. The caller creates the PGlite instance (so this module loads no package); it is one
 * connection in one process, which runs one transaction at a time.
 */
interface PgliteQueryable {
  query<Row>(sql: string, parameters?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface PgliteLike extends PgliteQueryable {
  transaction<T>(work: (transaction: PgliteQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export class PgliteClient implements SqlClient {
  readonly location = "PGlite";
  private readonly database: PgliteLike;
  private closed: Promise<void> | undefined;

  constructor(database: PgliteLike) {
    this.database = database;
  }

  query<Row>(sql: string, parameters: readonly unknown[] = []): Promise<Row[]> {
    return this.run(this.database, sql, parameters);
  }

  async transaction<T>(work: (connection: SqlQueryable) => Promise<T>): Promise<T> {
    // The work's own failure passes through as it is; only PGlite's (BEGIN, COMMIT) is mnemo's IO error.
    const failed: { error?: unknown } = {};
    try {
      return await this.database.transaction((transaction) =>
        work({ query: (sql, parameters = []) => this.run(transaction, sql, parameters) }).catch(
          (error: unknown) => {
            failed.error = error;
            throw error;
          },
        ),
      );
    } catch (error) {
      if ("error" in failed && error === failed.error) throw error;
      throw postgresError(error, this.location);
    }
  }

  close(): Promise<void> {
    this.closed ??= this.database.close();
    return this.closed;
  }

  private async run<Row>(on: PgliteQueryable, sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    try {
      return (await on.query<Row>(sql, [...parameters])).rows;
    } catch (error) {
      throw postgresError(error, this.location);
    }
  }
}
