import type { ChunkFilter, ChunkRecord, DocumentState, StoredChunk } from "../../contracts/search-index.js";

/** A row of the `documents` table: the state of a file when it was indexed. */
export interface DocumentRow {
  path: string;
  hash: string;
  mtime_ms: number;
  size: number;
  change_stamp: string | null;
}

export const SELECT_DOCUMENTS = "SELECT path, hash, mtime_ms, size, change_stamp FROM documents";

export function toDocumentState(row: DocumentRow): DocumentState {
  return {
    hash: row.hash,
    mtimeMs: row.mtime_ms,
    size: row.size,
    changeStamp: row.change_stamp ?? undefined,
  };
}

/** A row of the `chunks` table, and the SQL of a ChunkFilter over it (alias `c`). */
export interface ChunkRow {
  id: number;
  path: string;
  kind: string;
  locator: string;
  line: number;
  title: string;
  text: string;
  memory_type: string | null;
  date: string | null;
  updated: string | null;
  text_hash: string;
  has_vector: number;
}

export function toStoredChunk(row: ChunkRow): StoredChunk {
  return {
    id: row.id,
    path: row.path,
    kind: row.kind,
    locator: row.locator,
    line: row.line,
    title: row.title,
    text: row.text,
    memoryType: row.memory_type ?? undefined,
    date: row.date ?? undefined,
    ...(row.updated === null ? {} : { updated: row.updated }),
    textHash: row.text_hash,
  };
}

/**
 * True when a document's stored chunks (in id order) are exactly the new ones, so a replace would
 * change nothing but their ids: the same fields in the same order, and no chunk about to get a
 * vector it lacks. Another process indexing the same file first is the usual case.
 */
export function sameChunks(
  stored: ChunkRow[],
  chunks: ChunkRecord[],
  getsVector: (chunk: ChunkRecord) => boolean,
): boolean {
  return (
    stored.length === chunks.length &&
    chunks.every((chunk, position) => {
      const row = stored[position] as ChunkRow;
      return (
        row.path === chunk.path &&
        row.kind === chunk.kind &&
        row.locator === chunk.locator &&
        row.line === chunk.line &&
        row.title === chunk.title &&
        row.text === chunk.text &&
        row.memory_type === (chunk.memoryType ?? null) &&
        row.date === (chunk.date ?? null) &&
        row.updated === (chunk.updated ?? null) &&
        row.text_hash === chunk.textHash &&
        (row.has_vector === 1 || !getsVector(chunk))
      );
    })
  );
}

/** `AND ...` conditions on `c` for the filter (empty without one), and their parameters. */
export function filterClause(filter: ChunkFilter | undefined): { clause: string; parameters: string[] } {
  const conditions: string[] = [];
  const parameters: string[] = [];
  if (filter?.memoryType) {
    conditions.push("c.memory_type = ?");
    parameters.push(filter.memoryType);
  }
  if (filter?.kind) {
    conditions.push("c.kind = ?");
    parameters.push(filter.kind);
  }
  if (filter?.path) {
    if (filter.path.endsWith("/")) {
      conditions.push("substr(c.path, 1, ?) = ?");
      parameters.push(String(filter.path.length), filter.path);
    } else {
      conditions.push("c.path = ?");
      parameters.push(filter.path);
    }
  }
  if (filter?.since) {
    conditions.push("c.date >= ?");
    parameters.push(filter.since);
  }
  if (filter?.until) {
    conditions.push("c.date <= ?");
    parameters.push(filter.until);
  }
  return { clause: conditions.map((condition) => `AND ${condition}`).join(" "), parameters };
}
