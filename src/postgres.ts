/**
 * `mnemo/postgres`: the PostgreSQL adapters, for callers who wire them themselves. Each is built
 * with a client (one pool serves every home) and the id of one home, which scopes every statement;
 * nothing takes a home id at call time. `openMemory({ store: "postgres://...", homeId })` wires
 * them for one home (and shares one pool per URL within the process).
 */

export type { PgPoolClientOptions } from "./adapters/postgres/pg-pool-client.js";
export { PgPoolClient } from "./adapters/postgres/pg-pool-client.js";
export type { PgliteLike } from "./adapters/postgres/pglite-client.js";
export { PgliteClient } from "./adapters/postgres/pglite-client.js";
export type { PostgresDocumentStoreOptions } from "./adapters/postgres/postgres-document-store.js";
export { PostgresDocumentStore } from "./adapters/postgres/postgres-document-store.js";
export type { PostgresMessageStoreOptions } from "./adapters/postgres/postgres-message-store.js";
export { PostgresMessageStore } from "./adapters/postgres/postgres-message-store.js";
export { POSTGRES_SCHEMA_VERSION, preparePostgresSchema } from "./adapters/postgres/postgres-schema.js";
export type { PostgresSearchIndexOptions } from "./adapters/postgres/postgres-search-index.js";
export { PostgresSearchIndex } from "./adapters/postgres/postgres-search-index.js";
export type { SqlClient, SqlQueryable } from "./adapters/postgres/sql-client.js";
/** The one home-id rule of every backend (also `parseHomeId` of `mnemo/home`). */
export { parseHomeId as validateHomeId } from "./rules/home-id.js";
