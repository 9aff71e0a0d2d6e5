import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { runLimited } from "./run-limited.js";

const delays = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 });

describe("runLimited", () => {
  test.prop([delays, fc.integer({ min: 1, max: 8 })])(
    "runs every item once, never more than the limit at once",
    async (items, limit) => {
      let running = 0;
      let most = 0;
      const done: number[] = [];
      await runLimited(items, limit, async (delay, index) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, delay));
        running--;
        done.push(index);
      });
      expect(done.sort((a, b) => a - b)).toEqual(items.map((_, index) => index));
      expect(most).toBeLessThanOrEqual(limit);
    },
  );

  test.prop([delays, fc.integer({ min: 1, max: 8 }), fc.nat()])(
    "after a failure starts nothing new, waits for what runs, and throws the first failure",
    async (items, limit, failAt) => {
      fc.pre(items.length > 0);
      const failing = failAt % items.length;
      const started: number[] = [];
      let running = 0;
      const outcome = runLimited(items, limit, async (delay, index) => {
        started.push(index);
        running++;
        await new Promise((resolve) => setTimeout(resolve, delay));
        running--;
        if (index >= failing) throw new Error(`item ${index}`);
      });
      await expect(outcome).rejects.toThrow(/^item \d+$/);
      expect(running).toBe(0);
      // Once the first failure is in, at most limit - 1 others were already running.
      expect(started.length).toBeLessThanOrEqual(failing + limit);
    },
  );
});
