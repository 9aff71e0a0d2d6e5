import type { DocumentState } from "../../contracts/search-index.js";
import type { ChunkRow } from "../sqlite/chunk-rows.js";

/**
 * Rows of mnemo_chunks and mnemo_indexed_documents in the embedded index's row shapes, so both
 * indexes share toStoredChunk and sameChunks (src/adapters/sqlite/chunk-rows.ts). pg returns
 * bigint as a string and PGlite as a number: both become numbers (ids come from a sequence and stay
 * far below 2^53).
 */
export const CHUNK_COLUMNS =
  "id, path, kind, locator, line, title, text, memory_type, date, updated, text_hash, (embedding IS NOT NULL)::int AS has_vector";

type RawChunkRow = Omit<ChunkRow, "id" | "line" | "has_vector"> & {
  id: number | string;
  line: number | string;
  has_vector: number | string;
};

export function toChunkRow(raw: RawChunkRow): ChunkRow {
  return { ...raw, id: Number(raw.id), line: Number(raw.line), has_vector: Number(raw.has_vector) };
}

export interface IndexedDocumentRow {
  path: string;
  hash: string;
  mtime_ms: number | string;
  size: number | string;
  change_stamp: string | null;
}

export const INDEXED_DOCUMENT_COLUMNS = "path, hash, mtime_ms, size, change_stamp";

export function toDocumentState(row: IndexedDocumentRow): DocumentState {
  return {
    hash: row.hash,
    mtimeMs: Number(row.mtime_ms),
    size: Number(row.size),
    changeStamp: row.change_stamp ?? undefined,
  };
}

/** PostgreSQL text holds no NUL character; in the derived index one becomes U+FFFD (the document keeps it). */
export function storableText(text: string): string {
  return text.includes("\0") ? text.replaceAll("\0", "\uFFFD") : text;
}
