/**
 * The little of a PostgreSQL connection the adapters use, so each of them runs on a real server
 * (pg's pool, pg-pool-client.ts) and on PGlite, PostgreSQL in WebAssembly (pglite-client.ts), alike.
 * Failures arrive as MnemoError (postgres-error.ts): never a driver's raw error.
 */
export interface SqlQueryable {
  /**
   * One statement with `$1`-style parameters; the rows it returned (none for a write). `prepare`
   * asks the server to plan it once per connection and keep the plan (for statements run on every
   * recall); a client may ignore it.
   */
  query<Row = Record<string, unknown>>(
    sql: string,
    parameters?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
}

export interface QueryOptions {
  prepare?: boolean;
}

export interface SqlClient extends SqlQueryable {
  /** Where the database is, for messages: the URL without its password, or "PGlite". */
  readonly location: string;
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when
   * it throws. Every statement of the transaction goes through the connection it is given.
   */
  transaction<T>(work: (connection: SqlQueryable) => Promise<T>): Promise<T>;
  /** Closes the connections (idempotent). */
  close(): Promise<void>;
}
