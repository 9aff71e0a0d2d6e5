import type { BigIntStats } from "node:fs";
import { lstat, mkdir, realpath } from "node:fs/promises";
import { join, sep } from "node:path";
import { errnoCode, MnemoError } from "../../errors.js";
import { ioError } from "./io-error.js";

/**
 * Checks a document path before it is joined to the home: relative, "/"-separated, no "." or ".."
 * segments, no backslashes or NUL. Returns the path's segments.
 */
export function validateDocumentPath(path: string): string[] {
  const segments = path.split("/");
  const bad =
    path.length === 0 ||
    path.startsWith("/") ||
    path.includes("\\") ||
    path.includes("\0") ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..");
  if (bad) {
    throw new MnemoError(
      "OUTSIDE_HOME",
      `Refusing path "${path}": memory-home paths are relative, use "/" and contain no "." or ".." parts.`,
    );
  }
  return segments;
}

/**
 * Resolves a document path to an absolute file path that is guaranteed to stay inside the home,
 * also through symbolic links: the real path of each folder on the way must be inside the real
 * home (checked before the next folder is created, so no folder is ever made outside the home),
 * and the file itself must not be a symbolic link.
 */
export async function resolveInsideHome(
  home: string,
  path: string,
  options: { createFolders: boolean },
): Promise<string> {
  return new HomePaths(home).resolve(path, options);
}

export interface ResolveOptions {
  createFolders: boolean;
  /** Refuse anything but a regular file at the path (a folder where a file is to be written). */
  fileOnly?: boolean;
}

export interface Inspected {
  absolute: string;
  exists: boolean;
  /** The lstat of what is there, when something is. */
  stats?: BigIntStats;
}

/**
 * resolveInsideHome for the many paths of one transaction, which holds the home's lock: the home's
 * real path and each folder's are looked up once, and only the file itself is checked every time.
 * A batch of 100,000 memories resolved each of its paths three times, at four system calls each.
 */
export class HomePaths {
  private readonly home: string;
  private realHome: Promise<string> | undefined;
  /**
   * Absolute folder -> the check of its real path: inside the home, or undefined when missing. The
   * check itself is kept, not its answer, so reads begun together (a session's start reads ~200
   * memory headers at once) share one realpath of the home and of each folder.
   */
  private readonly checkedFolders = new Map<string, Promise<string | undefined>>();

  constructor(home: string) {
    this.home = home;
  }

  async resolve(path: string, options: ResolveOptions): Promise<string> {
    return (await this.inspect(path, options)).absolute;
  }

  /**
   * The absolute path, and whether something is there: a read of a missing file need not try. When
   * something is, its lstat too (the read-text cache compares it with the one it kept).
   */
  async inspect(path: string, options: ResolveOptions): Promise<Inspected> {
    const segments = validateDocumentPath(path);
    const absolute = join(this.home, ...segments);
    return this.inspectChecked(segments, absolute, options).catch((error: unknown) => {
      throw ioError(error, absolute);
    });
  }

  private async inspectChecked(
    segments: string[],
    absolute: string,
    options: ResolveOptions,
  ): Promise<Inspected> {
    let folder = this.home;
    for (const segment of segments.slice(0, -1)) {
      folder = join(folder, segment);
      const realFolder = await this.checkFolder(folder, absolute, options.createFolders);
      // Missing and not to be created: nothing to read there.
      if (realFolder === undefined) return { absolute, exists: false };
    }
    let info: BigIntStats;
    try {
      info = await lstat(absolute, { bigint: true });
    } catch (error) {
      // Missing, or under a file: nothing to refuse here; a write then fails with a clear error.
      if (errnoCode(error) !== "ENOENT" && errnoCode(error) !== "ENOTDIR") throw error;
      return { absolute, exists: false };
    }
    if (info.isSymbolicLink()) {
      throw new MnemoError(
        "OUTSIDE_HOME",
        `Refusing ${absolute}: it is a symbolic link. mnemo only reads and writes regular files inside the home; replace the link with the file itself.`,
      );
    }
    if (options.fileOnly && !info.isFile())
      throw Object.assign(new Error(`EISDIR: not a file, ${absolute}`), { code: "EISDIR" });
    return { absolute, exists: true, stats: info };
  }

