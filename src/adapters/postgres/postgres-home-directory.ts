/**
 * The homes of a server of many homes, as rows of `mnemo_homes` (keyed by home id). Every server
 * process on the database reads the table on each call, so a home created through one is there
 * for all at once. Creation takes the directory's advisory lock, so two processes never create
 * nesting homes ("acme" and "acme/user-42") at once.
 */
import type { HomeDirectory } from "../../contracts/home-directory.js";
import { parseHomeId } from "../../rules/home-id.js";
import { overlappingHomeError } from "../../rules/home-overlap.js";
import { LOCK_CLASS } from "./home-lock.js";
import { preparePostgresSchema } from "./postgres-schema.js";
import type { SqlClient } from "./sql-client.js";

export interface PostgresHomeDirectoryOptions {
  client: SqlClient;
  /** How long a create waits for another process's create; default 5000. */
  lockTimeoutMs?: number;
  now?: () => Date;
}

export class PostgresHomeDirectory implements HomeDirectory {
  private readonly client: SqlClient;
  private readonly lockTimeoutMs: number;
  private readonly now: () => Date;

  constructor(options: PostgresHomeDirectoryOptions) {
    this.client = options.client;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5000;
    this.now = options.now ?? (() => new Date());
  }

  async create(homeId: string): Promise<boolean> {
    const id = parseHomeId(homeId);
    await preparePostgresSchema(this.client);
    return this.client.transaction(async (connection) => {
      await connection.query("SELECT set_config('lock_timeout', $1, true)", [`${this.lockTimeoutMs}ms`]);
      await connection.query("SELECT pg_advisory_xact_lock($1, 0)", [LOCK_CLASS.homeDirectory]);
      const [overlapping] = await connection.query<{ home_id: string }>(
        `SELECT home_id FROM mnemo_homes WHERE home_id = ANY($1::text[]) OR starts_with(home_id, $2)
         ORDER BY home_id = $3 DESC, home_id COLLATE "C" LIMIT 1`,
        [ancestorsAndSelf(id), `${id}/`, id],
      );
      if (overlapping?.home_id === id) return false;
      if (overlapping !== undefined) throw overlappingHomeError(id, overlapping.home_id);
      await connection.query("INSERT INTO mnemo_homes (home_id, created_at) VALUES ($1, $2)", [
        id,
        this.now(),
      ]);
      return true;
    });
  }

  async exists(homeId: string): Promise<boolean> {
    const id = parseHomeId(homeId);
    await preparePostgresSchema(this.client);
    const rows = await this.client.query("SELECT 1 FROM mnemo_homes WHERE home_id = $1", [id]);
    return rows.length > 0;
  }

  async list(): Promise<string[]> {
    await preparePostgresSchema(this.client);
    // "C": byte order, the order of JavaScript's sort for these ASCII ids, whatever the database's collation.
    const rows = await this.client.query<{ home_id: string }>(
      'SELECT home_id FROM mnemo_homes ORDER BY home_id COLLATE "C"',
    );
    return rows.map((row) => row.home_id);
  }
}

/** "acme/user-42/agent" → ["acme", "acme/user-42", "acme/user-42/agent"]. */
function ancestorsAndSelf(id: string): string[] {
  const segments = id.split("/");
  return segments.map((_, index) => segments.slice(0, index + 1).join("/"));
}
