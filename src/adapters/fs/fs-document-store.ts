import type { BigIntStats, Stats } from "node:fs";
import { access, constants, lstat, mkdir, open, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type {
  DocumentInfo,
  DocumentReader,
  DocumentStore,
  DocumentWriter,
  ListOptions,
  StoreLeftover,
} from "../../contracts/document-store.js";
import { errnoCode, errorMessage, MnemoError } from "../../errors.js";
import { acquireFileLock } from "./home-lock.js";
import { ioError, missingOrThrow } from "./io-error.js";
import { matchesListOptions } from "./list-options.js";
import { HomePaths, resolveFolderInsideHome, resolveInsideHome, validateDocumentPath } from "./safe-path.js";
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
  /** Files already warned about: a command lists a folder several times, the user hears it once. */
  private readonly skipped = new Set<string>();
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

  read(path: string): Promise<string | undefined> {
    return this.readThrough(new HomePaths(this.home), path);
  }

  readHead(path: string, maxBytes: number): Promise<string | undefined> {
    return this.readHeadThrough(new HomePaths(this.home), path, maxBytes);
  }

  private async readThrough(paths: HomePaths, path: string): Promise<string | undefined> {
    const absolute = this.locate(path);
    try {
      if (!(await paths.inspect(path, { createFolders: false })).exists) return undefined;
      return await readFile(absolute, "utf8");
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
      const infos = await Promise.all(batch.map((name) => this.listedFile(join(folder, name))));
      infos.forEach((info, offset) => {
        const name = batch[offset] as string;
        if (info)
          documents[start + offset] = {
            path: directory === "" ? name : `${directory}/${name}`,
            modifiedAt: info.mtime,
            size: info.size,
            changeStamp: `${info.ino}:${info.ctimeMs}`,
          };
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
    const stats = await this.listedFile(absolute);
    if (stats === undefined) return undefined;
    return { path, modifiedAt: stats.mtime, size: stats.size, changeStamp: `${stats.ino}:${stats.ctimeMs}` };
  }

  /** The file's stats when a listing shows it; never follows a symbolic link. */
  private async listedFile(absolute: string): Promise<Stats | undefined> {
    const info = await lstat(absolute).catch(() => undefined); // gone since readdir: not listed
    if (info?.isSymbolicLink()) {
      this.skip(
        absolute,
        "it is a symbolic link, and mnemo reads only regular files inside the home. Replace the link with the file itself",
      );
      return undefined;
    }
    if (!info?.isFile()) return undefined;
    if (!(await isReadable(absolute, info))) {
      this.skip(
        absolute,
        "it cannot be read (permission denied). Give the user running mnemo read access to it, or move it out of the home",
      );
      return undefined;
    }
    return info;
  }

  private skip(absolute: string, why: string): void {
    if (this.skipped.has(absolute)) return;
    this.skipped.add(absolute);
    this.warn(`${absolute} is skipped: ${why}.`);
  }

  /**
   * Every search asks this of each indexed folder, so it costs one system call where it can: an
   * `lstat` of a folder directly in the home that is not a symbolic link proves the folder is inside
   * the home and gives its stamp. A link, or a deeper folder, is resolved and checked as a listing is.
   */
  async folderStamp(directory: string): Promise<string | undefined> {
    if (directory === "") return stampOf(await statOrMissing(this.home, stat));
    const segments = validateDocumentPath(directory);
    if (segments.length === 1) {
      const own = await statOrMissing(join(this.home, ...segments), lstat);
      if (!own?.isSymbolicLink()) return stampOf(own);
    }
    return stampOf(await statOrMissing(await resolveFolderInsideHome(this.home, directory), stat));
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
}

/**
 * Mode bits answer when they grant reading to everyone or to the owner who runs mnemo; otherwise
 * the system is asked (groups, ACLs, root). Asking for every file made listing 10,000 files of
 * another owner 3 times slower (170 -> 520 ms).
 */
async function isReadable(absolute: string, info: Stats): Promise<boolean> {
  if ((info.mode & 0o004) !== 0) return true;
  if (info.uid === process.getuid?.() && (info.mode & 0o400) !== 0) return true;
  return access(absolute, constants.R_OK).then(
    () => true,
    () => false,
  );
}

function stampOf(info: BigIntStats | undefined): string | undefined {
  return info && `${info.ino}:${info.mtimeNs}`;
}

/**
 * Through the thread pool, like every other file call here: a synchronous stat did less work, yet
 * under load the search that followed it ran 2 to 3 times slower (A/B at 10k memories, load 12).
 */
async function statOrMissing(
  path: string,
  statOf: typeof stat | typeof lstat,
): Promise<BigIntStats | undefined> {
  try {
    return await statOf(path, { bigint: true });
  } catch (error) {
    if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return undefined;
    throw ioError(error, path);
  }
}
