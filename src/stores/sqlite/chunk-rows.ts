import type { ChunkFilter, StoredChunk } from "../../contracts/search-index.js";

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
  text_hash: string;
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
    textHash: row.text_hash,
  };
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
