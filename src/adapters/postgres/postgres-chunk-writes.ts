import type { ChunkRecord, DocumentState } from "../../contracts/search-index.js";
import { MnemoError } from "../../errors.js";
import { sameChunks } from "../sqlite/chunk-rows.js";
import { chunkTerms } from "./bm25-terms.js";
import { toPgvector } from "./pgvector-text.js";
import {
  CHUNK_COLUMNS,
  INDEXED_DOCUMENT_COLUMNS,
  type IndexedDocumentRow,
  storableText,
  toChunkRow,
  toDocumentState,
} from "./postgres-chunk-rows.js";
import type { SqlQueryable } from "./sql-client.js";

/**
 * The search index's writes, each inside a transaction that holds the home's index lock: a
 * document's chunks replaced (with their BM25 postings, vectors and the home's collection
 * statistics) or removed. A replace that would change nothing (another process indexed the same
 * file first) writes nothing but the document's state.
 */
export interface VectorModel {
  id: string;
  dimensions: number;
}

export async function vectorModelOf(
  connection: SqlQueryable,
  homeId: string,
): Promise<VectorModel | undefined> {
  const [row] = await connection.query<{ vector_model: string | null; vector_dimensions: number | null }>(
    "SELECT vector_model, vector_dimensions FROM mnemo_search_homes WHERE home_id = $1",
    [homeId],
  );
  return row?.vector_model && row.vector_dimensions
    ? { id: row.vector_model, dimensions: Number(row.vector_dimensions) }
    : undefined;
}

export function checkDimensions(vector: Float32Array, model: VectorModel): void {
  if (vector.length !== model.dimensions) {
    throw new MnemoError(
      "INVALID_INPUT",
      `A vector of ${vector.length} dimensions cannot be stored in a search index of ${model.id} (${model.dimensions} dimensions).`,
    );
  }
}

export async function replaceChunks(
  connection: SqlQueryable,
  homeId: string,
  document: { path: string; state: DocumentState; chunks: ChunkRecord[]; vectors: Map<string, Float32Array> },
): Promise<void> {
  const { path, state, chunks, vectors } = document;
  const model = await vectorModelOf(connection, homeId);
  const stored = await connection.query<Parameters<typeof toChunkRow>[0]>(
    `SELECT ${CHUNK_COLUMNS} FROM mnemo_chunks WHERE home_id = $1 AND path = $2 ORDER BY id`,
    [homeId, path],
  );
  const getsVector = (chunk: ChunkRecord) => model !== undefined && vectors.has(chunk.textHash);
  const unchanged = sameChunks(stored.map(toChunkRow), chunks, getsVector);
  if (unchanged && (await sameState(connection, homeId, path, state))) return;
  if (!unchanged) {
    await deleteChunks(connection, homeId, path);
    await insertChunks(connection, homeId, chunks, (chunk) => {
      const vector = model ? vectors.get(chunk.textHash) : undefined;
      if (vector && model) checkDimensions(vector, model);
      return vector;
    });
  }
  await connection.query(
    `INSERT INTO mnemo_indexed_documents (home_id, path, hash, mtime_ms, size, change_stamp) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (home_id, path) DO UPDATE SET hash = excluded.hash, mtime_ms = excluded.mtime_ms,
       size = excluded.size, change_stamp = excluded.change_stamp`,
    [homeId, path, state.hash, state.mtimeMs, state.size, state.changeStamp ?? null],
  );
}

export async function removeChunks(connection: SqlQueryable, homeId: string, path: string): Promise<void> {
  await deleteChunks(connection, homeId, path);
  await connection.query("DELETE FROM mnemo_indexed_documents WHERE home_id = $1 AND path = $2", [
    homeId,
    path,
  ]);
}

