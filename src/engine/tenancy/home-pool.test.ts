import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { type HomeLease, HomePool } from "./home-pool.js";

/** A home as the pool sees it: opened once, closed at most once, never while leased. */
interface FakeHome {
  id: string;
  closed: number;
}

const IDS = ["a", "b", "c", "d", "e"];
type Step = { lease: string } | { release: number } | { failNextOpen: string };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...IDS).map((lease) => ({ lease })) },
  { weight: 3, arbitrary: fc.nat(20).map((release) => ({ release })) },
  { weight: 1, arbitrary: fc.constantFrom(...IDS).map((failNextOpen) => ({ failNextOpen })) },
);

describe("the pool of open homes", () => {
  test.prop([fc.integer({ min: 1, max: 3 }), fc.array(step, { maxLength: 40 })])(
    "never closes a leased home, keeps at most maxOpen idle homes, and closes each opened home exactly once",
    async (maxOpen, steps) => {
      const opened: FakeHome[] = [];
      const failing = new Set<string>();
      const pool = new HomePool<FakeHome>({
        maxOpen,
        open: async (id) => {
          if (failing.delete(id)) throw new Error(`cannot open ${id}`);
          const home = { id, closed: 0 };
          opened.push(home);
          return home;
        },
        close: async (home) => {
          home.closed++;
        },
        onError: (error) => {
          throw error;
        },
      });
      const held: Array<HomeLease<FakeHome>> = [];
      for (const each of steps) {
        if ("failNextOpen" in each) failing.add(each.failNextOpen);
        else if ("release" in each) held.splice(each.release % Math.max(held.length, 1), 1)[0]?.release();
        else {
          const lease = await pool.lease(each.lease).catch(() => undefined);
          if (lease) held.push(lease);
        }
        await Promise.resolve();
        for (const lease of held) expect(lease.home.closed).toBe(0);
        const heldHomes = new Set(held.map((lease) => lease.home));
        const open = opened.filter((home) => home.closed === 0 && !heldHomes.has(home));
        expect(open.length).toBeLessThanOrEqual(maxOpen);
        // One home per id at a time in the cache: two leases of an id in the cache share it.
        expect(pool.size).toBeLessThanOrEqual(maxOpen);
      }
      for (const lease of held) lease.release();
      await pool.close();
      expect(opened.map((home) => home.closed)).toEqual(opened.map(() => 1));
    },
  );

  test("requests that arrive together share one open; a failed open is retried by the next request", async () => {
    let opens = 0;
    let fail = true;
    const pool = new HomePool<number>({
      maxOpen: 2,
      open: async () => {
        opens++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fail) throw new Error("disk gone");
        return opens;
      },
      close: async () => undefined,
      onError: () => undefined,
    });
    const failed = await Promise.allSettled([pool.lease("a"), pool.lease("a"), pool.lease("a")]);
    expect(failed.map((each) => each.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(opens).toBe(1);
    fail = false;
    const [first, second] = await Promise.all([pool.lease("a"), pool.lease("a")]);
    expect(first?.home).toBe(2);
    expect(second?.home).toBe(2);
    await pool.close();
    await expect(pool.lease("a")).rejects.toMatchObject({ code: "IO" });
  });
});
