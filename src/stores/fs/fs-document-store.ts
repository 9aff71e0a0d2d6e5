import { mkdir, open, readdir, readFile, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { DocumentInfo, DocumentStore, DocumentWriter } from "../../contracts/document-store.js";
import { errnoCode, errorMessage, MnemoError } from "../../errors.js";
import { writeFileAtomic } from "./atomic-write.js";
import { acquireFileLock } from "./home-lock.js";
import { resolveFolderInsideHome, resolveInsideHome, validateDocumentPath } from "./safe-path.js";

/** How many files are stat'ed at once when a folder is listed. */
const LIST_BATCH = 128;

/** The lock file sits in the derived-state folder, which every mnemo home has. */
export const LOCK_PATH = ".index/write.lock";

export interface FsDocumentStoreOptions {
  home: string;
  lockTimeoutMs: number;
}

/** The memory home as plain files: atomic writes, one lock per home, nothing outside the home. */
export class FsDocumentStore implements DocumentStore {
  readonly home: string;
  private readonly lockTimeoutMs: number;
  /** Chains this process's transactions so they queue here instead of polling the lock file. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: FsDocumentStoreOptions) {
    this.home = options.home;
    this.lockTimeoutMs = options.lockTimeoutMs;
  }

  /** Creates the home (seed 000, property 5) and its derived-state folder. */
  async open(): Promise<void> {
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
            changeStamp: `${info.ino}:${info.ctimeMs}`,
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

  transaction<T>(work: (writer: DocumentWriter) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.runLocked(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async runLocked<T>(work: (writer: DocumentWriter) => Promise<T>): Promise<T> {
    await this.open();
    const lockPath = await resolveInsideHome(this.home, LOCK_PATH, { createFolders: true });
    const release = await acquireFileLock(lockPath, this.lockTimeoutMs);
    try {
      return await work(this.writer());
    } finally {
      await release();
    }
  }

  private writer(): DocumentWriter {
    return {
      read: (path) => this.read(path),
      readHead: (path, maxBytes) => this.readHead(path, maxBytes),
      list: (directory) => this.list(directory),
      folderStamp: (directory) => this.folderStamp(directory),
      write: async (path, content) => {
        const absolute = await resolveInsideHome(this.home, path, { createFolders: true });
        await writeFileAtomic(absolute, content).catch((error: unknown) => {
          throw ioError(error, absolute);
        });
      },
      remove: async (path) => {
        const absolute = await resolveInsideHome(this.home, path, { createFolders: false });
        try {
          await unlink(absolute);
          return true;
        } catch (error) {
          if (errnoCode(error) === "ENOENT") return false;
          throw ioError(error, absolute);
        }
      },
    };
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
