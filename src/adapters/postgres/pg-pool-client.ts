import { createHash } from "node:crypto";
import type pg from "pg";
import { loadPg } from "./load-pg.js";
import { postgresError, redactedUrl } from "./postgres-error.js";
import type { QueryOptions, SqlClient, SqlQueryable } from "./sql-client.js";

/**
 * A real PostgreSQL server through pg's pool. Idle connections do not keep the process alive, and
 * one that the server drops (a restart) is replaced on the next query instead of crashing the
 * process. The constructor connects nothing and loads nothing: `pg` (an optional peer) is imported
 * by the first query, which fails with an error naming the package when it is not installed.
 */
export interface PgPoolClientOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Most connections at once. Default 10. */
  maxConnections?: number;
}

export class PgPoolClient implements SqlClient {
  readonly location: string;
  private readonly options: PgPoolClientOptions;
  private pool: Promise<pg.Pool> | undefined;
  private closed: Promise<void> | undefined;

  constructor(options: PgPoolClientOptions) {
    this.location = redactedUrl(options.url);
    this.options = options;
  }

  async query<Row>(sql: string, parameters: readonly unknown[] = [], options?: QueryOptions): Promise<Row[]> {
    try {
      const pool = await this.openPool();
      return (await pool.query(statement(sql, parameters, options))).rows as Row[];
    } catch (error) {
      throw postgresError(error, this.location);
    }
  }

  async transaction<T>(work: (connection: SqlQueryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await (await this.openPool()).connect();
    } catch (error) {
      throw postgresError(error, this.location);
    }
    // One query at a time on the connection, in the order asked: a caller may read many documents
    // at once (an export), and pg 8 queues concurrent queries only with a deprecation warning.
    let previous: Promise<unknown> = Promise.resolve();
    const connection: SqlQueryable = {
      query: <Row>(sql: string, parameters: readonly unknown[] = [], options?: QueryOptions) => {
        const run = previous.then(async () => {
          try {
            return (await client.query(statement(sql, parameters, options))).rows as Row[];
          } catch (error) {
            throw postgresError(error, this.location);
          }
        });
        previous = run.catch(() => undefined);
        return run;
      },
    };
    let broken: Error | undefined;
    try {
      await connection.query("BEGIN");
      const result = await work(connection);
      await connection.query("COMMIT");
      return result;
    } catch (error) {
      // A connection whose rollback fails is in an unknown state: the pool closes it.
      await client.query("ROLLBACK").catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  close(): Promise<void> {
    const pool = this.pool;
    this.closed ??= pool
      ? pool.then(
          (opened) => opened.end(),
          () => undefined,
        )
      : Promise.resolve();
    return this.closed;
  }

  private openPool(): Promise<pg.Pool> {
    if (this.closed) return Promise.reject(new Error("the connection pool is closed"));
    if (this.pool) return this.pool;
    const opening = loadPg().then((driver) => {
      const pool = new driver.Pool({
        connectionString: this.options.url,
        max: this.options.maxConnections ?? 10,
        allowExitOnIdle: true,
      });
      // An idle connection the server closed: the pool drops it; the next query opens another.
      pool.on("error", () => undefined);
      return pool;
    });
    // A failed load is tried again by the next query (the package may have been installed since).
    opening.catch(() => {
      if (this.pool === opening) this.pool = undefined;
    });
    this.pool = opening;
    return opening;
  }
}

/**
 * A statement to prepare is named after its text, so each connection plans it once and a statement
 * of another text (another filter) gets a plan of its own. The search statement costs 0.5 ms less
 * server CPU prepared (bench/postgres/scale.ts, home of 1,000 memories).
 */
function statement(
  sql: string,
  parameters: readonly unknown[],
  options: QueryOptions | undefined,
): pg.QueryConfig {
  const name = options?.prepare
    ? `mnemo_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`
    : undefined;
  return { name, text: sql, values: [...parameters] };
}
