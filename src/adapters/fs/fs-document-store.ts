import { access, lstat, mkdir, open, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type {
  DocumentInfo,
  DocumentReader,
  DocumentStore,
  DocumentWriter,
  ListOptions,
  StoreLeftover,
} from "../../contracts/document-store.js";
import { errnoCode } from "../../errors.js";
import { folderStamp } from "./folder-stamp.js";
import { acquireFileLock } from "./home-lock.js";
import { ioError, missingOrThrow, unusableHomeError } from "./io-error.js";
import { matchesListOptions } from "./list-options.js";
import { documentInfo, ListedFiles } from "./listed-files.js";
import { fileStamp, ReadTextCache } from "./read-text-cache.js";
import {
  HomePaths,
  ReadPaths,
  resolveFolderInsideHome,
  resolveInsideHome,
  validateDocumentPath,
} from "./safe-path.js";
import { type StagedChanges, StagedWriter } from "./staged-writer.js";
import { commitChanges, completeInterruptedCommit, PENDING_WRITES_PATH } from "./write-ahead-log.js";
import { findWriteLeftovers, removeWriteLeftovers } from "./write-leftovers.js";

/** How many files are stat'ed at once when a folder is listed. */
const LIST_BATCH = 128;

/** A committed file this long or longer is kept in the read-text cache with its new stamp. */
const REMEMBERED_WRITE_CHARACTERS = 16_384;

/** The lock file sits in the derived-state folder, which every mnemo home has. */
export const LOCK_PATH = ".index/write.lock";

export interface FsDocumentStoreOptions {
  home: string;
  lockTimeoutMs: number;
  /**
   * Where the store reports what it repaired on its own (an interrupted write it finished), and,
   * once per file, a file that listings skip (a symbolic link, an unreadable file).
   */
  warn?: (message: string) => void;
}

/** The memory home as plain files: atomic writes, one lock per home, nothing outside the home. */
export class FsDocumentStore implements DocumentStore {
  readonly home: string;
  private readonly lockTimeoutMs: number;
  private readonly warn: (message: string) => void;
  private readonly listed: ListedFiles;
  /** Texts read or written by this store, served again while the file's stamp is the same. */
  private readonly texts = new ReadTextCache();
  /** Chains this process's transactions so they queue here instead of polling the lock file. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Folder checks for reads outside a transaction, shared by the reads begun together. */
  private readonly readPaths: ReadPaths;

  constructor(options: FsDocumentStoreOptions) {
    this.home = options.home;
    this.lockTimeoutMs = options.lockTimeoutMs;
    this.warn = options.warn ?? (() => undefined);
    this.listed = new ListedFiles(this.warn);
    this.readPaths = new ReadPaths(this.home);
  }

  /**
   * Creates the home (seed 000, property 5) and its derived-state folder, and finishes a write that
   * a killed process had decided but not completed, so no reader sees it half done for long.
   */
  async open(): Promise<void> {
    await this.ensureFolders();
    // A .index linked outside the home is refused by the first transaction, not here: reads still work.
    const interrupted = await access(join(this.home, ...PENDING_WRITES_PATH.split("/"))).then(
      () => true,
      () => false,
    );
    if (interrupted) await this.transaction(async () => undefined);
  }

  private async ensureFolders(): Promise<void> {
    try {
      await mkdir(join(this.home, ".index"), { recursive: true });
    } catch (error) {
      throw unusableHomeError(error, this.home);
    }
  }

  locate(path: string): string {
    validateDocumentPath(path);
    return join(this.home, ...path.split("/"));
  }

  read(path: string): Promise<string | undefined> {
    return this.readThrough(this.readPaths.current(), path);
  }

  readHead(path: string, maxBytes: number): Promise<string | undefined> {
    return this.readHeadThrough(this.readPaths.current(), path, maxBytes);
  }

  private async readThrough(paths: HomePaths, path: string): Promise<string | undefined> {
    const absolute = this.locate(path);
    try {
      const { exists, stats } = await paths.inspect(path, { createFolders: false });
      if (!exists || stats === undefined) return undefined;
      // Stamped before reading: a file replaced while it is read is read again next time.
      const stamp = fileStamp(stats);
      const known = this.texts.get(absolute, stamp);
      if (known !== undefined) return known;
      const text = await readFile(absolute, "utf8");
      this.texts.set(absolute, stamp, text);
      return text;
    } catch (error) {
      return missingOrThrow(error, absolute);
    }
  }

  private async readHeadThrough(
    paths: HomePaths,
    path: string,
    maxBytes: number,
  ): Promise<string | undefined> {
    const absolute = this.locate(path);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      await paths.resolve(path, { createFolders: false });
      handle = await open(absolute, "r");
    } catch (error) {
      return missingOrThrow(error, absolute);
    }
    try {
      const buffer = Buffer.alloc(maxBytes);
      const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
      // A multi-byte character cut in half decodes to U+FFFD at the very end; drop it.
      return buffer
        .subarray(0, bytesRead)
        .toString("utf8")
        .replace(/\uFFFD$/, "");
    } catch (error) {
      throw ioError(error, absolute);
    } finally {
      await handle.close();
    }
  }

  /** Regular, readable files only: a symbolic link or an unreadable file is skipped with a warning. */
  async list(directory: string, options?: ListOptions): Promise<DocumentInfo[]> {
    const folder = directory === "" ? this.home : await resolveFolderInsideHome(this.home, directory);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return [];
      throw ioError(error, folder);
    }
    // Only the names asked for are looked at (lstat): the rest of a large folder costs its readdir.
    const visible = names
      .filter((entry) => !entry.startsWith(".") && matchesListOptions(entry, options))
      .sort();
    const documents: Array<DocumentInfo | undefined> = new Array(visible.length);
    // lstat in parallel batches: a folder of 100k memories is listed in a fraction of the time.
    for (let start = 0; start < visible.length; start += LIST_BATCH) {
      const batch = visible.slice(start, start + LIST_BATCH);
      const infos = await Promise.all(batch.map((name) => this.listed.stats(join(folder, name))));
      infos.forEach((info, offset) => {
        const name = batch[offset] as string;
        if (info)
          documents[start + offset] = documentInfo(directory === "" ? name : `${directory}/${name}`, info);
      });
    }
    return documents.filter((document): document is DocumentInfo => document !== undefined);
  }

  async info(path: string): Promise<DocumentInfo | undefined> {
    const absolute = this.locate(path);
    try {
      await resolveInsideHome(this.home, path, { createFolders: false });
    } catch (error) {
      return missingOrThrow(error, absolute);
    }
    const stats = await this.listed.stats(absolute);
    return stats && documentInfo(path, stats);
  }

  /** The folder's stamp, for the search index (folder-stamp.ts). */
  folderStamp(directory: string): Promise<string | undefined> {
    return folderStamp(this.home, directory);
  }

  leftovers(): Promise<StoreLeftover[]> {
    return findWriteLeftovers(this.home, { underLock: false });
  }

  /** Taking the lock breaks a dead holder's lock and finishes a decided write; the rest is removed. */
  async cleanLeftovers(): Promise<StoreLeftover[]> {
    const seen = await this.leftovers();
    const removed = await this.transaction(async () => {
      const found = await findWriteLeftovers(this.home, { underLock: true });
      await removeWriteLeftovers(this.home, found);
      return found;
    });
    const paths = new Set(seen.map((leftover) => leftover.path));
    return [...seen, ...removed.filter((leftover) => !paths.has(leftover.path))];
  }

  transaction<T>(work: (writer: DocumentWriter) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.runLocked(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The work's writes are staged and committed together once it returns (write-ahead-log.ts): a
   * transaction that throws changes nothing, and a writer killed while committing is completed by
   * the next one, which first finishes whatever a killed writer had decided.
   */
  private async runLocked<T>(work: (writer: DocumentWriter) => Promise<T>): Promise<T> {
    await this.ensureFolders();
    const lockPath = await resolveInsideHome(this.home, LOCK_PATH, { createFolders: true });
    const release = await acquireFileLock(lockPath, this.lockTimeoutMs);
    try {
      await this.completeInterruptedWrite();
      // Folders are checked once per transaction: the lock keeps mnemo's other writers out meanwhile.
      const paths = new HomePaths(this.home);
      const disk: DocumentReader = {
        read: (path) => this.readThrough(paths, path),
        readHead: (path, maxBytes) => this.readHeadThrough(paths, path, maxBytes),
        list: (directory, options) => this.list(directory, options),
        folderStamp: (directory) => this.folderStamp(directory),
      };
      // A staged write is refused at once, while the transaction can still change nothing.
      const writer = new StagedWriter(disk, async (path) => {
        await paths.resolve(path, { createFolders: false });
      });
      const result = await work(writer);
      await commitChanges(this.home, writer.changes, {
        resolvePath: (path, options) => paths.resolve(path, options),
        fileError: ioError,
      });
      await this.rememberWritten(writer.changes);
      return result;
    } finally {
      await release();
    }
  }

  /**
   * Keeps the text of the large files just committed with their new stamp, so the next read of,
   * say, MEMORY.md is not a read at all. Taken under the lock, so no other mnemo process can have
   * changed them since the rename. A small file is only forgotten: reading it costs little.
   */
  private async rememberWritten(changes: StagedChanges): Promise<void> {
    await Promise.all(
      [...changes].map(async ([path, content]) => {
        const absolute = this.locate(path);
        this.texts.forget(absolute);
        // Text that is not well-formed UTF-16 would read back otherwise (as U+FFFD): not kept.
        if (content === null || content.length < REMEMBERED_WRITE_CHARACTERS || !isWellFormed(content))
          return;
        const stats = await lstat(absolute, { bigint: true }).catch(() => undefined);
        if (stats?.isFile()) this.texts.set(absolute, fileStamp(stats), content);
      }),
    );
  }

  private async completeInterruptedWrite(): Promise<void> {
    const completed = await completeInterruptedCommit(this.home, this.files);
    if (completed > 0)
      this.warn(`finished a write of ${completed} files that an interrupted mnemo process had started`);
  }

  private readonly files = {
    resolvePath: (path: string, options: { createFolders: boolean }): Promise<string> =>
      resolveInsideHome(this.home, path, options),
    fileError: ioError,
  };
}

/** String.prototype.isWellFormed (Node 20), which TypeScript's library here does not declare yet. */
function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}
