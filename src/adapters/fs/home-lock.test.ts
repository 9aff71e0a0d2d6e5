import { spawn } from "node:child_process";
import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { link, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { MnemoError } from "../../errors.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { acquireFileLock } from "./home-lock.js";

let folder = "";
let lockPath = "";

beforeEach(async () => {
  folder = await makeTempDir("mnemo-lock-");
  lockPath = join(folder, "write.lock");
});

afterEach(async () => removeDir(folder));

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function writeHolder(holder: { pid: number; host: string; token: string }): Promise<void> {
  await writeFile(lockPath, JSON.stringify(holder));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The pid of a process that has exited and been reaped, so no live process has it (until reuse). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid;
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", () => resolve());
  });
  if (pid === undefined) throw new Error("the child process got no pid");
  return pid;
}

describe("acquireFileLock", () => {
  test("serialises holders: two never overlap, and every one gets its turn", async () => {
    let inside = 0;
    let maxInside = 0;
    let turns = 0;
    const holder = async () => {
      for (let round = 0; round < 5; round++) {
        const release = await acquireFileLock(lockPath, 20_000);
        inside++;
        maxInside = Math.max(maxInside, inside);
        await sleep(Math.random() * 8);
        turns++;
        inside--;
        await release();
        await sleep(Math.random() * 3);
      }
    };
    await Promise.all(Array.from({ length: 6 }, holder));
    expect(maxInside).toBe(1);
    expect(turns).toBe(30);
    expect(await exists(lockPath)).toBe(false);
  });

  test("still serialises when many writers find the same stale lock at once", async () => {
    // Each trial: a dead process's lock, and six writers that all notice it and try to break it.
    const pid = await deadPid();
    let overlaps = 0;
    for (let trial = 0; trial < 40; trial++) {
      await writeHolder({ pid, host: hostname(), token: `dead-${trial}` });
      let inside = 0;
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          const release = await acquireFileLock(lockPath, 20_000);
          inside++;
          if (inside > 1) overlaps++;
          await sleep(2);
          inside--;
          await release();
        }),
      );
    }
    expect(overlaps, "writers held the lock at the same time after a stale lock was broken").toBe(0);
    expect(await readdir(folder)).toEqual([]);
  });

  test("a stale lock replaced by a live one between the check and the break is left alone (forced race)", async () => {
    // The race the claim's re-check exists for, made deterministic: this writer reads a dead
    // process's lock and asks whether that process is alive; at that very moment another writer
    // breaks the stale lock and takes a new, live one (a new file under the same name). Breaking
    // "the stale lock" now, without reading the claim again, would delete the live writer's lock.
    const dead = await deadPid();
    await writeHolder({ pid: dead, host: hostname(), token: "stale" });
    const live = { pid: process.pid, host: hostname(), token: "live" };
    const realKill = process.kill.bind(process);
    const kill = vi.spyOn(process, "kill").mockImplementation((pid, signal) => {
      if (pid === dead && signal === 0 && kill.mock.calls.length === 1) {
        writeFileSync(`${lockPath}.other`, JSON.stringify(live));
        renameSync(`${lockPath}.other`, lockPath);
      }
      return realKill(pid, signal);
    });
    try {
      const error = await acquireFileLock(lockPath, 300).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(kill).toHaveBeenCalledWith(dead, 0);
      expect(error, "the live writer's lock was broken").toMatchObject({ code: "LOCK_TIMEOUT" });
      expect(JSON.parse(await readFile(lockPath, "utf8"))).toEqual(live);
      expect((await readdir(folder)).sort()).toEqual(["write.lock"]);
    } finally {
      kill.mockRestore();
    }
  });

  test("writes its holder (pid, host, token) into the lock file while held", async () => {
    const release = await acquireFileLock(lockPath, 1_000);
    const holder = JSON.parse(await readFile(lockPath, "utf8"));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname(), token: expect.any(String) });
    await release();
    expect(await exists(lockPath)).toBe(false);
  });

  test("times out with LOCK_TIMEOUT naming the lock file when a live process holds it", async () => {
    await writeHolder({ pid: process.pid, host: hostname(), token: "x" });
    const started = Date.now();
    const error = await acquireFileLock(lockPath, 300).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(MnemoError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "LOCK_TIMEOUT" });
    expect((error as Error).message).toBe(
      `Timed out after 300 ms waiting for the memory-home lock ${lockPath}, held by process ${process.pid} on ${hostname()}. ` +
        "If that process is gone, delete the lock file; otherwise retry or raise lockTimeoutMs.",
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // The live holder's lock is left alone.
    expect(JSON.parse(await readFile(lockPath, "utf8"))).toMatchObject({ token: "x" });
  });

  test("breaks the lock of a dead process on this host and takes it", async () => {
    const pid = await deadPid();
    await writeHolder({ pid, host: hostname(), token: "dead" });
    const release = await acquireFileLock(lockPath, 2_000);
    expect(JSON.parse(await readFile(lockPath, "utf8"))).toMatchObject({ pid: process.pid });
    await release();
    expect(await exists(lockPath)).toBe(false);
  });

  test("does not break a lock naming a dead pid on another host (it may be alive there)", async () => {
    const pid = await deadPid();
    await writeHolder({ pid, host: `not-${hostname()}`, token: "remote" });
    await expect(acquireFileLock(lockPath, 200)).rejects.toMatchObject({ code: "LOCK_TIMEOUT" });
    expect(JSON.parse(await readFile(lockPath, "utf8"))).toMatchObject({ token: "remote" });
  });

  test.each([
    ["an empty", ""],
    ["a half-written", '{"pid": 12'],
  ])("breaks %s lock file once it is older than 5 s", async (_kind, content) => {
    await writeFile(lockPath, content);
    const longAgo = new Date(Date.now() - 10_000);
    await utimes(lockPath, longAgo, longAgo);
    const release = await acquireFileLock(lockPath, 2_000);
    expect(JSON.parse(await readFile(lockPath, "utf8"))).toMatchObject({ pid: process.pid });
    await release();
  });

  test("leaves a fresh empty lock file alone: its creator may still be writing it", async () => {
    await writeFile(lockPath, "");
    const error = await acquireFileLock(lockPath, 200).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({ code: "LOCK_TIMEOUT" });
    expect((error as Error).message).toContain("another process");
    expect(await readFile(lockPath, "utf8")).toBe("");
  });

  test("release removes only its own lock", async () => {
    const release = await acquireFileLock(lockPath, 1_000);
    // Someone judged us dead, broke the lock and now holds it: our release must not free theirs.
    await writeHolder({ pid: process.pid, host: hostname(), token: "someone-else" });
    await release();
    expect(JSON.parse(await readFile(lockPath, "utf8"))).toMatchObject({ token: "someone-else" });
  });

  test("release after the lock file vanished is harmless", async () => {
    const release = await acquireFileLock(lockPath, 1_000);
    await removeDir(lockPath);
    await expect(release()).resolves.toBeUndefined();
    const again = await acquireFileLock(lockPath, 1_000);
    await again();
  });

  test.each([
    ["no pid", { host: hostname(), token: "t" }],
    ["no host", { pid: process.pid, token: "t" }],
    ["no token", { pid: process.pid, host: hostname() }],
    ["a pid that is not a number", { pid: String(process.pid), host: hostname(), token: "t" }],
  ])("a fresh lock file whose holder has %s is waited out as unreadable", async (_what, holder) => {
    await writeFile(lockPath, JSON.stringify(holder));
    await expect(acquireFileLock(lockPath, 200)).rejects.toMatchObject({
      code: "LOCK_TIMEOUT",
      message: expect.stringContaining("held by another process"),
    });
    expect(JSON.parse(await readFile(lockPath, "utf8"))).toEqual(holder);
  });

  test("the lock file is readable by all and writable by its owner only, whatever the umask", async () => {
    const umask = process.umask(0);
    try {
      const release = await acquireFileLock(lockPath, 1_000);
      expect((await stat(lockPath)).mode & 0o777).toBe(0o644);
      await release();
    } finally {
      process.umask(umask);
    }
  });

  test("a dead holder's lock that another writer breaks first (forced) is simply taken", async () => {
    const dead = await deadPid();
    await writeHolder({ pid: dead, host: hostname(), token: "dead" });
    const realKill = process.kill.bind(process);
    // While this writer asks whether the holder is alive, another breaks the lock: there is nothing left to claim.
    const kill = vi.spyOn(process, "kill").mockImplementation((pid, signal) => {
      if (pid === dead && signal === 0 && kill.mock.calls.length === 1) unlinkSync(lockPath);
      return realKill(pid, signal);
    });
    try {
      const release = await acquireFileLock(lockPath, 1_000);
      expect(JSON.parse(await readFile(lockPath, "utf8"))).toMatchObject({ pid: process.pid });
      await release();
    } finally {
      kill.mockRestore();
    }
  });

  test("a claim left by a breaker killed mid-break holds for 5 s, then is cleared and the lock broken", async () => {
    const dead = await deadPid();
    await writeHolder({ pid: dead, host: hostname(), token: "dead" });
    const claim = `${lockPath}.breaking-dead`;
    await link(lockPath, claim);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const acquiring = acquireFileLock(lockPath, 60_000);
      await sleep(300);
      expect(JSON.parse(await readFile(lockPath, "utf8"))).toMatchObject({ token: "dead" });
      expect(await exists(claim)).toBe(true);
      vi.setSystemTime(Date.now() + 10_000);
      const outcome = await Promise.race([acquiring, sleep(3_000).then(() => "still waiting")]);
      expect(outcome).toBeTypeOf("function");
      expect(JSON.parse(await readFile(lockPath, "utf8"))).toMatchObject({ pid: process.pid });
      expect(await exists(claim)).toBe(false);
      await (outcome as () => Promise<void>)();
    } finally {
      vi.useRealTimers();
    }
  });
});
