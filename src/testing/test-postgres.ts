import { PgPoolClient } from "../adapters/postgres/pg-pool-client.js";
import { PgliteClient, type PgliteLike } from "../adapters/postgres/pglite-client.js";
import type { SqlClient } from "../adapters/postgres/sql-client.js";
import { findPostgresBinaries, type PostgresCluster, startPostgresCluster } from "./postgres-cluster.js";

/**
 * The database the PostgreSQL tests run on: a throwaway cluster of the installed server (with
 * pgvector) when there is one, else PGlite (PostgreSQL in WebAssembly, with pgvector, from npm), so
 * the suites pass on a machine without PostgreSQL. It says on stderr which one was used.
 * `MNEMO_TEST_POSTGRES=pglite` forces PGlite; `MNEMO_TEST_POSTGRES_URL` uses a server already running
 * (each test uses its own home ids, so a shared database is fine).
 */
export interface TestPostgres {
  /** Which server, for the test output: "PostgreSQL 15.14 (throwaway cluster on 127.0.0.1:41234)". */
  server: string;
  /** A URL other processes can connect to; undefined on PGlite, which lives in this process. */
  url: string | undefined;
  /** A client; on a real server each call is a new pool, closed by stop() if the test did not. */
  client(): SqlClient;
  stop(): Promise<void>;
}

/** Whether startTestPostgres will give a server other processes can reach (a URL), not PGlite. */
export function testPostgresHasServer(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.MNEMO_TEST_POSTGRES_URL?.trim()) || testPostgresBinaries(env) !== undefined;
}

function testPostgresBinaries(env: NodeJS.ProcessEnv): string | undefined {
  return env.MNEMO_TEST_POSTGRES === "pglite" ? undefined : findPostgresBinaries();
}

/**
 * The URL of the cluster the test run started for all its PostgreSQL files (test/setup/
 * postgres-cluster.ts); each startTestPostgres then creates a database of its own on it.
 */
export const SHARED_CLUSTER_VARIABLE = "MNEMO_TEST_SHARED_CLUSTER";

export async function startTestPostgres(env: NodeJS.ProcessEnv = process.env): Promise<TestPostgres> {
  const given = env.MNEMO_TEST_POSTGRES_URL?.trim();
  const shared = env[SHARED_CLUSTER_VARIABLE]?.trim();
  const bin = testPostgresBinaries(env);
  const database = given
    ? await onServer(given, undefined)
    : shared
      ? await onOwnDatabase(shared)
      : bin
        ? await onServer(undefined, await startPostgresCluster(bin))
        : await onPglite();
  process.stderr.write(`mnemo: PostgreSQL tests run on ${database.server}\n`);
  return database;
}

let databasesCreated = 0;

/** A new database on the run's shared cluster, dropped by stop(): files never see each other's rows. */
async function onOwnDatabase(clusterUrl: string): Promise<TestPostgres> {
  const name = `mnemo_test_${process.pid}_${++databasesCreated}`;
  const admin = new PgPoolClient({ url: clusterUrl, maxConnections: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const database = await onServer(url.toString(), undefined);
  return {
    ...database,
    server: database.server.replace(/\(server at .*\)$/, `(database ${name} on the run's throwaway cluster)`),
    stop: async () => {
      await database.stop();
      const dropper = new PgPoolClient({ url: clusterUrl, maxConnections: 1 });
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.close();
      }
    },
  };
}

async function onServer(
  given: string | undefined,
  cluster: PostgresCluster | undefined,
): Promise<TestPostgres> {
  const url = given ?? (cluster as PostgresCluster).url;
  const clients: SqlClient[] = [];
  const client = () => {
    const created = new PgPoolClient({ url });
    clients.push(created);
    return created;
  };
  try {
    const [row] = await client().query<{ version: string }>(
      "SELECT current_setting('server_version') AS version",
    );
    const where = cluster
      ? `throwaway cluster on 127.0.0.1:${cluster.port}`
      : `server at ${clients[0]?.location}`;
    return {
      server: `PostgreSQL ${row?.version.split(" ")[0]} (${where})`,
      url,
      client,
      stop: async () => {
        await Promise.all(clients.map((each) => each.close()));
        await cluster?.stop();
      },
    };
  } catch (error) {
    await Promise.all(clients.map((each) => each.close()));
    await cluster?.stop();
    throw error;
  }
}

async function onPglite(): Promise<TestPostgres> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const database = (await PGlite.create({ extensions: { vector } })) as unknown as PgliteLike;
  const shared = new PgliteClient(database);
  const [row] = await shared.query<{ version: string }>(
    "SELECT current_setting('server_version') AS version",
  );
  // One PGlite instance serves every client; closing a client leaves it open for the others.
  const client = (): SqlClient => ({
    location: shared.location,
    query: (sql, parameters) => shared.query(sql, parameters),
    transaction: (work) => shared.transaction(work),
    close: async () => undefined,
  });
  return {
    server: `PGlite (PostgreSQL ${row?.version.split(" ")[0]} in WebAssembly, in this process)`,
    url: undefined,
    client,
    stop: () => shared.close(),
  };
}
