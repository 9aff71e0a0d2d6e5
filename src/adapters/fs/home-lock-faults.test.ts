import { spawn } from "node:child_process";
import { renameSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { acquireFileLock } from "./home-lock.js";

/**
 * The lock on real files, with the moments between two file-system calls forced: another writer
 * acting between this one's link() and unlink(), a file system that refuses a call. node:fs/promises'
 * link and unlink are wrapped; `fault` says what happens before (or instead of) the real call.
 */
type Fault = (path: string, target?: string) => void;
const faults = vi.hoisted(() => ({
  link: undefined as Fault | undefined,
  unlink: undefined as Fault | undefined,
  links: 0,
}));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    link: async (from: string, to: string) => {
      faults.links++;
      faults.link?.(from, to);
      return actual.link(from, to);
    },
    unlink: async (path: string) => {
      faults.unlink?.(path);
      return actual.unlink(path);
    },
  };
});

let folder = "";
let lockPath = "";
beforeEach(async () => {
  folder = await makeTempDir("mnemo-lock-faults-");
  lockPath = join(folder, "write.lock");
  faults.link = undefined;
  faults.unlink = undefined;
  faults.links = 0;
});
afterEach(async () => {
  faults.link = undefined;
  faults.unlink = undefined;
  await removeDir(folder);
});

