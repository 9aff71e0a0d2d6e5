/**
 * A damaged derived SQLite file is moved aside to `<path>.damaged` (replacing an older one: kept
 * for a person to look at, never more than one) and its -wal and -shm, which belong to it and would
 * be replayed into a new file, are removed. Several processes may find the same file damaged at
 * once: each moves it under a lock beside it, and only while `path` is still the file it found
 * damaged (the same inode), so a file another process has just made is never moved. Returns where
 * the damaged file went, or undefined when another process had moved it already.
 */
import { rename, stat, unlink } from "node:fs/promises";
import { errnoCode } from "../../errors.js";
import { acquireFileLock } from "../fs/home-lock.js";
import { SQLITE_SIDE_FILES } from "./sqlite-file-path.js";

export const DAMAGED_SUFFIX = ".damaged";

export async function moveDamagedAside(
  path: string,
  found: { inode: number },
  lockTimeoutMs: number,
): Promise<string | undefined> {
  const release = await acquireFileLock(`${path}.lock`, lockTimeoutMs);
  try {
    if ((await inodeOf(path)) !== found.inode) return undefined;
    const aside = `${path}${DAMAGED_SUFFIX}`;
    await rename(path, aside);
    for (const suffix of SQLITE_SIDE_FILES) {
      await unlink(`${path}${suffix}`).catch((error: unknown) => {
        if (errnoCode(error) !== "ENOENT") throw error;
      });
    }
    return aside;
  } finally {
    await release();
  }
}

/** The file's inode number, or undefined when it does not exist. */
export async function inodeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).ino;
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw error;
  }
}
