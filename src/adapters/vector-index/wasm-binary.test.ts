import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { signedLeb128, unsignedLeb128 } from "./wasm-binary.js";

/** Reads a LEB128 back, as a WebAssembly decoder would. */
function decode(bytes: number[], signed: boolean): number {
  let value = 0;
  let shift = 0;
  for (const byte of bytes) {
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  }
  const last = bytes.at(-1) as number;
  return signed && (last & 0x40) !== 0 ? value - 2 ** shift : value;
}

describe("LEB128", () => {
  test.prop([fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })])(
    "a signed i32 reads back as itself, in at most 5 bytes",
    (value) => {
      const bytes = signedLeb128(value);
      expect(decode(bytes, true)).toBe(value);
      expect(bytes.slice(0, -1).every((byte) => byte >= 0x80)).toBe(true);
      expect(bytes.at(-1)).toBeLessThan(0x80);
      expect(bytes.length).toBeLessThanOrEqual(5);
    },
  );

  test.prop([fc.nat({ max: 2 ** 31 - 1 })])("an unsigned value reads back as itself", (value) => {
    expect(decode(unsignedLeb128(value), false)).toBe(value);
  });

  test("64 needs two signed bytes (a lone 0x40 is -64)", () => {
    expect(signedLeb128(64)).toEqual([0xc0, 0x00]);
    expect(signedLeb128(-64)).toEqual([0x40]);
    expect(signedLeb128(63)).toEqual([0x3f]);
    expect(unsignedLeb128(624_485)).toEqual([0xe5, 0x8e, 0x26]);
  });
});
