import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prefixEnd } from "./prefix-range.js";

/** Byte order, as PostgreSQL's C collation compares text. */
const byteOrder = (first: string, second: string) => Buffer.compare(Buffer.from(first), Buffer.from(second));
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom("a", "z", "\u{d7ff}", "\u{e000}", "\u{10ffff}"),
    fc.string({ unit: "grapheme", maxLength: 1 }),
  ),
});

describe("prefixEnd", () => {
  it("is after every string starting with the prefix, and every string in between starts with it", () => {
    fc.assert(
      fc.property(text, text, (prefix, rest) => {
        const end = prefixEnd(prefix);
        const inside = prefix + rest;
        if (end === undefined) {
          expect([...prefix].every((point) => point === "\u{10ffff}")).toBe(true);
          return;
        }
        expect(byteOrder(inside, end)).toBeLessThan(0);
        expect(byteOrder(prefix, end)).toBeLessThan(0);
        // No carry: the end differs from the prefix in its last character only, so nothing in between escapes it.
        if (!prefix.endsWith("\u{10ffff}") && prefix !== "") {
          const last = [...prefix].at(-1) ?? "";
          const between = `${prefix.slice(0, prefix.length - last.length)}${rest}`;
          if (byteOrder(between, prefix) >= 0 && byteOrder(between, end) < 0)
            expect(between.startsWith(prefix)).toBe(true);
        }
      }),
    );
  });

  it("steps over the surrogates and past U+10FFFF", () => {
    expect(prefixEnd("user_a")).toBe("user_b");
    expect(prefixEnd("a\u{d7ff}")).toBe("a\u{e000}");
    expect(prefixEnd("a\u{10ffff}")).toBe("b");
    expect(prefixEnd("\u{10ffff}")).toBeUndefined();
    expect(prefixEnd("")).toBeUndefined();
  });
});
