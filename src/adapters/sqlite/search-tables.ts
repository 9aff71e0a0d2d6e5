/**
 * The search index's tables, read and written synchronously through one open connection:
 * documents, chunks with their FTS5 index (BM25: fts5-bm25.ts, or the terms in memory:
 * sqlite-chunk-terms.ts), and the chunks' vectors (SqliteChunkVectors).
 * SqliteSearchIndex owns the connection and turns SQLite's failures into mnemo's.
 */
import type Database from "better-sqlite3";
import type {
  ChunkFilter,
  ChunkRecord,
  DocumentReplacement,
  DocumentState,
  ScoredChunkId,
  StoredChunk,
  TermCounts,
} from "../../contracts/search-index.js";
import { queryTermCounts, searchTermWeights } from "../bm25/bm25-terms.js";
import {
  type ChunkRow,
  type DocumentRow,
  filterClause,
  SELECT_DOCUMENTS,
  sameChunks,
  toDocumentState,
  toStoredChunk,
} from "./chunk-rows.js";
import { Fts5Bm25 } from "./fts5-bm25.js";
import { SqliteChunkTerms, type TermChanges, type TermGathering } from "./sqlite-chunk-terms.js";
import { SqliteChunkVectors, type VectorChanges } from "./sqlite-chunk-vectors.js";
import { StatementCache } from "./statement-cache.js";

/** A search's limit and filter, and the chunks the filter lets through (allowedChunks), read once for both searches. */
interface FilteredSearch {
  limit: number;
  filter?: ChunkFilter;
  allowed: ReadonlySet<number> | undefined;
}
export interface LexicalResult {
  hits: ScoredChunkId[];
  termCounts: TermCounts;
}

export class SearchTables {
  private readonly database: Database.Database;
  private readonly statements: StatementCache;
  private readonly vectors: SqliteChunkVectors;
  private readonly terms: SqliteChunkTerms;
  private readonly fts5: Fts5Bm25;
  private seenDataVersion: number | undefined;

  constructor(database: Database.Database, options: { termGathering?: TermGathering } = {}) {
    this.database = database;
    this.statements = new StatementCache(database);
    this.vectors = new SqliteChunkVectors(database, this.statements);
    this.terms = new SqliteChunkTerms(this.statements, options.termGathering);
    this.fts5 = new Fts5Bm25(this.statements);
  }

  /** Where BM25 comes from now: the chunks' terms in memory once gathered, else FTS5. */
  bm25Source(): "memory" | "fts5" {
    return this.terms.gatheredAll() ? "memory" : "fts5";
  }

  /** The connection is closing: background work stops. */
  close(): void {
    this.terms.stop();
  }

  documentStates(): Map<string, DocumentState> {
    const rows = this.sql(SELECT_DOCUMENTS).all() as DocumentRow[];
    return new Map(rows.map((row) => [row.path, toDocumentState(row)]));
  }

  /**
   * Replaces a document's chunks in one IMMEDIATE transaction. When they are already the same
   * (another process indexed the same file first) nothing is rewritten: the check is made first
   * without the write lock, then again under it, and at most the document's state is updated.
   */
  replaceDocument(
    path: string,
    state: DocumentState,
    chunks: ChunkRecord[],
    vectors: Map<string, Float32Array>,
  ): void {
    this.replaceDocuments([{ path, state, chunks, vectors }]);
  }

  /**
   * Replaces each document's chunks, all in one IMMEDIATE transaction (a commit each cost a search
   * catching up with 500 saves about a third of its catch-up). A document whose chunks are already
   * the same (another process indexed the same file first) is not rewritten: the check is made
   * first without the write lock, then again under it, and at most its state is updated.
   */
  replaceDocuments(documents: DocumentReplacement[]): void {
    const model = this.vectors.model();
    const unchanged = ({ path, chunks, vectors }: DocumentReplacement) =>
      sameChunks(
        this.storedChunksOf(path),
        chunks,
        (chunk) => model !== undefined && vectors.has(chunk.textHash),
      );
    const changed = documents.filter(
      (document) => !(this.sameState(document.path, document.state) && unchanged(document)),
    );
    if (changed.length === 0) return;
    // Stryker disable next-line ArrayDeclaration: equivalent, removing an id no chunk has changes nothing
    const changes: VectorChanges = { set: new Map(), removed: [] };
    // Stryker disable next-line ArrayDeclaration: the same
    const termChanges: TermChanges = { added: [], removed: [] };
    this.database
      .transaction(() => {
        for (const document of changed) {
          if (!unchanged(document)) this.writeChunks(document, { changes, termChanges });
          this.recordState(document.path, document.state);
        }
      })
      .immediate();
    this.vectors.applyCommitted(changes);
    this.terms.applyCommitted(termChanges);
  }

