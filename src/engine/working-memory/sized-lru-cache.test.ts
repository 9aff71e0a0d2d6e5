import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { SizedLruCache } from "./sized-lru-cache.js";

const operation = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), key: fc.integer({ min: 0, max: 12 }), size: fc.nat(60) }),
  fc.record({ kind: fc.constant("get" as const), key: fc.integer({ min: 0, max: 12 }) }),
);

describe("SizedLruCache", () => {
  test.prop(
    [
      fc.array(operation, { maxLength: 80 }),
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 1, max: 100 }),
    ],
    {
      numRuns: 200,
    },
  )(
    "never holds more than maxEntries or maxSize, and the newest entry that fits is kept",
    (operations, maxEntries, maxSize) => {
      const cache = new SizedLruCache<number>({ maxEntries, maxSize });
      const sizes = new Map<string, number>();
      for (const step of operations) {
        const key = String(step.key);
        if (step.kind === "get") {
          cache.get(key);
          continue;
        }
        const kept = cache.set(key, step.size, step.size);
        expect(kept).toBe(step.size <= maxSize);
        expect(cache.has(key)).toBe(kept);
        sizes.set(key, step.size);
        expect(cache.count).toBeLessThanOrEqual(maxEntries);
        expect(cache.totalSize).toBeLessThanOrEqual(maxSize);
        const held = [...cache.entries()].map(([heldKey]) => sizes.get(heldKey) ?? 0);
        expect(cache.totalSize).toBe(held.reduce((sum, size) => sum + size, 0));
      }
    },
  );

  test("evicts the least recently used; a read counts as a use", () => {
    const cache = new SizedLruCache<string>({ maxEntries: 2, maxSize: 100 });
    cache.set("a", "A", 1);
    cache.set("b", "B", 1);
    expect(cache.get("a")).toBe("A");
    cache.set("c", "C", 1);
    expect([...cache.entries()].map(([key]) => key)).toEqual(["a", "c"]);
  });

  test("evicts by size too, and a value too large for the whole cache replaces nothing", () => {
    const cache = new SizedLruCache<string>({ maxEntries: 10, maxSize: 10 });
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    cache.set("c", "C", 4);
    expect([...cache.entries()].map(([key]) => key)).toEqual(["b", "c"]);
    expect(cache.set("b", "huge", 11)).toBe(false);
    expect(cache.has("b")).toBe(false);
    expect(cache.totalSize).toBe(4);
  });
});
