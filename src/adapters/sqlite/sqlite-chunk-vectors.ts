import type Database from "better-sqlite3";
import type { ScoredChunkId } from "../../contracts/search-index.js";
import { MnemoError } from "../../errors.js";
import { QuantizedVectorIndex } from "../vector-index/quantized-vector-index.js";
import { encodeVector } from "../vector-index/vector-quantization.js";
import type { StatementCache } from "./statement-cache.js";
import { blobToVector, vectorToBlob } from "./vector-blob.js";

/**
 * The chunks' vectors. Stored exactly once, in the embedding cache by the hash of the chunk's
 * text, and as a quantised record by chunk id (`quantized_vectors`); a chunk has `has_vector = 1`
 * when both are there. Searched in memory, in a QuantizedVectorIndex loaded from the records on
 * the first search (nothing to compute) and kept in step with the database:
 *
 * - this connection's writes are applied to it after they commit (`applyCommitted`); an index
 *   whose first vectors this connection writes starts in memory then, with no load;
 * - after another connection's commits (another process on the same home; the index notices
 *   them by SQLite's `data_version` and calls `markStale`), the chunk ids that have a vector are
 *   read again (an index-only scan) and the difference applied: ids are never reused
 *   (AUTOINCREMENT), so an id already held still has the same text and vector;
 * - a new model or a reset (`vector_epoch` in meta) reloads everything.
 */
export interface VectorModel {
  id: string;
  dimensions: number;
}

/** What a committed write changed: chunk ids and their new records, and the ids removed. */
export interface VectorChanges {
  set: Map<number, Uint8Array>;
  removed: number[];
}

interface LoadedVectors {
  index: QuantizedVectorIndex;
  model: VectorModel;
  epoch: string;
}

const LOAD_BATCH = 500;

export class SqliteChunkVectors {
  private readonly database: Database.Database;
  private readonly statements: StatementCache;
  private loaded: LoadedVectors | undefined;
  /** Another connection may have changed the vectors since they were loaded. */
  private stale = true;

  constructor(database: Database.Database, statements: StatementCache) {
    this.database = database;
    this.statements = statements;
  }

  model(): VectorModel | undefined {
    const id = this.meta("vector_model");
    const dimensions = Number(this.meta("vector_dimensions"));
    return id && dimensions > 0 ? { id, dimensions } : undefined;
  }

  /**
   * Records a new model: every vector and the embedding cache are dropped. Processes that open a
   * new index at once all find no model: once one has recorded it, the others drop nothing.
   */
  reset(model: VectorModel): void {
    const database = this.database;
    database
      .transaction(() => {
        const recorded = this.model();
        if (recorded?.id === model.id && recorded.dimensions === model.dimensions) return;
        database.exec(
          "DELETE FROM embedding_cache; DELETE FROM quantized_vectors; UPDATE chunks SET has_vector = 0;",
        );
        this.setMeta("vector_model", model.id);
        this.setMeta("vector_dimensions", String(model.dimensions));
        this.setMeta("vector_epoch", String(Number(this.meta("vector_epoch") ?? 0) + 1));
      })
      .immediate();
    this.loaded = undefined;
  }

  /**
   * Inside a write transaction: stores a chunk's vector, exact in the cache by its text hash (the
   * row is rewritten only when the vector differs) and quantised by its id. The caller sets the
   * chunk's has_vector. Returns the quantised record, for `applyCommitted`. A vector of another
   * size than the model's throws, so the transaction stores nothing.
   */
  storeVectorOf(
    chunk: { id: number; textHash: string },
    vector: Float32Array,
    model: VectorModel,
  ): Uint8Array {
    if (vector.length !== model.dimensions) {
      throw new MnemoError(
        "INVALID_INPUT",
        `A vector of ${vector.length} dimensions cannot be stored in a search index of ${model.id} (${model.dimensions} dimensions).`,
      );
    }
    this.statements
      .get(
        `INSERT INTO embedding_cache (text_hash, vector) VALUES (?, ?)
         ON CONFLICT(text_hash) DO UPDATE SET vector = excluded.vector WHERE vector IS NOT excluded.vector`,
      )
      .run(chunk.textHash, vectorToBlob(vector));
    const record = encodeVector(vector);
    this.statements
      .get("INSERT OR REPLACE INTO quantized_vectors (chunk_id, record) VALUES (?, ?)")
      .run(chunk.id, record);
    return record;
  }

  /** Sets the vectors of existing chunks (those still there), in one transaction. */
  setVectors(vectors: Map<number, Float32Array>): void {
    const model = this.model();
    if (!model) return;
    const textHashOf = this.statements.get("SELECT text_hash FROM chunks WHERE id = ?").pluck();
    const markHasVector = this.statements.get("UPDATE chunks SET has_vector = 1 WHERE id = ?");
    const changes: VectorChanges = { set: new Map(), removed: [] };
    this.database
      .transaction(() => {
        for (const [id, vector] of vectors) {
          const textHash = textHashOf.get(id) as string | undefined;
          if (textHash === undefined) continue;
          changes.set.set(id, this.storeVectorOf({ id, textHash }, vector, model));
          markHasVector.run(id);
        }
      })
      .immediate();
    this.applyCommitted(changes);
  }

