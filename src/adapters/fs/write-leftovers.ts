import { lstat, readdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import type { StoreLeftover } from "../../contracts/document-store.js";
import { errnoCode } from "../../errors.js";
import { isProcessAlive } from "../../rules/process-alive.js";
import { TEMP_FILE_PATTERN } from "./atomic-write.js";
import { readLockHolder } from "./home-lock.js";
import { PENDING_WRITES_PATH } from "./write-ahead-log.js";

/**
 * What writers killed mid-write leave in a file home: temporary files of a commit that was never
 * decided, the lock file of a dead holder, and the lock's helper files (candidates and breaker
 * claims, see home-lock.ts). None of it holds acknowledged text; doctor reports it and cleans it.
 */
const LOCK_FILE = "write.lock";
/** A live writer holds a temporary or helper file for milliseconds; older ones are left behind. */
const LEFTOVER_AGE_MS = 10_000;
/** Folders never walked: a person's version control, and links (never followed out of the home). */
const SKIPPED_FOLDERS = new Set([".git"]);

export async function findWriteLeftovers(
  home: string,
  options: { underLock: boolean },
): Promise<StoreLeftover[]> {
  const now = Date.now();
  const found: StoreLeftover[] = [];
  for (const path of await walkFiles(home, "")) {
    const name = path.split("/").at(-1) as string;
    if (!mayBeLeftover(path, name)) continue;
    const info = await lstat(join(home, ...path.split("/"))).catch(() => undefined);
    if (!info) continue;
    const old = now - info.mtimeMs > LEFTOVER_AGE_MS;
    const description = await describeLeftover(home, path, name, { old, underLock: options.underLock });
    if (description) found.push({ path, description });
  }
  return found;
}

function mayBeLeftover(path: string, name: string): boolean {
  return (
    TEMP_FILE_PATTERN.test(name) || path === PENDING_WRITES_PATH || path.startsWith(`.index/${LOCK_FILE}`)
  );
}

async function describeLeftover(
  home: string,
  path: string,
  name: string,
  when: { old: boolean; underLock: boolean },
): Promise<string | undefined> {
  // Under the home's lock no commit is in flight: every temporary file is a leftover.
  if (TEMP_FILE_PATTERN.test(name) && (when.old || when.underLock))
    return "temporary file of a write that was interrupted before it was decided";
  if (path === PENDING_WRITES_PATH && !when.underLock)
    return "record of a write that a killed process decided; the next write finishes it";
  if (!path.startsWith(".index/") || !name.startsWith(LOCK_FILE)) return undefined;
  if (name.startsWith(`${LOCK_FILE}.breaking-`) && (when.old || when.underLock))
    return "claim of an interrupted attempt to break a stale lock";
  const holder = await readLockHolder(join(home, ...path.split("/")));
  const dead = holder !== undefined && holder.host === hostname() && !isProcessAlive(holder.pid);
  if (name === LOCK_FILE)
    return dead && !when.underLock ? `lock of process ${holder?.pid}, which is no longer running` : undefined;
  // A waiting writer's candidate lives for microseconds; only a dead or old one is left behind.
  if (dead || when.old) return "candidate file of an interrupted attempt to take the lock";
  return undefined;
}

export async function removeWriteLeftovers(home: string, leftovers: StoreLeftover[]): Promise<void> {
  for (const leftover of leftovers) await rm(join(home, ...leftover.path.split("/")), { force: true });
}

async function walkFiles(home: string, folder: string): Promise<string[]> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(join(home, ...folder.split("/").filter(Boolean)), { withFileTypes: true });
  } catch (error) {
    if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) files.push(...(await walkFiles(home, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}
