import type { SqlQueryable } from "./sql-client.js";

/**
 * Advisory locks that make writers take turns, in any process on any server: the first key is the
 * kind of lock, the second a hash of the home id (two homes sharing a hash only wait for each other).
 */
export const LOCK_CLASS = {
  schema: 0x6d6e0000,
  documents: 0x6d6e0001,
  searchIndex: 0x6d6e0002,
  homeDirectory: 0x6d6e0003,
} as const;

/**
 * Inside a transaction: waits for the home's lock of this kind, at most `timeoutMs` (then the
 * driver's error becomes LOCK_TIMEOUT), and holds it until the transaction ends. One round trip:
 * the timeout is set in a subquery, which runs first.
 */
export async function lockHome(
  connection: SqlQueryable,
  options: { lockClass: number; homeId: string; timeoutMs: number },
): Promise<void> {
  await connection.query(
    `SELECT pg_advisory_xact_lock($1, hashtext($2))
     FROM (SELECT set_config('lock_timeout', $3, true) AS timeout OFFSET 0) AS first`,
    [options.lockClass, options.homeId, `${Math.max(1, Math.round(options.timeoutMs))}ms`],
  );
}
