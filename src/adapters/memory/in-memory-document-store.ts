import type {
  DocumentInfo,
  DocumentStore,
  DocumentWriter,
  ListOptions,
  StoreLeftover,
} from "../../contracts/document-store.js";
import { matchesListOptions } from "../fs/list-options.js";
import { validateDocumentPath } from "../fs/safe-path.js";
import { StagedWriter } from "../fs/staged-writer.js";

/**
 * The reference DocumentStore: documents in a Map, in one process. Transactions queue, see their own
 * writes and commit all at once or not at all, as every store's must (the DocumentStore conformance
 * suite holds the file store to this one). For tests and for programs that want no files.
 */
interface StoredDocument {
  content: string;
  modifiedAt: Date;
}

export class InMemoryDocumentStore implements DocumentStore {
  private readonly documents = new Map<string, StoredDocument>();
  /** Bumped whenever a document appears in, leaves or is replaced in a folder, as a rename would. */
  private readonly folderChanges = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => Date;

  constructor(options: { now?: () => Date } = {}) {
    this.now = options.now ?? (() => new Date());
  }

  async read(path: string): Promise<string | undefined> {
    validateDocumentPath(path);
    return this.documents.get(path)?.content;
  }

  async readHead(path: string, maxBytes: number): Promise<string | undefined> {
    const content = await this.read(path);
    if (content === undefined) return undefined;
    return Buffer.from(content, "utf8")
      .subarray(0, maxBytes)
      .toString("utf8")
      .replace(/\uFFFD$/, "");
  }

  async list(directory: string, options?: ListOptions): Promise<DocumentInfo[]> {
    if (directory !== "") validateDocumentPath(directory);
    const listed: DocumentInfo[] = [];
    for (const [path, document] of this.documents) {
      const slash = path.lastIndexOf("/");
      const folder = slash === -1 ? "" : path.slice(0, slash);
      const name = path.slice(slash + 1);
      if (folder !== directory || name.startsWith(".") || !matchesListOptions(name, options)) continue;
      listed.push({
        path,
        modifiedAt: document.modifiedAt,
        size: Buffer.byteLength(document.content, "utf8"),
      });
    }
    return listed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  async info(path: string): Promise<DocumentInfo | undefined> {
    validateDocumentPath(path);
    const document = this.documents.get(path);
    if (document === undefined) return undefined;
    return { path, modifiedAt: document.modifiedAt, size: Buffer.byteLength(document.content, "utf8") };
  }

  async folderStamp(directory: string): Promise<string | undefined> {
    const changes = this.folderChanges.get(directory);
    // The top level always exists, as the home folder does.
    if (changes === undefined) return directory === "" ? "0" : undefined;
    return String(changes);
  }

  transaction<T>(work: (writer: DocumentWriter) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const writer = new StagedWriter(this, async (path) => {
        validateDocumentPath(path);
      });
      const result = await work(writer);
      this.commit(writer.changes);
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  locate(path: string): string {
    validateDocumentPath(path);
    return `memory:${path}`;
  }

  /** Nothing is ever left behind in memory. */
  async leftovers(): Promise<StoreLeftover[]> {
    return [];
  }

  async cleanLeftovers(): Promise<StoreLeftover[]> {
    return [];
  }

  private commit(changes: Map<string, string | null>): void {
    const modifiedAt = this.now();
    for (const [path, content] of changes) {
      if (content === null) this.documents.delete(path);
      else this.documents.set(path, { content, modifiedAt });
      const slash = path.lastIndexOf("/");
      const folder = slash === -1 ? "" : path.slice(0, slash);
      this.folderChanges.set(folder, (this.folderChanges.get(folder) ?? 0) + 1);
    }
  }
}
