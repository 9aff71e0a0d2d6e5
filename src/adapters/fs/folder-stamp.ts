/**
 * The stamp of an indexed folder (`inode:mtime in ns`), which tells the search index whether the
 * folder changed since it was indexed. Every search asks it of each indexed folder, so it costs one
 * system call where it can: an `lstat` of a folder directly in the home that is not a symbolic link
 * proves the folder is inside the home and gives its stamp. A link, or a deeper folder, is resolved
 * and checked as a listing is.
 */
import type { BigIntStats } from "node:fs";
import { lstat, stat } from "node:fs/promises";
import { join } from "node:path";
import { errnoCode } from "../../errors.js";
import { ioError } from "./io-error.js";
import { resolveFolderInsideHome, validateDocumentPath } from "./safe-path.js";

/** undefined for a folder that does not exist; the home itself is `""`. */
export async function folderStamp(home: string, directory: string): Promise<string | undefined> {
  if (directory === "") return stampOf(await statOrMissing(home, stat));
  const segments = validateDocumentPath(directory);
  if (segments.length === 1) {
    const own = await statOrMissing(join(home, ...segments), lstat);
    if (!own?.isSymbolicLink()) return stampOf(own);
  }
  return stampOf(await statOrMissing(await resolveFolderInsideHome(home, directory), stat));
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
