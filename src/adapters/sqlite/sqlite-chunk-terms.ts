import { chunkTerms } from "../bm25/bm25-terms.js";
import { TermPostings } from "../bm25/term-postings.js";
import type { StatementCache } from "./statement-cache.js";

/**
 * The chunks' terms in memory (TermPostings), so BM25 need not go through FTS5's `bm25()`: over
 * 10,000 chunks that was about 1 ms of a 3.4 ms recall (docs/retrieval.md). The terms are not
 * stored: they are cut from the chunks' text (as FTS5 cuts them, bm25-terms.ts), which takes about
 * 40 ms per 1,000 chunks, too long for the first recall of a one-shot `mnemo recall`. So they are
 * gathered in the background, a few chunks at a time between other work, and until they are
 * complete FTS5 answers; both rank alike (sqlite-chunk-terms.test.ts). Kept in step as the
 * vectors are (sqlite-chunk-vectors.ts): this connection's commits are applied as they commit;
 * after another connection's (`markStale`), the chunk ids are read again and the difference
 * applied (ids are never reused, so a chunk held still has the same text).
 *
 * `gather`: "background" (the default), "now" (all at the first search: tests, benches),
 * "never" (FTS5 only).
 */
export type TermGathering = "background" | "now" | "never";

/** What a committed write changed: chunks added (with their text) and chunk ids removed. */
export interface TermChanges {
  added: ChunkText[];
  removed: number[];
}

interface ChunkText {
  id: number;
  title: string;
  text: string;
}

/** Chunks read per step of the background gathering: about 5 ms of work at a time. */
const CHUNKS_PER_STEP = 100;
const CATCH_UP_BATCH = 500;

export class SqliteChunkTerms {
  private readonly statements: StatementCache;
  private readonly gathering: TermGathering;
  /** Complete: every chunk's terms (as of the last catch-up). */
  private postings: TermPostings | undefined;
  private gathered: { postings: TermPostings; afterId: number; timer?: NodeJS.Timeout } | undefined;
  private stale = false;
  private stopped = false;

  constructor(statements: StatementCache, gathering: TermGathering = "background") {
    this.statements = statements;
    this.gathering = gathering;
  }

  /** The postings when complete and in step with the database; undefined while FTS5 must answer. */
  current(): TermPostings | undefined {
    if (this.postings) {
      if (this.stale) this.catchUp(this.postings);
      return this.postings;
    }
    if (this.gathering === "never" || this.stopped) return undefined;
    if (this.gathering === "now") {
      const postings = new TermPostings();
      this.postings = postings;
      this.stale = false;
      this.readChunksAfter(postings, 0, Number.MAX_SAFE_INTEGER);
      return postings;
    }
    if (!this.gathered) this.startGathering();
    return undefined;
  }

  applyCommitted(changes: TermChanges): void {
    for (const postings of [this.postings, this.gathered?.postings]) {
      if (!postings) continue;
      for (const id of changes.removed) postings.delete(id);
      for (const chunk of changes.added) postings.add(chunk.id, chunkTerms(chunk.title, chunk.text));
    }
  }

  gatheredAll(): boolean {
    return this.postings !== undefined;
  }

  /** Another connection committed: catch up before the next search. */
  markStale(): void {
    this.stale = true;
  }

  /** The connection closes: no more background steps. */
  stop(): void {
    this.stopped = true;
    if (this.gathered?.timer) clearTimeout(this.gathered.timer);
    this.gathered = undefined;
  }

  private startGathering(): void {
    this.gathered = { postings: new TermPostings(), afterId: 0 };
    this.scheduleStep();
  }

  /** Unref'd, so a one-shot command exits without waiting for the gathering. */
  private scheduleStep(): void {
    const gathered = this.gathered;
    if (!gathered || this.stopped) return;
    gathered.timer = setTimeout(() => this.step(), 0);
    gathered.timer.unref();
  }

  private step(): void {
    const gathered = this.gathered;
    if (!gathered || this.stopped) return;
    try {
      const read = this.readChunksAfter(gathered.postings, gathered.afterId, CHUNKS_PER_STEP);
      if (read.count === CHUNKS_PER_STEP) {
        gathered.afterId = read.lastId;
        this.scheduleStep();
        return;
      }
      this.postings = gathered.postings;
      this.gathered = undefined;
      this.stale = true; // other connections may have written meanwhile
    } catch {
      this.stop(); // the connection closed or the file failed: FTS5 goes on answering
    }
  }

  private readChunksAfter(
    postings: TermPostings,
    afterId: number,
    limit: number,
  ): { count: number; lastId: number } {
    const rows = this.statements
      .get("SELECT id, title, text FROM chunks WHERE id > ? ORDER BY id LIMIT ?")
      .raw()
      .all(afterId, limit) as Array<[number, string, string]>;
    for (const [id, title, text] of rows) postings.add(id, chunkTerms(title, text));
    return { count: rows.length, lastId: rows.at(-1)?.[0] ?? afterId };
  }

  private catchUp(postings: TermPostings): void {
    this.stale = false;
    const ids = this.statements.get("SELECT id FROM chunks").pluck().all() as number[];
    const present = new Set(ids);
    for (const id of [...postings.ids()]) if (!present.has(id)) postings.delete(id);
    const missing = ids.filter((id) => !postings.has(id));
    for (let start = 0; start < missing.length; start += CATCH_UP_BATCH) {
      const batch = missing.slice(start, start + CATCH_UP_BATCH);
      const rows = this.statements
        .get(`SELECT id, title, text FROM chunks WHERE id IN (${batch.map(() => "?").join(",")})`)
        .raw()
        .all(...batch) as Array<[number, string, string]>;
      for (const [id, title, text] of rows) postings.add(id, chunkTerms(title, text));
    }
  }
}
