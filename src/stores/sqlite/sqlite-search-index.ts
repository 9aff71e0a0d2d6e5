import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import type {
  ChunkFilter,
  ChunkRecord,
  DocumentState,
  ScoredChunkId,
  SearchIndex,
  StoredChunk,
} from "../../contracts/search-index.js";
import { errorMessage, MnemoError } from "../../errors.js";
import { ftsMatchExpression } from "../../search/query-terms.js";
import { SEARCH_SCHEMA, SEARCH_SCHEMA_VERSION, vectorTableSql } from "./search-schema.js";

/**
 * The embedded search index: better-sqlite3 with FTS5 (BM25) and sqlite-vec (cosine KNN), in WAL
 * mode with a busy timeout so readers never block writers. `path` ":memory:" keeps it in memory.
 */
export interface SqliteSearchIndexOptions {
  path: string;
  busyTimeoutMs?: number;
}

interface ChunkRow {
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

export class SqliteSearchIndex implements SearchIndex {
  private readonly options: SqliteSearchIndexOptions;
  private database: Database.Database | undefined;
  /** Chunks per query term, and the number of chunks: valid until the next write. */
  private termCounts = new Map<string, number>();
  private chunkCount: number | undefined;

  constructor(options: SqliteSearchIndexOptions) {
    this.options = options;
  }

  async open(): Promise<void> {
    if (this.database) return;
    const { default: DatabaseConstructor } = await import("better-sqlite3");
    const sqliteVec = await import("sqlite-vec");
    if (this.options.path !== ":memory:") mkdirSync(dirname(this.options.path), { recursive: true });
    let database: Database.Database;
    try {
      database = new DatabaseConstructor(this.options.path);
      sqliteVec.load(database);
    } catch (error) {
      throw new MnemoError(
        "IO",
        `Cannot open the search index ${this.options.path}: ${errorMessage(error)}. Delete it and run \`mnemo reindex\`.`,
        { cause: error },
      );
    }
    database.pragma("journal_mode = WAL");
    database.pragma(`busy_timeout = ${this.options.busyTimeoutMs ?? 5000}`);
    database.pragma("synchronous = NORMAL");
    const version = Number(database.pragma("user_version", { simple: true }));
    if (version !== 0 && version !== SEARCH_SCHEMA_VERSION) {
      database.exec(
        "DROP TABLE IF EXISTS chunk_vectors; DROP TABLE IF EXISTS chunks_fts; DROP TABLE IF EXISTS chunks; DROP TABLE IF EXISTS documents; DROP TABLE IF EXISTS embedding_cache; DROP TABLE IF EXISTS meta;",
      );
    }
    database.exec(SEARCH_SCHEMA);
    database.pragma(`user_version = ${SEARCH_SCHEMA_VERSION}`);
    this.database = database;
    const model = this.readVectorModel();
    if (model) database.exec(vectorTableSql(model.dimensions));
  }

  async close(): Promise<void> {
    this.database?.close();
    this.database = undefined;
  }

  async documentStates(): Promise<Map<string, DocumentState>> {
    const rows = this.db().prepare("SELECT path, hash, mtime_ms, size FROM documents").all() as Array<{
      path: string;
      hash: string;
      mtime_ms: number;
      size: number;
    }>;
    return new Map(rows.map((row) => [row.path, { hash: row.hash, mtimeMs: row.mtime_ms, size: row.size }]));
  }

