import { afterEach, describe, expect, test } from "vitest";
import { openMemory } from "../../src/open-memory.js";
import { makeTempDir, removeDir } from "../../src/testing/test-home.js";
import { killRounds } from "./kill-rounds.js";

/**
 * The bounded form of the kill -9 suite (the bench runs 1,000 and more: bench/reliability/kill-nine.ts).
 * Two homes side by side, so kills land at more moments in the same time.
 */
const ROUNDS_PER_HOME = 25;
const homes: string[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await removeDir(home);
});

describe("kill -9 at random moments", () => {
  test("loses no acknowledged text and leaves no torn file; doctor --fix leaves nothing behind", {
    timeout: 180_000,
  }, async () => {
    for (let index = 0; index < 2; index++) homes.push(await makeTempDir("mnemo-kill-nine-"));
    const results = await Promise.all(
      homes.map((home, index) =>
        killRounds({ home, rounds: ROUNDS_PER_HOME, maxDelayMs: 400, tag: `h${index}` }),
      ),
    );
    for (const result of results) {
      expect(result.workerErrors).toEqual([]);
      expect(result.kills).toBe(ROUNDS_PER_HOME);
      expect(result.acknowledged).toBeGreaterThan(ROUNDS_PER_HOME);
      expect(result.lost).toEqual([]);
      expect(result.tornFiles).toEqual([]);
      expect(result.visibleTemporaryFiles).toEqual([]);
    }
    for (const home of homes) {
      const memory = await openMemory({
        home,
        env: {},
        config: { search: { embedder: "none" } },
        onWarning: () => undefined,
      });
      await memory.doctor({ fix: true });
      const leftovers = (await memory.doctor()).problems.filter(
        (problem) => problem.kind === "write-leftover",
      );
      expect(leftovers).toEqual([]);
    }
  });
});