  /** Inside a write transaction: the document's chunks replaced by these, with their vectors. */
  private writeChunks(
    { path, chunks, vectors }: DocumentReplacement,
    write: { changes: VectorChanges; termChanges: TermChanges },
  ): void {
    const model = this.vectors.model();
    const insertChunk = this.sql(
      "INSERT INTO chunks (path, kind, locator, line, title, text, memory_type, date, updated, text_hash, has_vector) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const removed = this.deleteChunksOf(path);
    for (const id of removed.withVector) write.changes.removed.push(id);
    for (const id of removed.all) write.termChanges.removed.push(id);
    for (const chunk of chunks) {
      const vector = model ? vectors.get(chunk.textHash) : undefined;
      const { lastInsertRowid } = insertChunk.run(
        chunk.path,
        chunk.kind,
        chunk.locator,
        chunk.line,
        chunk.title,
        chunk.text,
        chunk.memoryType ?? null,
        chunk.date ?? null,
        chunk.updated ?? null,
        chunk.textHash,
        vector ? 1 : 0,
      );
      const id = Number(lastInsertRowid);
      write.termChanges.added.push({ id, title: chunk.title, text: chunk.text });
      if (vector && model) {
        write.changes.set.set(
          id,
          this.vectors.storeVectorOf({ id, textHash: chunk.textHash }, vector, model),
        );
      }
    }
  }

  private storedChunksOf(path: string): ChunkRow[] {
    return this.sql("SELECT * FROM chunks WHERE path = ? ORDER BY id").all(path) as ChunkRow[];
  }

  private sameState(path: string, state: DocumentState): boolean {
    const row = this.sql(`${SELECT_DOCUMENTS} WHERE path = ?`).get(path) as DocumentRow | undefined;
    const recorded = row && toDocumentState(row);
    return (
      recorded?.hash === state.hash &&
      recorded.mtimeMs === state.mtimeMs &&
      recorded.size === state.size &&
      recorded.changeStamp === state.changeStamp
    );
  }

  private recordState(path: string, state: DocumentState): void {
    this.sql(
      `INSERT INTO documents (path, hash, mtime_ms, size, change_stamp) VALUES (?, ?, ?, ?, ?) ON CONFLICT(path)
       DO UPDATE SET hash = excluded.hash, mtime_ms = excluded.mtime_ms, size = excluded.size, change_stamp = excluded.change_stamp`,
    ).run(path, state.hash, state.mtimeMs, state.size, state.changeStamp ?? null);
  }

  removeDocument(path: string): void {
    const database = this.database;
    let removed = { all: [] as number[], withVector: [] as number[] };
    database
      .transaction(() => {
        removed = this.deleteChunksOf(path);
        this.sql("DELETE FROM documents WHERE path = ?").run(path);
      })
      .immediate();
    this.vectors.applyCommitted({ set: new Map(), removed: removed.withVector });
    this.terms.applyCommitted({ added: [], removed: removed.all });
  }

  /**
   * The ids of the chunks a filter lets through (undefined without one), for both searches of a
   * recall: a filtered search ranks only these. Dates have an index: a time window's chunks are
   * read by range, not by looking at every chunk.
   */
  allowedChunks(filter: ChunkFilter | undefined): ReadonlySet<number> | undefined {
    const { clause, parameters } = filterClause(filter);
    if (clause === "") return undefined;
    return new Set(
      this.sql(`SELECT c.id FROM chunks c WHERE 1 ${clause}`)
        .pluck()
        .all(...parameters) as number[],
    );
  }

  /**
   * BM25 candidates and how many chunks hold each query word: from the chunks' terms in memory
   * once gathered (sqlite-chunk-terms.ts, ranking only `allowed` when a filter applies), from FTS5
   * before that.
   */
  lexicalSearch(terms: string[], options: FilteredSearch): LexicalResult {
    this.noticeOtherWriters();
    const postings = this.terms.current();
    if (!postings) return this.fts5.search(terms, options);
    const { hits, holding } = postings.search(searchTermWeights(terms), options.limit, options.allowed);
    return { hits, termCounts: queryTermCounts(terms, holding, postings.size) };
  }

  /** Nearest chunks by cosine, from the in-memory vector index; a filter is applied before ranking. */
  vectorSearch(vector: Float32Array, options: FilteredSearch): ScoredChunkId[] {
    this.noticeOtherWriters();
    return this.vectors.search(vector, { limit: options.limit, allowed: options.allowed });
  }

  chunks(ids: number[]): StoredChunk[] {
    if (ids.length === 0) return [];
    const rows = this.sql(`SELECT * FROM chunks WHERE id IN (${ids.map(() => "?").join(",")})`).all(
      ...ids,
    ) as ChunkRow[];
    const byId = new Map(rows.map((row) => [row.id, toStoredChunk(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The exact stored vectors (from the embedding cache), not the in-memory quantised copies. */
  vectorsOf(ids: number[]): Map<number, Float32Array> {
    return this.vectors.readVectors(ids);
  }

  vectorScores(vector: Float32Array, ids: number[]): ScoredChunkId[] {
    this.noticeOtherWriters();
    return this.vectors.scores(vector, ids);
  }

  chunksWithoutVector(limit: number): StoredChunk[] {
    const rows = this.sql("SELECT * FROM chunks WHERE has_vector = 0 ORDER BY id LIMIT ?").all(
      limit,
    ) as ChunkRow[];
    return rows.map(toStoredChunk);
  }

  setVectors(vectors: Map<number, Float32Array>): void {
    this.vectors.setVectors(vectors);
  }

  vectorModel(): { id: string; dimensions: number } | undefined {
    return this.vectors.model();
  }

  resetVectors(model: { id: string; dimensions: number }): void {
    this.vectors.reset(model);
  }

  cachedEmbeddings(textHashes: string[]): Map<string, Float32Array> {
    return this.vectors.cachedEmbeddings(textHashes);
  }

  cacheEmbeddings(vectors: Map<string, Float32Array>): void {
    this.vectors.cacheEmbeddings(vectors);
  }

  stats(): { documents: number; chunks: number; vectors: number } {
    const count = (sql: string) => Number(this.sql(sql).pluck().get());
    return {
      documents: count("SELECT count(*) FROM documents"),
      chunks: count("SELECT count(*) FROM chunks"),
      vectors: count("SELECT count(*) FROM chunks WHERE has_vector = 1"),
    };
  }

  /** Inside a transaction: deletes a document's chunks; returns their ids, and those that had a vector. */
  private deleteChunksOf(path: string): { all: number[]; withVector: number[] } {
    this.fts5.forgetCounts();
    const rows = this.sql("SELECT id, has_vector FROM chunks WHERE path = ?").raw().all(path) as Array<
      [number, number]
    >;
    this.sql("DELETE FROM chunks WHERE path = ?").run(path);
    return {
      all: rows.map(([id]) => id),
      withVector: rows.flatMap(([id, hasVector]) => (hasVector ? [id] : [])),
    };
  }

  /** Another connection (another process) committed since the last look: cached state is stale. */
  private noticeOtherWriters(): void {
    const dataVersion = Number(this.sql("PRAGMA data_version").pluck().get());
    if (dataVersion === this.seenDataVersion) return;
    this.seenDataVersion = dataVersion;
    this.fts5.forgetCounts();
    this.vectors.markStale();
    this.terms.markStale();
  }

  private sql(sql: string): Database.Statement {
    return this.statements.get(sql);
  }
}