  async replaceDocument(
    path: string,
    state: DocumentState,
    chunks: ChunkRecord[],
    vectors: Map<string, Float32Array>,
  ): Promise<void> {
    const database = this.db();
    const hasVectors = this.readVectorModel() !== undefined;
    const insertChunk = database.prepare(
      "INSERT INTO chunks (path, kind, locator, line, title, text, memory_type, date, text_hash, has_vector) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const insertVector = hasVectors
      ? database.prepare("INSERT INTO chunk_vectors (rowid, embedding) VALUES (?, ?)")
      : undefined;
    database.transaction(() => {
      this.deleteChunksOf(path);
      for (const chunk of chunks) {
        const vector = insertVector ? vectors.get(chunk.textHash) : undefined;
        const { lastInsertRowid } = insertChunk.run(
          chunk.path,
          chunk.kind,
          chunk.locator,
          chunk.line,
          chunk.title,
          chunk.text,
          chunk.memoryType ?? null,
          chunk.date ?? null,
          chunk.textHash,
          vector ? 1 : 0,
        );
        if (vector && insertVector) insertVector.run(BigInt(lastInsertRowid), vector);
      }
      database
        .prepare(
          "INSERT INTO documents (path, hash, mtime_ms, size) VALUES (?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET hash = excluded.hash, mtime_ms = excluded.mtime_ms, size = excluded.size",
        )
        .run(path, state.hash, state.mtimeMs, state.size);
    })();
  }

  async removeDocument(path: string): Promise<void> {
    const database = this.db();
    database.transaction(() => {
      this.deleteChunksOf(path);
      database.prepare("DELETE FROM documents WHERE path = ?").run(path);
    })();
  }

  async textSearch(
    terms: string[],
    options: { limit: number; filter?: ChunkFilter },
  ): Promise<ScoredChunkId[]> {
    const { rare, found } = this.splitTermsByFrequency(terms);
    const ranked = this.bm25(rare.length > 0 ? rare : found, options);
    if (rare.length === 0 || rare.length === found.length || ranked.length >= options.limit) return ranked;
    // Too few chunks hold a rare term: fill up with those holding only common ones (they score ~0 anyway).
    const seen = new Set(ranked.map((hit) => hit.id));
    const rest = this.bm25(found, { ...options, limit: options.limit }).filter((hit) => !seen.has(hit.id));
    return [...ranked, ...rest].slice(0, options.limit);
  }

  private bm25(terms: string[], options: { limit: number; filter?: ChunkFilter }): ScoredChunkId[] {
    if (terms.length === 0) return [];
    const { clause, parameters } = filterClause(options.filter);
    return this.db()
      .prepare(
        `SELECT c.id AS id, -bm25(chunks_fts) AS score FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
         WHERE chunks_fts MATCH ? ${clause} ORDER BY bm25(chunks_fts) LIMIT ?`,
      )
      .all(ftsMatchExpression(terms), ...parameters, options.limit) as ScoredChunkId[];
  }

  /**
   * FTS5's BM25 gives a term found in half the chunks or more an IDF of about zero, yet scoring it
   * means visiting all those chunks. Such terms are searched only when the rarer ones find too
   * little; the ranking is the same, the search far faster. Counts are cached until the next write.
   */
  private splitTermsByFrequency(terms: string[]): { rare: string[]; found: string[] } {
    const database = this.db();
    const total =
      this.chunkCount ??
      Number((database.prepare("SELECT count(*) AS n FROM chunks").get() as { n: number }).n);
    this.chunkCount = total;
    const countOf = database.prepare("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?");
    const found = terms.filter((term) => {
      let count = this.termCounts.get(term);
      if (count === undefined) {
        count = Number((countOf.get(ftsMatchExpression([term])) as { n: number }).n);
        this.termCounts.set(term, count);
      }
      return count > 0;
    });
    return { rare: found.filter((term) => (this.termCounts.get(term) ?? 0) < total / 2), found };
  }

  async vectorSearch(
    vector: Float32Array,
    options: { limit: number; filter?: ChunkFilter },
  ): Promise<ScoredChunkId[]> {
    if (!this.readVectorModel()) return [];
    const { clause, parameters } = filterClause(options.filter);
    const fetch = clause === "" ? options.limit : Math.min(options.limit * 10, 4096);
    // The KNN runs in a subquery of its own, so filters apply to its result, never inside vec0.
    const rows = this.db()
      .prepare(
        `SELECT knn.id AS id, 1 - knn.distance AS score
         FROM (SELECT rowid AS id, distance FROM chunk_vectors WHERE embedding MATCH ? AND k = ?) knn
         JOIN chunks c ON c.id = knn.id WHERE 1 = 1 ${clause} ORDER BY knn.distance`,
      )
      .all(vector, fetch, ...parameters) as ScoredChunkId[];
    return rows.slice(0, options.limit);
  }

  async chunks(ids: number[]): Promise<StoredChunk[]> {
    if (ids.length === 0) return [];
    const rows = this.db()
      .prepare(`SELECT * FROM chunks WHERE id IN (${ids.map(() => "?").join(",")})`)
      .all(...ids) as ChunkRow[];
    const byId = new Map(rows.map((row) => [row.id, toStoredChunk(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Read from the embedding cache by the chunks' text hashes (primary-key lookups), and from the
   * vec0 table only for chunks whose vector was set without passing the cache: vec0 has no fast
   * lookup by rowid (about 70 µs a row here, against a few µs).
   */
  async vectorsOf(ids: number[]): Promise<Map<number, Float32Array>> {
    if (ids.length === 0 || !this.readVectorModel()) return new Map();
    const placeholders = ids.map(() => "?").join(",");
    const cached = this.db()
      .prepare(
        `SELECT c.id AS id, e.vector AS vector FROM chunks c JOIN embedding_cache e ON e.text_hash = c.text_hash
         WHERE c.id IN (${placeholders}) AND c.has_vector = 1`,
      )
      .all(...ids) as Array<{ id: number; vector: Buffer }>;
    const found = new Map(cached.map((row) => [row.id, float32View(row.vector)]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    const stored = this.db()
      .prepare(
        `SELECT rowid AS id, embedding FROM chunk_vectors WHERE rowid IN (${missing.map(() => "?").join(",")})`,
      )
      .all(...missing.map((id) => BigInt(id))) as Array<{ id: number | bigint; embedding: Buffer }>;
    for (const row of stored) found.set(Number(row.id), float32View(row.embedding));
    return found;
  }

  async chunksWithoutVector(limit: number): Promise<StoredChunk[]> {
    const rows = this.db()
      .prepare("SELECT * FROM chunks WHERE has_vector = 0 ORDER BY id LIMIT ?")
      .all(limit) as ChunkRow[];
    return rows.map(toStoredChunk);
  }

  async setVectors(vectors: Map<number, Float32Array>): Promise<void> {
    if (!this.readVectorModel()) return;
    const database = this.db();
    const insert = database.prepare("INSERT OR REPLACE INTO chunk_vectors (rowid, embedding) VALUES (?, ?)");
    const mark = database.prepare("UPDATE chunks SET has_vector = 1 WHERE id = ?");
    database.transaction(() => {
      for (const [id, vector] of vectors) {
        insert.run(BigInt(id), vector);
        mark.run(id);
      }
    })();
  }

  async vectorModel(): Promise<{ id: string; dimensions: number } | undefined> {
    return this.readVectorModel();
  }

  async resetVectors(model: { id: string; dimensions: number }): Promise<void> {
    const database = this.db();
    database.transaction(() => {
      database.exec(
        "DROP TABLE IF EXISTS chunk_vectors; DELETE FROM embedding_cache; UPDATE chunks SET has_vector = 0;",
      );
      database.exec(vectorTableSql(model.dimensions));
      const upsert = database.prepare(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      );
      upsert.run("vector_model", model.id);
      upsert.run("vector_dimensions", String(model.dimensions));
    })();
  }

  async cachedEmbeddings(textHashes: string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    const select = this.db().prepare("SELECT vector FROM embedding_cache WHERE text_hash = ?");
    for (const hash of new Set(textHashes)) {
      const row = select.get(hash) as { vector: Buffer } | undefined;
      if (row) found.set(hash, float32View(row.vector));
    }
    return found;
  }

  async cacheEmbeddings(vectors: Map<string, Float32Array>): Promise<void> {
    const database = this.db();
    const insert = database.prepare(
      "INSERT OR REPLACE INTO embedding_cache (text_hash, vector) VALUES (?, ?)",
    );
    database.transaction(() => {
      for (const [hash, vector] of vectors)
        insert.run(hash, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
    })();
  }

  async stats(): Promise<{ documents: number; chunks: number; vectors: number }> {
    const count = (sql: string) => Number((this.db().prepare(sql).get() as { n: number }).n);
    return {
      documents: count("SELECT count(*) AS n FROM documents"),
      chunks: count("SELECT count(*) AS n FROM chunks"),
      vectors: count("SELECT count(*) AS n FROM chunks WHERE has_vector = 1"),
    };
  }

  private deleteChunksOf(path: string): void {
    this.forgetCounts();
    const database = this.db();
    if (this.readVectorModel()) {
      database
        .prepare(
          "DELETE FROM chunk_vectors WHERE rowid IN (SELECT id FROM chunks WHERE path = ? AND has_vector = 1)",
        )
        .run(path);
    }
    database.prepare("DELETE FROM chunks WHERE path = ?").run(path);
  }

  private forgetCounts(): void {
    this.termCounts.clear();
    this.chunkCount = undefined;
  }

  private readVectorModel(): { id: string; dimensions: number } | undefined {
    const rows = this.db()
      .prepare("SELECT key, value FROM meta WHERE key IN ('vector_model', 'vector_dimensions')")
      .all() as Array<{ key: string; value: string }>;
    const id = rows.find((row) => row.key === "vector_model")?.value;
    const dimensions = Number(rows.find((row) => row.key === "vector_dimensions")?.value);
    return id && dimensions > 0 ? { id, dimensions } : undefined;
  }

  private db(): Database.Database {
    if (!this.database) throw new MnemoError("IO", "The search index is not open; call open() first.");
    return this.database;
  }
}

function filterClause(filter: ChunkFilter | undefined): { clause: string; parameters: string[] } {
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

function toStoredChunk(row: ChunkRow): StoredChunk {
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

/** A copy of a BLOB's bytes as float32 values (a copy: the Buffer's memory may be pooled and unaligned). */
function float32View(blob: Buffer): Float32Array {
  return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
}
