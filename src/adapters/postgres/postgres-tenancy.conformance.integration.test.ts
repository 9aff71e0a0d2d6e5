import { afterAll } from "vitest";
import { describeHomeDirectoryConformance } from "../../testing/home-directory-conformance.js";
import { startTestPostgres, type TestPostgres } from "../../testing/test-postgres.js";
import { describeTokenRegistryConformance } from "../../testing/token-registry-conformance.js";
import { PgPoolClient } from "./pg-pool-client.js";
import { PostgresHomeDirectory } from "./postgres-home-directory.js";
import { PostgresTokenRegistry } from "./postgres-token-registry.js";
import type { SqlClient } from "./sql-client.js";

/**
 * The homes and tokens of a server of many homes, in PostgreSQL, pass the suites the file and
 * in-memory backends pass. The directory and the registry span the whole database, so "fresh and
 * empty" is a schema of its own per test (its tables, on the search path); "reopen" is another
 * pool on it, as a second server process would hold.
 */
let database: Promise<{ ready: TestPostgres; admin: SqlClient }> | undefined;
const started = () => {
  database ??= startTestPostgres().then(async (ready) => {
    const admin = ready.client();
    // pgvector once, in public (on every search path): the tables of each schema use its type.
    await admin.query("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public");
    return { ready, admin };
  });
  return database;
};
afterAll(async () => (await database)?.ready.stop());

let schemas = 0;

/** A schema of mnemo's tables for one test, and the clients that see only it. */
async function freshSchema(): Promise<{ open: () => SqlClient; cleanup: () => Promise<void> }> {
  const { ready, admin } = await started();
  const schema = `conformance_${process.pid}_${++schemas}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const clients: SqlClient[] = [];
  const open = () => {
    const client = clientOn(ready, schema);
    clients.push(client);
    return client;
  };
  const cleanup = async () => {
    await Promise.all(clients.map((client) => client.close()));
    if (ready.url === undefined) await admin.query("SET search_path TO public");
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  };
  return { open, cleanup };
}

function clientOn(ready: TestPostgres, schema: string): SqlClient {
  if (ready.url !== undefined) {
    const url = new URL(ready.url);
    url.searchParams.set("options", `-c search_path=${schema},public`);
    return new PgPoolClient({ url: url.toString() });
  }
  // PGlite is one connection in this process: every client of the test shares its search path.
  const client = ready.client();
  const switched = client.query(`SET search_path TO ${schema}, public`);
  return {
    location: client.location,
    query: async (sql, parameters) => {
      await switched;
      return client.query(sql, parameters);
    },
    transaction: async (work) => {
      await switched;
      return client.transaction(work);
    },
    close: () => client.close(),
  };
}

describeHomeDirectoryConformance("PostgreSQL", async () => {
  const { open, cleanup } = await freshSchema();
  const reopen = () => new PostgresHomeDirectory({ client: open() });
  return { directory: reopen(), reopen, cleanup };
});

describeTokenRegistryConformance("PostgreSQL", async () => {
  const { open, cleanup } = await freshSchema();
  const reopen = () => new PostgresTokenRegistry({ client: open() });
  const reader = open();
  // Every row of both tables as text: the secret must be in none of them.
  const storedText = async () =>
    JSON.stringify([
      await reader.query("SELECT * FROM mnemo_tokens"),
      await reader.query("SELECT * FROM mnemo_token_homes"),
    ]);
  return { registry: reopen(), reopen, storedText, cleanup };
});