  /** Exact vectors from the embedding cache, by text hash (any key a caller chose). */
  cachedEmbeddings(textHashes: string[]): Map<string, Float32Array> {
    const found = new Map<string, Float32Array>();
    const select = this.statements.get("SELECT vector FROM embedding_cache WHERE text_hash = ?").pluck();
    for (const hash of new Set(textHashes)) {
      const vector = select.get(hash) as Buffer | undefined;
      if (vector) found.set(hash, blobToVector(vector));
    }
    return found;
  }

  cacheEmbeddings(vectors: Map<string, Float32Array>): void {
    const insert = this.statements.get(
      "INSERT OR REPLACE INTO embedding_cache (text_hash, vector) VALUES (?, ?)",
    );
    this.database
      .transaction(() => {
        for (const [hash, vector] of vectors) insert.run(hash, vectorToBlob(vector));
      })
      .immediate();
  }

  /** After a write of this connection committed: the same change in memory. */
  applyCommitted(changes: VectorChanges): void {
    if (!this.loaded) this.startInMemoryIfFirstVectors(changes);
    if (!this.loaded) return;
    for (const id of changes.removed) this.loaded.index.delete(id);
    for (const [id, record] of changes.set) this.loaded.index.setEncoded(id, record);
  }

  search(vector: Float32Array, options: { limit: number; allowed?: ReadonlySet<number> }): ScoredChunkId[] {
    const index = this.current();
    if (!index) return [];
    return index.search(vector, options);
  }

  /**
   * Vectors are loaded on the first search; but when this write stored the only vectors there are
   * (a new home, a fresh evaluation case), an empty in-memory index is started now, so the
   * vectors go in as they are written and no search has to load them. Counting stops at one past
   * this write's vectors, so the check stays cheap in a large home.
   */
  private startInMemoryIfFirstVectors(changes: VectorChanges): void {
    const model = this.model();
    if (changes.set.size === 0 || !model) return;
    const withVector = Number(
      this.statements
        .get("SELECT count(*) FROM (SELECT 1 FROM chunks WHERE has_vector = 1 LIMIT ?)")
        .pluck()
        .get(changes.set.size + 1),
    );
    if (withVector !== changes.set.size) return;
    this.loaded = {
      index: new QuantizedVectorIndex(model.dimensions),
      model,
      epoch: this.meta("vector_epoch") ?? "0",
    };
    this.stale = false;
  }

  /** Cosines from the in-memory int8 copies (within 0.0007 of the exact ones on USE vectors). */
  scores(vector: Float32Array, ids: number[]): ScoredChunkId[] {
    return this.current()?.score(vector, ids) ?? [];
  }

  /** Another connection committed: catch up before the next search. */
  markStale(): void {
    this.stale = true;
  }

  /** The in-memory index, loaded or brought in step with other connections' commits first. */
  private current(): QuantizedVectorIndex | undefined {
    if (this.loaded && !this.stale) return this.loaded.index;
    this.stale = false;
    const model = this.model();
    if (!model) {
      this.loaded = undefined;
      return undefined;
    }
    const epoch = this.meta("vector_epoch") ?? "0";
    const loaded = this.loaded;
    if (
      loaded &&
      loaded.epoch === epoch &&
      loaded.model.id === model.id &&
      loaded.model.dimensions === model.dimensions
    ) {
      this.catchUp(loaded.index);
      return loaded.index;
    }
    const index = new QuantizedVectorIndex(model.dimensions);
    this.loadAll(index);
    this.loaded = { index, model, epoch };
    return index;
  }

  /** One pass over every stored record: no vector to read or quantise. */
  private loadAll(index: QuantizedVectorIndex): void {
    const rows = this.statements
      .get("SELECT chunk_id, record FROM quantized_vectors")
      .raw()
      .iterate() as IterableIterator<[number, Buffer]>;
    for (const [id, record] of rows) index.setEncoded(id, record);
  }

  private catchUp(index: QuantizedVectorIndex): void {
    const withVector = this.statements
      .get("SELECT id FROM chunks WHERE has_vector = 1")
      .pluck()
      .all() as number[];
    const present = new Set(withVector);
    for (const id of [...index.ids()]) if (!present.has(id)) index.delete(id);
    const missing = withVector.filter((id) => !index.has(id));
    for (let start = 0; start < missing.length; start += LOAD_BATCH) {
      const batch = missing.slice(start, start + LOAD_BATCH);
      const rows = this.statements
        .get(
          `SELECT chunk_id, record FROM quantized_vectors WHERE chunk_id IN (${batch.map(() => "?").join(",")})`,
        )
        .raw()
        .all(...batch) as Array<[number, Buffer]>;
      for (const [id, record] of rows) index.setEncoded(id, record);
    }
  }

  /** Exact vectors of these chunks (those that have one), from the cache. */
  readVectors(ids: number[]): Map<number, Float32Array> {
    if (ids.length === 0) return new Map();
    const rows = this.statements
      .get(
        `SELECT c.id AS id, e.vector AS vector FROM chunks c JOIN embedding_cache e ON e.text_hash = c.text_hash
         WHERE c.id IN (${ids.map(() => "?").join(",")}) AND c.has_vector = 1`,
      )
      .all(...ids) as Array<{ id: number; vector: Buffer }>;
    return new Map(rows.map((row) => [row.id, blobToVector(row.vector)]));
  }

  private meta(key: string): string | undefined {
    const row = this.statements.get("SELECT value FROM meta WHERE key = ?").get(key) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  private setMeta(key: string, value: string): void {
    this.statements
      .get(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      )
      .run(key, value);
  }
}
