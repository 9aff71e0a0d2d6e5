import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type {
  CandidateQuery,
  ChunkRecord,
  DocumentReplacement,
  DocumentState,
  ScoredChunkId,
  SearchCandidates,
  SearchIndex,
  StoredChunk,
} from "../../contracts/search-index.js";
import { MnemoError } from "../../errors.js";
import { parseHomeId } from "../../rules/home-id.js";
import { toStoredChunk } from "../sqlite/chunk-rows.js";
import { LOCK_CLASS, lockHome } from "./home-lock.js";
import { fromPgvector, toPgvector } from "./pgvector-text.js";
import { cosineSimilarity, searchCandidates } from "./postgres-candidate-search.js";
import {
  CHUNK_COLUMNS,
  INDEXED_DOCUMENT_COLUMNS,
  type IndexedDocumentRow,
  toChunkRow,
  toDocumentState,
} from "./postgres-chunk-rows.js";
import { removeChunks, replaceChunks, vectorModelOf } from "./postgres-chunk-writes.js";
import { cachedEmbeddings, cacheEmbeddings } from "./postgres-embedding-cache.js";
import { preparePostgresSchema } from "./postgres-schema.js";
import { resetVectors, setVectors } from "./postgres-vector-writes.js";
import type { SqlClient, SqlQueryable } from "./sql-client.js";

/**
 * One memory home's search index on PostgreSQL: BM25 over term postings, ranked as FTS5 ranks
 * (postgres-candidate-search.ts), and the chunks' vectors in a pgvector column, searched within the
 * home as the embedded index searches (sign codes first, then exact cosine; every key starts with
 * the home id, so the cost grows with the home, not the database: bench/postgres/scale.ts). The
 * embedding cache is in the same database, so one object serves both contracts. Writes take the
 * home's index lock in their transaction, so processes on any server keep the postings and
 * statistics in step.
 */
export interface PostgresSearchIndexOptions {
  client: SqlClient;
  homeId: string;
  /** How long a write waits for another process's index write before LOCK_TIMEOUT. Default 5000 ms. */
  lockTimeoutMs?: number;
}

type RawChunk = Parameters<typeof toChunkRow>[0];

export class PostgresSearchIndex implements SearchIndex, EmbeddingCache {
  readonly homeId: string;
  private readonly client: SqlClient;
  private readonly lockTimeoutMs: number;
  private opened = false;

  constructor(options: PostgresSearchIndexOptions) {
    this.homeId = parseHomeId(options.homeId);
    this.client = options.client;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5000;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    await preparePostgresSchema(this.client);
    await this.client.query("INSERT INTO mnemo_search_homes (home_id) VALUES ($1) ON CONFLICT DO NOTHING", [
      this.homeId,
    ]);
    this.opened = true;
  }

  /** The client is the caller's (often shared by many homes): closing the index leaves it open. */
  async close(): Promise<void> {
    this.opened = false;
  }

  /** Nothing here is ever found damaged and started over: the database keeps its own integrity. */
  async generation(): Promise<number> {
    this.connection();
    return 0;
  }

  async documentStates(): Promise<Map<string, DocumentState>> {
    const rows = await this.connection().query<IndexedDocumentRow>(
      `SELECT ${INDEXED_DOCUMENT_COLUMNS} FROM mnemo_indexed_documents WHERE home_id = $1`,
      [this.homeId],
    );
    return new Map(rows.map((row) => [row.path, toDocumentState(row)]));
  }

  replaceDocument(
    path: string,
    state: DocumentState,
    chunks: ChunkRecord[],
    vectors: Map<string, Float32Array>,
  ): Promise<void> {
    return this.write((connection) =>
      replaceChunks(connection, this.homeId, { path, state, chunks, vectors }),
    );
  }

  replaceDocuments(documents: DocumentReplacement[]): Promise<void> {
    return this.write(async (connection) => {
      for (const document of documents) await replaceChunks(connection, this.homeId, document);
    });
  }

  removeDocument(path: string): Promise<void> {
    return this.write((connection) => removeChunks(connection, this.homeId, path));
  }

  /** BM25 and the nearest vectors in one statement (postgres-candidate-search.ts). */
  async search(query: CandidateQuery): Promise<SearchCandidates> {
    return searchCandidates(this.connection(), { ...query, homeId: this.homeId });
  }

