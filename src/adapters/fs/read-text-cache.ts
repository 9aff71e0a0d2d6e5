/**
 * The text of files this process read or wrote, kept with the file's stamp (device, inode, size,
 * modification and change times in nanoseconds, from an lstat): a read whose lstat finds the same
 * stamp is answered from memory instead of opening, reading and decoding the file again. A save
 * in a home of 2,000 memories reads MEMORY.md (260 kB) every time, and the read and its UTF-8
 * decoding were about a sixth of its CPU (bench/consolidation/save-cpu.ts).
 *
 * Another process's write is never hidden: mnemo writes by renaming a new file over the old one,
 * which gives the path another inode (and a new change time), and an editor writing in place
 * changes the modification time. Only two changes within one tick of the file system's clock that
 * keep the size and the inode could look the same; on Linux 6.13 and later (multigrain timestamps)
 * a file whose times were read, as here, gets fine-grained times at its next change.
 *
 * The stamp is always taken before the text is read, so a file replaced in between is read again
 * next time, never served old.
 */
import type { BigIntStats } from "node:fs";
import { LRUCache } from "lru-cache";

/** How much text one store keeps at most (in UTF-16 code units, about bytes for most text). */
const DEFAULT_MAX_CHARACTERS = 16_000_000;

/** What identifies one version of a file on disk, as far as lstat can tell. */
export type FileStamp = string;

export function fileStamp(stats: BigIntStats): FileStamp {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

export class ReadTextCache {
  private readonly texts: LRUCache<string, { stamp: FileStamp; text: string }>;

  constructor(maxCharacters = DEFAULT_MAX_CHARACTERS) {
    this.texts = new LRUCache({
      maxSize: maxCharacters,
      // An empty text still takes an entry: counted as one character.
      sizeCalculation: (entry) => Math.max(entry.text.length, 1),
    });
  }

  /** The text read or written at `absolute` when it had this stamp, if kept. */
  get(absolute: string, stamp: FileStamp): string | undefined {
    const entry = this.texts.get(absolute);
    if (entry === undefined) return undefined;
    if (entry.stamp === stamp) return entry.text;
    this.texts.delete(absolute);
    return undefined;
  }

  /** Keeps `text` as the content of `absolute` while its stamp is `stamp` (taken before the text was read). */
  set(absolute: string, stamp: FileStamp, text: string): void {
    this.texts.set(absolute, { stamp, text });
  }

  forget(absolute: string): void {
    this.texts.delete(absolute);
  }
}
