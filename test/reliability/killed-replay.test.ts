import { access, mkdir, readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { PENDING_WRITES_PATH } from "../../src/adapters/fs/write-ahead-log.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../src/testing/test-home.js";
import {
  copyHome,
  firstDifference,
  mapConcurrently,
  runWithFaults,
  snapshotHome,
  startWithFaults,
} from "./home-snapshot.js";

/**
 * Issue 27: a commit decided by its write-ahead record (write-ahead-log.ts) and interrupted is
 * finished by the next process that opens the home. That replay can be killed too, after any of its
 * renames and fsyncs: the process after it must still find the record and finish the commit. A
 * replay that dropped the record before its renames were all done would lose the decided commit.
 * The killed replays run side by side, and one process then reopens every home they left.
 */
const WORKER = join(REPOSITORY_ROOT, "test", "reliability", "operation.worker.mjs");
// Each moves text between files in one commit: a file and its archive; a removal, its archive and the index.
const OPERATIONS = ["profile-over-budget", "forget"];

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await removeDir(folder);
});

const run = (home: string, phase: string, operation: string, faults = {}) =>
  runWithFaults(WORKER, [phase, operation, home], faults);
const hasRecord = (home: string) =>
  access(join(home, ...PENDING_WRITES_PATH.split("/"))).then(
    () => true,
    () => false,
  );

describe("a replay of an interrupted commit, killed after any of its steps", () => {
  test.each(OPERATIONS)("%s: the next open still finishes the decided commit", async (operation) => {
    const base = await makeTempDir("mnemo-replay-");
    folders.push(base);
    const setup = join(base, "setup");
    await mkdir(setup);
    expect(run(setup, "setup", operation).stdout).toBe("done\n");
    const finished = join(base, "finished");
    await copyHome(setup, finished);
    expect(run(finished, "run", operation).stdout).toBe("done\n");
    const after = await snapshotHome(finished);

    // The writer killed at the first step after which its record is durable: the whole commit is left to replay.
    const interrupted = join(base, "interrupted");
    for (let killAt = 1; ; killAt++) {
      await removeDir(interrupted);
      await copyHome(setup, interrupted);
      const killed = run(interrupted, "run", operation, { killAt });
      expect(killed.signal, `no step left a record (stopped at ${killAt})`).toBe("SIGKILL");
      if (await hasRecord(interrupted)) break;
    }
    expect(firstDifference(after, await snapshotHome(interrupted)), "nothing left to replay").toBeDefined();

    const report = join(base, "steps");
    const replayed = join(base, "replayed");
    await copyHome(interrupted, replayed);
    expect(run(replayed, "open", operation, { report }).stdout).toBe("done\n");
    expect(firstDifference(after, await snapshotHome(replayed))).toBeUndefined();
    const steps = Number(await readFile(report, "utf8"));
    expect(steps).toBeGreaterThan(1);

    const killPoints = Array.from({ length: steps }, (_, index) => index + 1);
    const homes = killPoints.map((killAt) => join(base, `replay-killed-${killAt}`));
    const killed = await mapConcurrently(killPoints, Math.max(2, availableParallelism()), async (killAt) => {
      await copyHome(interrupted, homes[killAt - 1] as string);
      return startWithFaults(WORKER, ["open", operation, homes[killAt - 1] as string], { killAt });
    });
    for (const [index, replay] of killed.entries())
      expect(replay.signal, `step ${index + 1} of ${steps}: ${replay.stderr}`).toBe("SIGKILL");
    const reopened = runWithFaults(WORKER, ["open", operation, ...homes], {});
    expect(reopened.stdout, reopened.stderr).toBe("done\n");
    for (const [index, home] of homes.entries()) {
      const difference = firstDifference(after, await snapshotHome(home));
      if (difference !== undefined)
        expect.fail(
          `replay killed after step ${index + 1} of ${steps}, then reopened: not the decided commit (${difference})`,
        );
      expect(await hasRecord(home)).toBe(false);
    }
  });
});
