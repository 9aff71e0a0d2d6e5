import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { slotsWithSmallestDistances } from "./smallest-distances.js";

const MAX_DISTANCE = 40;

describe("slotsWithSmallestDistances", () => {
  test.prop(
    [
      fc.array(fc.integer({ min: 0, max: MAX_DISTANCE }), { maxLength: 200 }),
      fc.integer({ min: -1, max: 220 }),
      fc.option(fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }), { nil: undefined }),
    ],
    { numRuns: 300 },
  )(
    "are the first `wanted` slots by (distance, slot) among those included, in slot order",
    (values, wanted, mask) => {
      const included = mask ? Uint8Array.from(mask.slice(0, values.length), (on) => (on ? 1 : 0)) : undefined;
      const expected = values
        .map((distance, slot) => ({ distance, slot }))
        .filter(({ slot }) => !included || included[slot] === 1)
        .sort((a, b) => a.distance - b.distance || a.slot - b.slot)
        .slice(0, Math.max(0, wanted))
        .map(({ slot }) => slot)
        .sort((a, b) => a - b);
      const found = slotsWithSmallestDistances(Uint16Array.from(values), {
        wanted,
        maxDistance: MAX_DISTANCE,
        included,
      });
      expect(found).toEqual(expected);
    },
  );
});
