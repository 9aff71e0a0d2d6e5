/**
 * The embedded search index: better-sqlite3 with FTS5 (BM25) and the chunks' vectors (searched in
 * memory, see sqlite-chunk-vectors.ts), in WAL mode so readers never wait for a writer, with a busy
 * timeout and IMMEDIATE write transactions so writers in other processes wait their turn instead of
 * failing. `path` ":memory:" keeps it in memory. A file found damaged, on open or in use, is moved
 * aside and the index starts over empty (its generation changes), to be filled from the files.
 */
import type Database from "better-sqlite3";
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
import { errorMessage, MnemoError } from "../../errors.js";
import { writeWarning } from "../../rules/write-warning.js";
import { openSearchDatabase, startOver } from "./open-search-database.js";
import { busyError, sqliteFailureOf } from "./open-sqlite-file.js";
import { SearchTables } from "./search-tables.js";
import type { TermGathering } from "./sqlite-chunk-terms.js";
import { sqliteFilePath } from "./sqlite-file-path.js";

export interface SqliteSearchIndexOptions {
  path: string;
  /** The memory home `path` must stay inside (through symbolic links too); refused with OUTSIDE_HOME otherwise. */
  home?: string;
  /** How long a write waits for another process's write. Default 5000 ms. */
  busyTimeoutMs?: number;
  /**
   * When BM25 moves from FTS5 to the chunks' terms in memory: "background" (default: gathered
   * between searches), "now" (at the first search), "never" (FTS5 only). See sqlite-chunk-terms.ts.
   */
  termGathering?: TermGathering;
  /** Told when a damaged file is moved aside. Default: stderr. */
  warn?: (message: string) => void;
}

interface Opened {
  database: Database.Database;
  tables: SearchTables;
  /** The file, checked inside the home, and its inode: what is moved aside if it turns out damaged. */
  path: string;
  inode: number | undefined;
}

/** The embedding cache lives in the same file, so one object serves both contracts. */
export class SqliteSearchIndex implements SearchIndex, EmbeddingCache {
  private readonly options: SqliteSearchIndexOptions;
  private opened: Opened | undefined;
  /** How many times a damaged file was left for a new one. */
  private startedOver = 0;

  constructor(options: SqliteSearchIndexOptions) {
    this.options = options;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    const path = await sqliteFilePath(this.options);
    const { database, inode } = await openSearchDatabase({ path, ...this.openOptions() });
    const tables = new SearchTables(database, { termGathering: this.options.termGathering });
    this.opened = { database, tables, path, inode };
  }

  async generation(): Promise<number> {
    return this.startedOver;
  }

  async close(): Promise<void> {
    this.opened?.tables.close();
    this.opened?.database.close();
    this.opened = undefined;
  }

  documentStates(): Promise<Map<string, DocumentState>> {
    return this.use((tables) => tables.documentStates());
  }

  replaceDocument(
    path: string,
    state: DocumentState,
    chunks: ChunkRecord[],
    vectors: Map<string, Float32Array>,
  ): Promise<void> {
    return this.use((tables) => tables.replaceDocument(path, state, chunks, vectors));
  }

  replaceDocuments(documents: DocumentReplacement[]): Promise<void> {
    return this.use((tables) => tables.replaceDocuments(documents));
  }

  removeDocument(path: string): Promise<void> {
    return this.use((tables) => tables.removeDocument(path));
  }

  /** BM25 (search-tables.ts); nearest vectors from the in-memory vector index. A filter applies before ranking. */
  search(query: CandidateQuery): Promise<SearchCandidates> {
    return this.use((tables) => {
      const filtered = { ...query, allowed: tables.allowedChunks(query.filter) };
      const lexical = tables.lexicalSearch(query.terms, filtered);
      return {
        text: lexical.hits,
        vector: query.vector ? tables.vectorSearch(query.vector, filtered) : [],
        termCounts: lexical.termCounts,
      };
    });
  }

  /** Where BM25 comes from now (search-tables.ts): for tests and benches. */
  bm25Source(): Promise<"memory" | "fts5"> {
    return this.use((tables) => tables.bm25Source());
  }

  chunks(ids: number[]): Promise<StoredChunk[]> {
    return this.use((tables) => tables.chunks(ids));
  }

  /** The exact stored vectors (from the embedding cache), not the in-memory quantised copies. */
  vectorsOf(ids: number[]): Promise<Map<number, Float32Array>> {
    return this.use((tables) => tables.vectorsOf(ids));
  }

  rescore(vector: Float32Array, ids: number[]): Promise<ScoredChunkId[]> {
    return this.use((tables) => tables.vectorScores(vector, ids));
  }

  chunksWithoutVector(limit: number): Promise<StoredChunk[]> {
    return this.use((tables) => tables.chunksWithoutVector(limit));
  }

  setVectors(vectors: Map<number, Float32Array>): Promise<void> {
    return this.use((tables) => tables.setVectors(vectors));
  }

  vectorModel(): Promise<{ id: string; dimensions: number } | undefined> {
    return this.use((tables) => tables.vectorModel());
  }

  resetVectors(model: { id: string; dimensions: number }): Promise<void> {
    return this.use((tables) => tables.resetVectors(model));
  }

  cachedEmbeddings(textHashes: string[]): Promise<Map<string, Float32Array>> {
    return this.use((tables) => tables.cachedEmbeddings(textHashes));
  }

  cacheEmbeddings(vectors: Map<string, Float32Array>): Promise<void> {
    return this.use((tables) => tables.cacheEmbeddings(vectors));
  }

  stats(): Promise<{ documents: number; chunks: number; vectors: number }> {
    return this.use((tables) => tables.stats());
  }

  /**
   * Runs one operation on the tables. A write that waited out the busy timeout becomes LOCK_TIMEOUT;
   * a damaged page met in use sends the file aside (the index starts over empty, its generation
   * changes) before the error is passed on, so the caller can sync again from the files.
   */
  private async use<T>(work: (tables: SearchTables) => T): Promise<T> {
    const opened = this.opened;
    if (!opened) throw new MnemoError("IO", "The search index is not open; call open() first.");
    try {
      return work(opened.tables);
    } catch (error) {
      const failure = sqliteFailureOf(error);
      if (failure === "busy") throw busyError(opened.path, this.openOptions().busyTimeoutMs, error);
      if (failure !== "damaged" || opened.inode === undefined) throw error;
      await this.close();
      await startOver(opened.path, { inode: opened.inode, problem: errorMessage(error) }, this.openOptions());
      this.startedOver++;
      await this.open();
      throw new MnemoError(
        "IO",
        `The search index ${opened.path} was damaged (${errorMessage(error)}); it starts over from the files.`,
        { cause: error },
      );
    }
  }

  private openOptions(): { busyTimeoutMs: number; warn: (message: string) => void } {
    return {
      busyTimeoutMs: this.options.busyTimeoutMs ?? 5000,
      warn: this.options.warn ?? writeWarning,
    };
  }
}