  async chunks(ids: number[]): Promise<StoredChunk[]> {
    const rows = await this.connection().query<RawChunk>(
      `SELECT ${CHUNK_COLUMNS} FROM mnemo_chunks WHERE home_id = $1 AND id = ANY($2::bigint[])`,
      [this.homeId, ids],
      { prepare: true },
    );
    const byId = new Map(rows.map((row) => [Number(row.id), toStoredChunk(toChunkRow(row))]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async vectorsOf(ids: number[]): Promise<Map<number, Float32Array>> {
    const rows = await this.connection().query<{ id: string | number; embedding: string }>(
      "SELECT id, embedding::text AS embedding FROM mnemo_chunks WHERE home_id = $1 AND id = ANY($2::bigint[]) AND embedding IS NOT NULL",
      [this.homeId, ids],
      { prepare: true },
    );
    return new Map(rows.map((row) => [Number(row.id), fromPgvector(row.embedding)]));
  }

  async rescore(vector: Float32Array, ids: number[]): Promise<ScoredChunkId[]> {
    const rows = await this.connection().query<{ id: string | number; distance: number }>(
      `SELECT id, embedding <=> $2::vector AS distance FROM mnemo_chunks
       WHERE home_id = $1 AND id = ANY($3::bigint[]) AND embedding IS NOT NULL ORDER BY distance, id`,
      [this.homeId, toPgvector(vector), ids],
      { prepare: true },
    );
    return rows.map(toScored);
  }

  async chunksWithoutVector(limit: number): Promise<StoredChunk[]> {
    const rows = await this.connection().query<RawChunk>(
      `SELECT ${CHUNK_COLUMNS} FROM mnemo_chunks WHERE home_id = $1 AND embedding IS NULL ORDER BY id LIMIT $2`,
      [this.homeId, limit],
      { prepare: true },
    );
    return rows.map((row) => toStoredChunk(toChunkRow(row)));
  }

  setVectors(vectors: Map<number, Float32Array>): Promise<void> {
    return this.write((connection) => setVectors(connection, this.homeId, vectors));
  }

  async vectorModel(): Promise<{ id: string; dimensions: number } | undefined> {
    return vectorModelOf(this.connection(), this.homeId);
  }

  resetVectors(model: { id: string; dimensions: number }): Promise<void> {
    return this.write((connection) => resetVectors(connection, this.homeId, model));
  }

  async cachedEmbeddings(textHashes: string[]): Promise<Map<string, Float32Array>> {
    return cachedEmbeddings(this.connection(), this.homeId, textHashes);
  }

  async cacheEmbeddings(vectors: Map<string, Float32Array>): Promise<void> {
    return cacheEmbeddings(this.connection(), this.homeId, vectors);
  }

  async stats(): Promise<{ documents: number; chunks: number; vectors: number }> {
    const [row] = await this.connection().query<Record<"documents" | "chunks" | "vectors", string | number>>(
      `SELECT (SELECT count(*) FROM mnemo_indexed_documents WHERE home_id = $1) AS documents,
         (SELECT count(*) FROM mnemo_chunks WHERE home_id = $1) AS chunks,
         (SELECT count(*) FROM mnemo_chunks WHERE home_id = $1 AND embedding IS NOT NULL) AS vectors`,
      [this.homeId],
    );
    return { documents: Number(row?.documents), chunks: Number(row?.chunks), vectors: Number(row?.vectors) };
  }

  private async write(work: (connection: SqlQueryable) => Promise<void>): Promise<void> {
    this.connection();
    await this.client.transaction(async (connection) => {
      await lockHome(connection, {
        lockClass: LOCK_CLASS.searchIndex,
        homeId: this.homeId,
        timeoutMs: this.lockTimeoutMs,
      });
      await work(connection);
    });
  }

  private connection(): SqlQueryable {
    if (!this.opened) throw new MnemoError("IO", "The search index is not open; call open() first.");
    return this.client;
  }
}

function toScored(row: { id: string | number; distance: number }): ScoredChunkId {
  return { id: Number(row.id), score: cosineSimilarity(Number(row.distance)) };
}
