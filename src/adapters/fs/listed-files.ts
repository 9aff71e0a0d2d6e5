/**
 * Which files of the home a listing shows: regular, readable files only. A symbolic link or an
 * unreadable file is skipped with a warning, once per file: a command lists a folder several
 * times, the user hears it once.
 */
import type { Stats } from "node:fs";
import { access, constants, lstat } from "node:fs/promises";
import type { DocumentInfo } from "../../contracts/document-store.js";

export class ListedFiles {
  private readonly warn: (message: string) => void;
  private readonly skipped = new Set<string>();

  constructor(warn: (message: string) => void) {
    this.warn = warn;
  }

  /** The file's stats when a listing shows it; never follows a symbolic link. */
  async stats(absolute: string): Promise<Stats | undefined> {
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
}

/** A listed file as the store describes it; the change stamp moves with any write or rename over it. */
export function documentInfo(path: string, stats: Stats): DocumentInfo {
  return { path, modifiedAt: stats.mtime, size: stats.size, changeStamp: `${stats.ino}:${stats.ctimeMs}` };
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
