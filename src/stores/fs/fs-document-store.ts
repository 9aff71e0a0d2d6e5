import { access, mkdir, open, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type {
  DocumentInfo,
  DocumentStore,
  DocumentWriter,
  StoreLeftover,
} from "../../contracts/document-store.js";
import { errnoCode, errorMessage, MnemoError } from "../../errors.js";
import { acquireFileLock } from "./home-lock.js";
import { resolveFolderInsideHome, resolveInsideHome, validateDocumentPath } from "./safe-path.js";
import { StagedWriter } from "./staged-writer.js";
import { commitChanges, completeInterruptedCommit, PENDING_WRITES_PATH } from "./write-ahead-log.js";
import { findWriteLeftovers, removeWriteLeftovers } from "./write-leftovers.js";

/** How many files are stat'ed at once when a folder is listed. */
const LIST_BATCH = 128;

/** The lock file sits in the derived-state folder, which every mnemo home has. */
export const LOCK_PATH = ".index/write.lock";

export interface FsDocumentStoreOptions {
  home: string;
  lockTimeoutMs: number;
  /** Where the store reports what it repaired on its own (an interrupted write it finished). */
  warn?: (message: string) => void;
}

/** The memory home as plain files: atomic writes, one lock per home, nothing outside the home. */
export class FsDocumentStore implements DocumentStore {
  readonly home: string;
  private readonly lockTimeoutMs: number;
  private readonly warn: (message: string) => void;
  /** Chains this process's transactions so they queue here instead of polling the lock file. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: FsDocumentStoreOptions) {
    this.home = options.home;
    this.lockTimeoutMs = options.lockTimeoutMs;
    this.warn = options.warn ?? (() => undefined);
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
      const code = errnoCode(error);
      const reason =
        code === "ENOTDIR" || code === "EEXIST"
          ? "it, or a folder above it, is a file"
          : code === "EACCES" || code === "EPERM"
            ? "permission denied"
            : errorMessage(error);
      throw new MnemoError(
        "IO",
        `Cannot use ${this.home} as the memory home: ${reason}. Choose another folder with --home or MNEMO_HOME.`,
        {
          cause: error,
        },
      );
    }
  }

  locate(path: string): string {
    validateDocumentPath(path);
    return join(this.home, ...path.split("/"));
  }

  async read(path: string): Promise<string | undefined> {
    const absolute = await resolveInsideHome(this.home, path, { createFolders: false });
    try {
      return await readFile(absolute, "utf8");
    } catch (error) {
      return missingOrThrow(error, absolute);
    }
  }

  async readHead(path: string, maxBytes: number): Promise<string | undefined> {
    const absolute = await resolveInsideHome(this.home, path, { createFolders: false });
    let handle: Awaited<ReturnType<typeof open>>;
    try {
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
    } finally {
      await handle.close();
    }
  }

  async list(directory: string): Promise<DocumentInfo[]> {
    const folder = directory === "" ? this.home : await resolveFolderInsideHome(this.home, directory);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return [];
      throw ioError(error, folder);
    }
    const visible = names.filter((entry) => !entry.startsWith(".")).sort();
    const documents: Array<DocumentInfo | undefined> = new Array(visible.length);
    // stat in parallel batches: a folder of 100k memories is listed in a fraction of the time.
    for (let start = 0; start < visible.length; start += LIST_BATCH) {
      const batch = visible.slice(start, start + LIST_BATCH);
      const infos = await Promise.all(batch.map((name) => stat(join(folder, name)).catch(() => undefined)));
      infos.forEach((info, offset) => {
        const name = batch[offset] as string;
        if (info?.isFile())
          documents[start + offset] = {
            path: directory === "" ? name : `${directory}/${name}`,
            modifiedAt: info.mtime,
            size: info.size,
          };
      });
    }
    return documents.filter((document): document is DocumentInfo => document !== undefined);
  }

  async folderStamp(directory: string): Promise<string | undefined> {
    const folder = directory === "" ? this.home : await resolveFolderInsideHome(this.home, directory);
    try {
      const info = await stat(folder, { bigint: true });
      return `${info.ino}:${info.mtimeNs}`;
    } catch (error) {
      if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return undefined;
      throw ioError(error, folder);
    }
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
      const writer = new StagedWriter(this, (path) => this.checkWritable(path));
      const result = await work(writer);
      await commitChanges(this.home, writer.changes, this.files);
      return result;
    } finally {
      await release();
    }
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

  /** A staged write is refused at once, while the transaction can still change nothing. */
  private async checkWritable(path: string): Promise<void> {
    await resolveInsideHome(this.home, path, { createFolders: false });
  }
}

function missingOrThrow(error: unknown, absolute: string): undefined {
  if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return undefined;
  throw ioError(error, absolute);
}

function ioError(error: unknown, absolute: string): MnemoError {
  if (MnemoError.isInstance(error)) return error;
  if (errnoCode(error) === "EISDIR") {
    return new MnemoError("IO", `${absolute} is a folder where mnemo expects a file; move it aside.`);
  }
  return new MnemoError("IO", `File-system error on ${absolute}: ${errorMessage(error)}`, { cause: error });
}