async function sameState(
  connection: SqlQueryable,
  homeId: string,
  path: string,
  state: DocumentState,
): Promise<boolean> {
  const [row] = await connection.query<IndexedDocumentRow>(
    `SELECT ${INDEXED_DOCUMENT_COLUMNS} FROM mnemo_indexed_documents WHERE home_id = $1 AND path = $2`,
    [homeId, path],
  );
  const recorded = row && toDocumentState(row);
  return (
    recorded?.hash === state.hash &&
    recorded.mtimeMs === state.mtimeMs &&
    recorded.size === state.size &&
    recorded.changeStamp === state.changeStamp
  );
}

async function deleteChunks(connection: SqlQueryable, homeId: string, path: string): Promise<void> {
  const deleted = await connection.query<{ id: string | number; term_count: number }>(
    "DELETE FROM mnemo_chunks WHERE home_id = $1 AND path = $2 RETURNING id, term_count",
    [homeId, path],
  );
  if (deleted.length === 0) return;
  await connection.query(
    "DELETE FROM mnemo_chunk_terms WHERE home_id = $1 AND chunk_id = ANY($2::bigint[])",
    [homeId, deleted.map((row) => row.id)],
  );
  await updateCollection(connection, homeId, -deleted.length, -sum(deleted.map((row) => row.term_count)));
}

async function insertChunks(
  connection: SqlQueryable,
  homeId: string,
  chunks: ChunkRecord[],
  vectorOf: (chunk: ChunkRecord) => Float32Array | undefined,
): Promise<void> {
  if (chunks.length === 0) return;
  const ids = (
    await connection.query<{ id: string | number }>(
      "SELECT nextval('mnemo_chunk_ids') AS id FROM generate_series(1, $1)",
      [chunks.length],
    )
  )
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
  const terms = chunks.map((chunk) => chunkTerms(chunk.title, chunk.text));
  const column = <T>(value: (chunk: ChunkRecord) => T) => chunks.map(value);
  await connection.query(
    `INSERT INTO mnemo_chunks (home_id, id, path, kind, locator, line, title, text, memory_type, date, text_hash, term_count, embedding)
     SELECT $1, id, path, kind, locator, line, title, text, memory_type, date, text_hash, term_count, embedding::vector
     FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[],
       $10::text[], $11::text[], $12::int[], $13::text[])
       AS c(id, path, kind, locator, line, title, text, memory_type, date, text_hash, term_count, embedding)`,
    [
      homeId,
      ids,
      column((chunk) => chunk.path),
      column((chunk) => chunk.kind),
      column((chunk) => storableText(chunk.locator)),
      column((chunk) => chunk.line),
      column((chunk) => storableText(chunk.title)),
      column((chunk) => storableText(chunk.text)),
      column((chunk) => chunk.memoryType ?? null),
      column((chunk) => chunk.date ?? null),
      column((chunk) => chunk.textHash),
      terms.map((each) => each.length),
      column((chunk) => {
        const vector = vectorOf(chunk);
        return vector ? toPgvector(vector) : null;
      }),
    ],
  );
  const postings = terms.flatMap((each, position) =>
    [...each.frequencies].map(([term, frequency]) => ({
      term,
      chunkId: ids[position],
      frequency,
      length: each.length,
    })),
  );
  await connection.query(
    `INSERT INTO mnemo_chunk_terms (home_id, term, chunk_id, frequency, chunk_length)
     SELECT $1, term, chunk_id, frequency, chunk_length
     FROM unnest($2::text[], $3::bigint[], $4::int[], $5::int[]) AS p(term, chunk_id, frequency, chunk_length)`,
    [
      homeId,
      postings.map((each) => each.term),
      postings.map((each) => each.chunkId),
      postings.map((each) => each.frequency),
      postings.map((each) => each.length),
    ],
  );
  await updateCollection(connection, homeId, chunks.length, sum(terms.map((each) => each.length)));
}

async function updateCollection(
  connection: SqlQueryable,
  homeId: string,
  chunks: number,
  terms: number,
): Promise<void> {
  await connection.query(
    "UPDATE mnemo_search_homes SET chunk_count = chunk_count + $2, term_total = term_total + $3 WHERE home_id = $1",
    [homeId, chunks, terms],
  );
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + Number(value), 0);
}