  /** The folder's real path, refused when outside the home; undefined when missing and not created. */
  private checkFolder(folder: string, absolute: string, create: boolean): Promise<string | undefined> {
    const known = this.checkedFolders.get(folder);
    if (known === undefined) return this.startCheck(folder, absolute, create);
    // A folder found missing is looked at again when it is to be created, and a refused one again
    // so that the refusal names this path.
    return known.then(
      (realFolder) =>
        realFolder === undefined && create ? this.startCheck(folder, absolute, create) : realFolder,
      () => this.startCheck(folder, absolute, create),
    );
  }

  private startCheck(folder: string, absolute: string, create: boolean): Promise<string | undefined> {
    const check = this.realFolderInsideHome(folder, absolute, create);
    this.checkedFolders.set(folder, check);
    return check;
  }

  private async realFolderInsideHome(
    folder: string,
    absolute: string,
    create: boolean,
  ): Promise<string | undefined> {
    this.realHome ??= realpath(this.home);
    const realHome = await this.realHome;
    const realFolder = await realFolderOf(folder, absolute, create);
    if (realFolder === undefined) return undefined;
    if (!isInside(realFolder, realHome)) {
      throw new MnemoError(
        "OUTSIDE_HOME",
        `Refusing ${absolute}: its folder is a symbolic link to ${realFolder}, outside the memory home ${realHome}. Replace the link with a real folder inside the home.`,
      );
    }
    return realFolder;
  }
}

/**
 * The HomePaths of reads outside a transaction. Without the home's lock a folder may change between
 * two reads, so each read checks the folders anew, except that reads begun in one synchronous run (a
 * Promise.all over many files) share one check of each folder: a session's start reads ~200 memory
 * headers at once, and each resolved the home and memories/ again (issue 31).
 */
export class ReadPaths {
  private readonly home: string;
  private shared: HomePaths | undefined;

  constructor(home: string) {
    this.home = home;
  }

  current(): HomePaths {
    if (this.shared === undefined) {
      this.shared = new HomePaths(this.home);
      queueMicrotask(() => {
        this.shared = undefined;
      });
    }
    return this.shared;
  }
}

/** A folder to list, refused like a read when it is a symbolic link to a place outside the home. */
export async function resolveFolderInsideHome(home: string, directory: string): Promise<string> {
  const absolute = join(home, ...validateDocumentPath(directory));
  const [realHome, realFolder] = await Promise.all([
    realpath(home),
    realFolderOf(absolute, absolute, false),
  ]).catch((error: unknown) => {
    throw ioError(error, absolute);
  });
  if (realFolder !== undefined && !isInside(realFolder, realHome)) {
    throw new MnemoError(
      "OUTSIDE_HOME",
      `Refusing to list ${absolute}: it is a symbolic link to ${realFolder}, outside the memory home ${realHome}.`,
    );
  }
  return absolute;
}

/** The folder's real path (undefined when missing); creates it first when asked. */
async function realFolderOf(folder: string, absolute: string, create: boolean): Promise<string | undefined> {
  if (create) {
    await mkdir(folder).catch((error: unknown) => {
      if (errnoCode(error) !== "EEXIST") throw error;
    });
  }
  try {
    return await realpath(folder);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT" && errnoCode(error) !== "ENOTDIR") throw error;
    if (!create) return undefined;
    // mkdir said EEXIST yet the folder cannot be resolved: a symbolic link that leads nowhere.
    throw new MnemoError(
      "OUTSIDE_HOME",
      `Refusing ${absolute}: its folder ${folder} is a symbolic link to a place that does not exist. Remove the link, or point it at a folder inside the memory home.`,
    );
  }
}

function isInside(realPath: string, realHome: string): boolean {
  return realPath === realHome || realPath.startsWith(realHome + sep);
}
