import { mkdir, readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
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
 * Issue 11: every operation that moves text out of a file (capacity, budgets, re-save, forget,
 * doctor --fix) is killed right after each of its write steps in turn (every rename and every
 * fsync), then the home is opened again. What a reader finds must be the home as it was before the
 * operation or as it is after it: never text in neither the file nor archive/, never half of it.
 *
 * The killed writers run side by side (each on a copy of its own), and one process then opens
 * every home they left, one after the other: a process per step instead of two, and the waits on
 * fsync of one worker overlap the others' work.
 */
const WORKER = join(REPOSITORY_ROOT, "test", "reliability", "operation.worker.mjs");
const OPERATIONS = [
  "journal-at-capacity",
  "memory-journal-at-capacity",
  "profile-over-budget",
  "memory-resave",
  "forget",
  "doctor-fix-over-budget",
];

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await removeDir(folder);
});

function runWorker(home: string, phase: string, operation: string, faults = {}) {
  return runWithFaults(WORKER, [phase, operation, home], faults);
}
const SIDE_BY_SIDE = Math.max(2, availableParallelism());

describe("a writer killed after any step of a commit", () => {
  test.each(OPERATIONS)(
    "%s: the home is as before or as after, never in between",
    async (operation) => {
      const base = await makeTempDir("mnemo-fault-");
      folders.push(base);
      const setup = join(base, "setup");
      await mkdir(setup);
      expect(runWorker(setup, "setup", operation).stdout).toBe("done\n");
      const before = await snapshotHome(setup);

      const finished = join(base, "finished");
      await copyHome(setup, finished);
      const report = join(base, "steps");
      expect(runWorker(finished, "run", operation, { report }).stdout).toBe("done\n");
      const after = await snapshotHome(finished);
      expect(firstDifference(before, after), "the operation changed nothing").toBeDefined();
      const steps = Number(await readFile(report, "utf8"));
      expect(steps).toBeGreaterThan(1);

      const killPoints = Array.from({ length: steps }, (_, index) => index + 1);
      const homes = killPoints.map((killAt) => join(base, `killed-${killAt}`));
      const killed = await mapConcurrently(killPoints, SIDE_BY_SIDE, async (killAt) => {
        await copyHome(setup, homes[killAt - 1] as string);
        return startWithFaults(WORKER, ["run", operation, homes[killAt - 1] as string], { killAt });
      });
      for (const [index, run] of killed.entries())
        expect(run.signal, `step ${index + 1} of ${steps}: ${run.stderr}`).toBe("SIGKILL");
      const reopened = runWithFaults(WORKER, ["open", operation, ...homes], {});
      expect(reopened.stdout, reopened.stderr).toBe("done\n");

      for (const [index, home] of homes.entries()) {
        const state = await snapshotHome(home);
        const asBefore = firstDifference(before, state);
        const asAfter = firstDifference(after, state);
        if (asBefore !== undefined && asAfter !== undefined)
          expect.fail(
            `killed after step ${index + 1} of ${steps}: neither before (${asBefore}) nor after (${asAfter})`,
          );
      }
      // A process a step, a second or more each while another test file runs beside this one.
    },
    240_000,
  );
});
