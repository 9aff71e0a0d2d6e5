import { randomUUID } from "node:crypto";
import { afterAll } from "vitest";
import { describeDocumentStoreConformance } from "../../testing/document-store-conformance.js";
import { describeMessageStoreConformance } from "../../testing/message-store-conformance.js";
import { describeSearchIndexConformance } from "../../testing/search-index-conformance.js";
import { startTestPostgres, type TestPostgres } from "../../testing/test-postgres.js";
import { PostgresDocumentStore } from "./postgres-document-store.js";
import { PostgresMessageStore } from "./postgres-message-store.js";
import { PostgresSearchIndex } from "./postgres-search-index.js";

/**
 * The contracts' conformance suites on PostgreSQL: a real server (a throwaway cluster) when one is
 * installed, PGlite otherwise (the output says which). One database for the file; every store gets
 * a home of its own, so "fresh and empty" is a new home id.
 */
let database: Promise<TestPostgres> | undefined;
const started = () => {
  database ??= startTestPostgres();
  return database;
};
afterAll(async () => (await database)?.stop());

const newHomeId = () => `conformance/${randomUUID()}`;

describeDocumentStoreConformance("PostgreSQL", async () => {
  const client = (await started()).client();
  const store = new PostgresDocumentStore({ client, homeId: newHomeId() });
  await store.open();
  return { store, cleanup: () => client.close() };
});

describeSearchIndexConformance("PostgreSQL", async () => {
  const client = (await started()).client();
  return { index: new PostgresSearchIndex({ client, homeId: newHomeId() }), cleanup: () => client.close() };
});

describeMessageStoreConformance("PostgreSQL", async () => {
  const client = (await started()).client();
  return { store: new PostgresMessageStore({ client, homeId: newHomeId() }), cleanup: () => client.close() };
});
