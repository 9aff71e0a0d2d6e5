import type { ChunkRecord, DocumentState } from "../../contracts/search-index.js";
import { MnemoError } from "../../errors.js";
import { chunkTerms } from "../bm25/bm25-terms.js";
import { sameChunks } from "../sqlite/chunk-rows.js";
import { toPgvector } from "./pgvector-text.js";
import {
  CHUNK_COLUMNS,
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
  const { model, recorded } = await modelAndState(connection, homeId, path);
  const stored = await connection.query<Parameters<typeof toChunkRow>[0]>(
    `SELECT ${CHUNK_COLUMNS} FROM mnemo_chunks WHERE home_id = $1 AND path = $2 ORDER BY id`,
    [homeId, path],
  );
  const getsVector = (chunk: ChunkRecord) => model !== undefined && vectors.has(chunk.textHash);
  const unchanged = sameChunks(stored.map(toChunkRow), chunks, getsVector);
  if (unchanged && recorded !== undefined && sameState(recorded, state)) return;
  if (!unchanged) {
    if (stored.length > 0) await deleteChunks(connection, homeId, path);
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

/** The home's vector model and the document's recorded state, in one read. */
async function modelAndState(
  connection: SqlQueryable,
  homeId: string,
  path: string,
): Promise<{ model: VectorModel | undefined; recorded: DocumentState | undefined }> {
  const [row] = await connection.query<
    { vector_model: string | null; vector_dimensions: number | null } & Partial<IndexedDocumentRow>
  >(
    `SELECT h.vector_model, h.vector_dimensions, d.path, d.hash, d.mtime_ms, d.size, d.change_stamp
     FROM mnemo_search_homes h LEFT JOIN mnemo_indexed_documents d ON d.home_id = h.home_id AND d.path = $2
     WHERE h.home_id = $1`,
    [homeId, path],
  );
  const model =
    row?.vector_model && row.vector_dimensions
      ? { id: row.vector_model, dimensions: Number(row.vector_dimensions) }
      : undefined;
  const recorded =
    row?.hash === undefined || row.hash === null ? undefined : toDocumentState(row as IndexedDocumentRow);
  return { model, recorded };
}

function sameState(recorded: DocumentState, state: DocumentState): boolean {
  return (
    recorded.hash === state.hash &&
    recorded.mtimeMs === state.mtimeMs &&
    recorded.size === state.size &&
    recorded.changeStamp === state.changeStamp
  );
}

/**
 * A document's chunks, their postings and their share of the home's statistics (chunk count, total
 * length, each term's chunks; a term no chunk holds any more loses its row), gone in one statement.
 */
async function deleteChunks(connection: SqlQueryable, homeId: string, path: string): Promise<void> {
  await connection.query(
    `WITH gone AS (DELETE FROM mnemo_chunks WHERE home_id = $1 AND path = $2 RETURNING id, term_count),
       postings AS (DELETE FROM mnemo_chunk_terms p USING gone WHERE p.home_id = $1 AND p.chunk_id = gone.id
         RETURNING p.term),
       dropped AS (SELECT term, count(*) AS chunks FROM postings GROUP BY term),
       emptied AS (DELETE FROM mnemo_term_chunks s USING dropped d
         WHERE s.home_id = $1 AND s.term = d.term AND s.chunks <= d.chunks),
       counted AS (UPDATE mnemo_term_chunks s SET chunks = s.chunks - d.chunks FROM dropped d
         WHERE s.home_id = $1 AND s.term = d.term AND s.chunks > d.chunks)
     UPDATE mnemo_search_homes SET chunk_count = chunk_count - (SELECT count(*) FROM gone),
       term_total = term_total - (SELECT coalesce(sum(term_count), 0) FROM gone)
     WHERE home_id = $1`,
    [homeId, path],
  );
}

/**
 * The chunks, their postings and their share of the home's statistics (each term's chunks counted
 * from the postings: one posting a term and chunk), in one statement: new ids
 * from the sequence, ascending in the chunks' order (a document's chunks are read back by id).
 */
async function insertChunks(
  connection: SqlQueryable,
  homeId: string,
  chunks: ChunkRecord[],
  vectorOf: (chunk: ChunkRecord) => Float32Array | undefined,
): Promise<void> {
  if (chunks.length === 0) return;
  const terms = chunks.map((chunk) => chunkTerms(chunk.title, chunk.text));
  const column = <T>(value: (chunk: ChunkRecord) => T) => chunks.map(value);
  const postings = terms.flatMap((each, position) =>
    [...each.frequencies].map(([term, frequency]) => ({
      term,
      position: position + 1,
      frequency,
      length: each.length,
    })),
  );
  await connection.query(
    `WITH ids AS (
       SELECT id, row_number() OVER (ORDER BY id) AS position
       FROM (SELECT nextval('mnemo_chunk_ids') AS id FROM generate_series(1, $14::int)) AS fresh),
     chunks AS (
       INSERT INTO mnemo_chunks (home_id, id, path, kind, locator, line, title, text, memory_type, date, updated, text_hash, term_count, embedding)
       SELECT $1, ids.id, c.path, c.kind, c.locator, c.line, c.title, c.text, c.memory_type, c.date, c.updated, c.text_hash,
         c.term_count, c.embedding::vector
       FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[],
         $19::text[], $10::text[], $11::int[], $12::text[]) WITH ORDINALITY
         AS c(path, kind, locator, line, title, text, memory_type, date, updated, text_hash, term_count, embedding, position)
       JOIN ids USING (position)),
     postings AS (
       INSERT INTO mnemo_chunk_terms (home_id, term, chunk_id, frequency, chunk_length)
       SELECT $1, p.term, ids.id, p.frequency, p.chunk_length
       FROM unnest($15::text[], $16::int[], $17::int[], $18::int[]) AS p(term, position, frequency, chunk_length)
       JOIN ids USING (position)),
     term_chunks AS (
       INSERT INTO mnemo_term_chunks (home_id, term, chunks)
       SELECT $1, term, count(*) FROM unnest($15::text[]) AS p(term) GROUP BY term
       ON CONFLICT (home_id, term) DO UPDATE SET chunks = mnemo_term_chunks.chunks + excluded.chunks)
     UPDATE mnemo_search_homes SET chunk_count = chunk_count + $14, term_total = term_total + $13 WHERE home_id = $1`,
    [
      homeId,
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
      sum(terms.map((each) => each.length)),
      chunks.length,
      postings.map((each) => each.term),
      postings.map((each) => each.position),
      postings.map((each) => each.frequency),
      postings.map((each) => each.length),
      column((chunk) => chunk.updated ?? null),
    ],
  );
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + Number(value), 0);
}
