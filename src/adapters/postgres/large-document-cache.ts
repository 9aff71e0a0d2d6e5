/**
 * The text of a home's large documents (MEMORY.md's index, a grown profile or topic file), kept
 * with the change stamp it was read at, so a read asks the server for the stamp and gets the bytes
 * only when they changed. Every write gives a document a new stamp from one sequence, in every
 * process and on every server, so a cached text whose stamp still matches is the stored text:
 * a second `serve` writing the same home makes the next read here fetch the bytes again.
 *
 * Only documents of at least MIN_BYTES are kept (a memory file costs less to send than to track),
 * and at most MAX_DOCUMENTS of them, the oldest entry leaving first (lru-cache).
 */
import { LRUCache } from "lru-cache";

/** Smaller documents are read whole each time: 8 KB is one page of the wire, a small cost. */
export const MIN_CACHED_BYTES = 8 * 1024;
const MAX_DOCUMENTS = 64;

interface Cached {
  stamp: string;
  text: string;
}

export class LargeDocumentCache {
  private readonly entries = new LRUCache<string, Cached>({ max: MAX_DOCUMENTS });

  /** The stamp a read may send to be answered without the bytes, or undefined when nothing is kept. */
  stampOf(path: string): string | undefined {
    return this.entries.get(path)?.stamp;
  }

  /** The text kept for `path` when its stamp is `stamp`, else undefined. */
  textAt(path: string, stamp: string): string | undefined {
    const cached = this.entries.get(path);
    return cached?.stamp === stamp ? cached.text : undefined;
  }

  /** Keeps `text` as the content of `path` at `stamp` when it is large; forgets the path otherwise. */
  remember(path: string, stamp: string, text: string, bytes: number): void {
    if (bytes >= MIN_CACHED_BYTES) this.entries.set(path, { stamp, text });
    else this.entries.delete(path);
  }

  forget(path: string): void {
    this.entries.delete(path);
  }
}
