import { randomBytes } from "node:crypto";
import { link, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { errnoCode, MnemoError } from "../../errors.js";
import { isProcessAlive } from "../../rules/process-alive.js";

/**
 * A lock file that serialises writers across processes. The holder's pid, host and a random token
 * are written into it; a lock whose holder is a dead process on this host is broken, so a writer
 * killed mid-write never blocks the home for good.
 */
export interface LockHolder {
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
    const holder = await readLockHolder(lockPath);
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

/**
 * Writes the holder into a file of its own, then links it to the lock's name: link() fails if the
 * lock exists, so creation is atomic and the lock file is never seen empty or half-written.
 */
async function tryCreate(lockPath: string, self: LockHolder): Promise<boolean> {
  const candidate = `${lockPath}.${self.token}`;
  await writeFile(candidate, JSON.stringify(self), { mode: 0o644 });
  try {
    await link(candidate, lockPath);
    return true;
  } catch (error) {
    if (errnoCode(error) === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(candidate).catch(() => undefined);
  }
}

export async function readLockHolder(lockPath: string): Promise<LockHolder | undefined> {
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

/**
 * Claims the stale lock before removing it: link() creates the claim only if no one else has
 * claimed this holder yet, so one breaker wins. The claim is a second name for the very file the
 * winner linked, so reading it tells whether that file is still the stale one; if it is, nobody
 * but the winner can remove it from lockPath, and removing it by name is safe. A breaker that
 * linked a newer, live lock only removes its claim.
 */
async function breakStaleLock(lockPath: string, stale: LockHolder | undefined): Promise<void> {
  const claim = `${lockPath}.breaking-${stale?.token ?? "unreadable"}`;
  try {
    await link(lockPath, claim);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return; // broken by someone else already
    if (errnoCode(error) === "EEXIST") return removeAbandonedClaim(claim);
    throw error;
  }
  try {
    if (await isStillStale(claim, stale)) {
      await unlink(lockPath).catch((error: unknown) => {
        if (errnoCode(error) !== "ENOENT") throw error;
      });
    }
  } finally {
    await unlink(claim).catch(() => undefined);
  }
}

async function isStillStale(claim: string, stale: LockHolder | undefined): Promise<boolean> {
  const claimed = await readLockHolder(claim);
  if (stale) return claimed?.token === stale.token;
  if (claimed) return false;
  const info = await stat(claim);
  return Date.now() - info.mtimeMs > UNREADABLE_LOCK_STALE_MS;
}

/** A breaker killed between claiming and removing leaves its claim; after a while it is cleared. */
async function removeAbandonedClaim(claim: string): Promise<void> {
  const info = await stat(claim).catch(() => undefined);
  if (info && Date.now() - info.ctimeMs > UNREADABLE_LOCK_STALE_MS)
    await unlink(claim).catch(() => undefined);
}

async function release(lockPath: string, self: LockHolder): Promise<void> {
  const holder = await readLockHolder(lockPath);
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
