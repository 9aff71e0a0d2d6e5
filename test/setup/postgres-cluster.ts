import { findPostgresBinaries, startPostgresCluster } from "../../src/testing/postgres-cluster.js";
import { SHARED_CLUSTER_VARIABLE } from "../../src/testing/test-postgres.js";

/**
 * One throwaway PostgreSQL cluster for the whole `postgres` project (initdb and start cost ~2 s
 * each, and fifteen files each started their own): its URL goes to the test files in
 * MNEMO_TEST_SHARED_CLUSTER, and startTestPostgres gives each file a database of its own on it.
 * Without PostgreSQL binaries (or with MNEMO_TEST_POSTGRES=pglite, or a server of the developer's
 * in MNEMO_TEST_POSTGRES_URL) nothing is started and the files run as before.
 */
export default async function startSharedCluster(): Promise<() => Promise<void>> {
  const bin = process.env.MNEMO_TEST_POSTGRES === "pglite" ? undefined : findPostgresBinaries();
  if (bin === undefined || process.env.MNEMO_TEST_POSTGRES_URL?.trim()) return async () => undefined;
  const cluster = await startPostgresCluster(bin);
  process.env[SHARED_CLUSTER_VARIABLE] = cluster.url;
  return async () => {
    delete process.env[SHARED_CLUSTER_VARIABLE];
    await cluster.stop();
  };
}
