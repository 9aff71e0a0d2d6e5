import type {
  DocumentInfo,
  DocumentReader,
  DocumentWriter,
  ListOptions,
} from "../../contracts/document-store.js";
import { matchesListOptions } from "./list-options.js";

/**
 * The writer a transaction works with: writes and removals are staged in memory, and every read
 * sees them, so the work reads its own writes. Nothing reaches the disk until the work has
 * finished without an error; then the store commits every change at once (write-ahead-log.ts).
 * A transaction that fails or is refused half way changes nothing.
 */
export type StagedChanges = Map<string, string | null>;

export class StagedWriter implements DocumentWriter {
  /** Path -> the new content, or null for a removal; in the order of the first change to each path. */
  readonly changes: StagedChanges = new Map();
  private readonly disk: DocumentReader;
  /** Refuses a path that may not be written (outside the home, through a link) before it is staged. */
  private readonly checkWritable: (path: string) => Promise<void>;

  constructor(disk: DocumentReader, checkWritable: (path: string) => Promise<void>) {
    this.disk = disk;
    this.checkWritable = checkWritable;
  }

  async read(path: string): Promise<string | undefined> {
    if (this.changes.has(path)) return this.changes.get(path) ?? undefined;
    return this.disk.read(path);
  }

  async readHead(path: string, maxBytes: number): Promise<string | undefined> {
    if (!this.changes.has(path)) return this.disk.readHead(path, maxBytes);
    const content = this.changes.get(path);
    if (content === null || content === undefined) return undefined;
    // Cut at a character boundary, as the store does when it reads a file's head.
    return Buffer.from(content, "utf8")
      .subarray(0, maxBytes)
      .toString("utf8")
      .replace(/\uFFFD$/, "");
  }

  async list(directory: string, options?: ListOptions): Promise<DocumentInfo[]> {
    const listed = new Map(
      (await this.disk.list(directory, options)).map((document) => [document.path, document]),
    );
    for (const [path, content] of this.changes) {
      if (folderOf(path) !== directory || isHidden(path)) continue;
      if (!matchesListOptions(path.slice(path.lastIndexOf("/") + 1), options)) continue;
      if (content === null) listed.delete(path);
      else listed.set(path, { path, modifiedAt: new Date(), size: Buffer.byteLength(content, "utf8") });
    }
    return [...listed.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  folderStamp(directory: string): Promise<string | undefined> {
    return this.disk.folderStamp(directory);
  }

  async write(path: string, content: string): Promise<void> {
    await this.checkWritable(path);
    this.changes.set(path, content);
  }

  async remove(path: string): Promise<boolean> {
    const existed = (await this.read(path)) !== undefined;
    if (existed) this.changes.set(path, null);
    return existed;
  }
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** Listings leave hidden files out; a staged one stays out too. */
function isHidden(path: string): boolean {
  return (path.split("/").at(-1) ?? "").startsWith(".");
}
