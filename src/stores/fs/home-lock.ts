import { randomBytes } from "node:crypto";
import { link, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { errnoCode, MnemoError } from "../../errors.js";

/**
 * A lock file that serialises writers across processes. The holder's pid, host and a random token
 * are written into it; a lock whose holder is a dead process on this host is broken, so a writer
 * killed mid-write never blocks the home for good.
 */
interface LockHolder {
  pid: number;
  host: string;
  token: string;
}

/** A lock file with no readable holder is still being created; only after this long is it stale. */
const UNREADABLE_LOCK_STALE_MS = 5_000;

export type ReleaseLock = () => Promise<void>;

export async function acquireFileLock(lockPath: string, timeoutMs: number): Promise<ReleaseLock> {
  const self: LockHolder = { pid: process.pid, host: hostname(), token: randomBytes(8).toString("hex") };
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    if (await tryCreate(lockPath, self)) return () => release(lockPath, self);
    const holder = await readHolder(lockPath);
    if (await isStale(lockPath, holder)) {
      await breakStaleLock(lockPath, holder);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = holder ? `process ${holder.pid} on ${holder.host}` : "another process";
      throw new MnemoError(
        "LOCK_TIMEOUT",
        `Timed out after ${timeoutMs} ms waiting for the memory-home lock ${lockPath}, held by ${who}. ` +
          "If that process is gone, delete the lock file; otherwise retry or raise lockTimeoutMs.",
      );
    }
    await sleep(backoffMs(attempt));
  }
}

async function tryCreate(lockPath: string, self: LockHolder): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(lockPath, "wx", 0o644);
  } catch (error) {
    if (errnoCode(error) === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(self));
  } finally {
    await handle.close();
  }
  return true;
}

async function readHolder(lockPath: string): Promise<LockHolder | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(lockPath, "utf8"));
    const holder = parsed as Partial<LockHolder>;
    if (
      typeof holder.pid === "number" &&
      typeof holder.host === "string" &&
      typeof holder.token === "string"
    ) {
      return holder as LockHolder;
    }
  } catch {
    // missing, empty or half-written: the caller decides by age
  }
  return undefined;
}

async function isStale(lockPath: string, holder: LockHolder | undefined): Promise<boolean> {
  if (holder) return holder.host === hostname() && !isProcessAlive(holder.pid);
  try {
    const info = await stat(lockPath);
    return Date.now() - info.mtimeMs > UNREADABLE_LOCK_STALE_MS;
  } catch {
    return false; // gone already: the next attempt will create it
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === "EPERM"; // exists, owned by someone else
  }
}

/**
 * Moves the stale lock aside under a unique name (only one breaker can win the rename), then checks
 * that what it moved is still the stale holder; if a live writer slipped in between, its lock is
 * put back.
 */
async function breakStaleLock(lockPath: string, stale: LockHolder | undefined): Promise<void> {
  const aside = `${lockPath}.stale-${randomBytes(6).toString("hex")}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return;
    throw error;
  }
  const moved = await readHolder(aside);
  const movedTheStaleOne = stale ? moved?.token === stale.token : moved === undefined;
  if (!movedTheStaleOne) {
    await link(aside, lockPath).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

async function release(lockPath: string, self: LockHolder): Promise<void> {
  const holder = await readHolder(lockPath);
  if (holder?.token !== self.token) return; // broken by someone who thought we were dead; nothing to undo
  await unlink(lockPath).catch((error: unknown) => {
    if (errnoCode(error) !== "ENOENT") throw error;
  });
}

function backoffMs(attempt: number): number {
  return Math.min(50, 2 + attempt * 3) + Math.random() * 5;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