function errnoError(code: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: refused by the file system, '${path}'`), { code });
}

/** The pid of a process that has exited and been reaped, so no live process has it (until reuse). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  if (child.pid === undefined) throw new Error("the child process got no pid");
  return child.pid;
}

const holderOf = async () => JSON.parse(await readFile(lockPath, "utf8"));
const live = () => ({ pid: process.pid, host: hostname(), token: "live" });
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );

/** Replaces the lock file, as another writer would: a new file under the lock's name. */
function replaceLock(content: string, ageMs = 0): void {
  writeFileSync(`${lockPath}.other`, content);
  const when = new Date(Date.now() - ageMs);
  utimesSync(`${lockPath}.other`, when, when);
  renameSync(`${lockPath}.other`, lockPath);
}

/** Runs `act` once, the moment this writer claims the stale lock (links it to `.breaking-…`). */
function onClaim(act: () => void): void {
  faults.link = (from, to) => {
    if (from !== lockPath || !to?.includes(".breaking-")) return;
    faults.link = undefined;
    act();
  };
}

async function writeDeadHolder(): Promise<void> {
  await writeFile(lockPath, JSON.stringify({ pid: await deadPid(), host: hostname(), token: "dead" }));
}

async function writeOldUnreadableLock(): Promise<void> {
  await writeFile(lockPath, "");
  const longAgo = new Date(Date.now() - 10_000);
  await utimes(lockPath, longAgo, longAgo);
}

describe("breaking a stale lock", () => {
  test("a stale lock removed by another breaker after this one's claim is simply taken", async () => {
    await writeDeadHolder();
    faults.unlink = (path) => {
      if (path !== lockPath) return;
      faults.unlink = undefined;
      unlinkSync(lockPath); // the other breaker was quicker: ENOENT for this one
    };
    const release = await acquireFileLock(lockPath, 2_000);
    expect(await holderOf()).toMatchObject({ pid: process.pid });
    await release();
    expect(await readdir(folder)).toEqual([]);
  });

  test("a stale lock the file system refuses to remove fails with that error, not a hang", async () => {
    await writeDeadHolder();
    faults.unlink = (path) => {
      if (path === lockPath) throw errnoError("EACCES", path);
    };
    await expect(acquireFileLock(lockPath, 2_000)).rejects.toMatchObject({ code: "EACCES" });
    expect(await holderOf()).toMatchObject({ token: "dead" });
  });

  test("a claim the file system refuses (not a rival's claim) fails with that error, not a hang", async () => {
    await writeDeadHolder();
    faults.link = (from, to) => {
      if (to?.includes(".breaking-")) throw errnoError("EMLINK", from);
    };
    await expect(acquireFileLock(lockPath, 2_000)).rejects.toMatchObject({ code: "EMLINK" });
    expect(await holderOf()).toMatchObject({ token: "dead" });
  });

  test("an old unreadable lock replaced by a live holder's before the claim is left alone", async () => {
    // The live holder took the lock long ago: its file's age must not make it look abandoned.
    await writeOldUnreadableLock();
    onClaim(() => replaceLock(JSON.stringify(live()), 10_000));
    const error = await settle(acquireFileLock(lockPath, 300));
    expect(error, "the live holder's lock was broken").toMatchObject({ code: "LOCK_TIMEOUT" });
    expect(await holderOf()).toEqual(live());
  });

  test("an old unreadable lock replaced by a fresh unreadable one before the claim is left alone", async () => {
    await writeOldUnreadableLock();
    onClaim(() => replaceLock(""));
    const error = await settle(acquireFileLock(lockPath, 300));
    expect(error, "a lock still being written was broken").toMatchObject({ code: "LOCK_TIMEOUT" });
    expect(await readFile(lockPath, "utf8")).toBe("");
  });

  test("a dead holder's lock replaced by a fresh unreadable one before the claim is left alone", async () => {
    await writeDeadHolder();
    onClaim(() => replaceLock(""));
    const error = await settle(acquireFileLock(lockPath, 300));
    expect(error).toMatchObject({
      code: "LOCK_TIMEOUT",
      message: expect.stringContaining("another process"),
    });
    expect(await readFile(lockPath, "utf8")).toBe("");
  });
});

describe("taking and waiting", () => {
  test("a file system without hard links fails with its error, not a LOCK_TIMEOUT naming no one", async () => {
    faults.link = (from) => {
      throw errnoError("EPERM", from);
    };
    await expect(acquireFileLock(lockPath, 300)).rejects.toMatchObject({ code: "EPERM" });
    expect(await readdir(folder)).toEqual([]);
  });

  test("a holder that exists but belongs to another user (EPERM) is alive: its lock is kept", async () => {
    const pid = await deadPid();
    await writeFile(lockPath, JSON.stringify({ pid, host: hostname(), token: "other-user" }));
    const realKill = process.kill.bind(process);
    const kill = vi.spyOn(process, "kill").mockImplementation((target, signal) => {
      if (target === pid && signal === 0) throw errnoError("EPERM", `pid ${pid}`);
      return realKill(target, signal);
    });
    try {
      await expect(acquireFileLock(lockPath, 300)).rejects.toMatchObject({ code: "LOCK_TIMEOUT" });
      expect(kill).toHaveBeenCalledWith(pid, 0);
      expect(await holderOf()).toMatchObject({ token: "other-user" });
    } finally {
      kill.mockRestore();
    }
  });

  test("a waiting writer backs off: at most 30 tries in 500 ms, not a busy loop", async () => {
    // Tries grow 3 ms apart up to 50 ms: about 17 in 500 ms, fewer on a busy machine.
    await writeFile(lockPath, JSON.stringify(live()));
    await expect(acquireFileLock(lockPath, 500)).rejects.toMatchObject({ code: "LOCK_TIMEOUT" });
    expect(faults.links).toBeGreaterThan(1);
    expect(faults.links).toBeLessThanOrEqual(30);
  });
});

describe("releasing", () => {
  test("a lock removed between release's check and its removal is released without error", async () => {
    const release = await acquireFileLock(lockPath, 1_000);
    faults.unlink = (path) => {
      if (path === lockPath) unlinkSync(lockPath);
    };
    await expect(release()).resolves.toBeUndefined();
    expect(await readdir(folder)).toEqual([]);
  });

  test("a lock the file system refuses to remove on release fails with that error", async () => {
    const release = await acquireFileLock(lockPath, 1_000);
    faults.unlink = (path) => {
      if (path === lockPath) throw errnoError("EACCES", path);
    };
    await expect(release()).rejects.toMatchObject({ code: "EACCES" });
    faults.unlink = undefined;
    expect((await stat(lockPath)).isFile()).toBe(true);
  });
});
