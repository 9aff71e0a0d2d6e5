import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { seededRandom } from "../../testing/seeded-random.js";
import { HammingScanner } from "./hamming-scanner.js";

function popcount(byte: number): number {
  let count = 0;
  for (let rest = byte; rest !== 0; rest >>= 1) count += rest & 1;
  return count;
}

function referenceDistance(a: Uint8Array, b: Uint8Array): number {
  let distance = 0;
  for (let position = 0; position < a.length; position++)
    distance += popcount((a[position] as number) ^ (b[position] as number));
  return distance;
}

const randomBytes = (random: () => number, length: number) =>
  Uint8Array.from({ length }, () => Math.floor(random() * 256));

describe("HammingScanner (WebAssembly)", () => {
  test.prop([fc.integer({ min: 1, max: 700 }), fc.integer({ min: 0, max: 3000 }), fc.integer()], {
    numRuns: 40,
  })(
    "gives the same distances as a plain popcount, past its first capacity too",
    (dimensions, count, seed) => {
      const random = seededRandom(seed);
      const scanner = new HammingScanner(dimensions);
      scanner.reserve(count);
      const codes = Array.from({ length: count }, () => randomBytes(random, scanner.bytesPerCode));
      codes.forEach((code, slot) => {
        scanner.code(slot).set(code);
      });
      const query = randomBytes(random, scanner.bytesPerCode);
      scanner.queryCode().set(query);
      const distances = [...scanner.scan(count)];
      expect(distances).toEqual(codes.map((code) => referenceDistance(query, code)));
    },
  );

  test("keeps stored codes when it grows, and copies a code between slots", () => {
    const scanner = new HammingScanner(128);
    scanner.code(0).fill(0xff);
    scanner.reserve(200_000);
    scanner.copyCode(0, 150_000);
    scanner.queryCode().fill(0);
    const distances = scanner.scan(150_001);
    expect(distances[0]).toBe(128);
    expect(distances[150_000]).toBe(128);
    expect(() => scanner.scan(10_000_000)).toThrow(RangeError);
  });
});
