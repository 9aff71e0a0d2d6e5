import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { canonicalJson } from "./canonical-json.js";

/** The same object with its keys inserted in reverse order, at every level. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).reverse();
  return Object.fromEntries(entries.map(([key, field]) => [key, reversedKeys(field)]));
}

describe("canonical JSON", () => {
  test.prop([fc.jsonValue()], { numRuns: 200 })("key order does not matter", (value) => {
    expect(canonicalJson(reversedKeys(value))).toBe(canonicalJson(value));
  });

  test.prop([fc.jsonValue()], { numRuns: 200 })("it is JSON for the same value", (value) => {
    const text = canonicalJson(value);
    expect(text).toBeDefined();
    expect(JSON.parse(text ?? "")).toEqual(JSON.parse(JSON.stringify(value)));
  });

  test.prop([fc.anything()], { numRuns: 200 })("never throws, whatever the value", (value) => {
    expect(() => canonicalJson(value)).not.toThrow();
  });

  test("sorted keys at every level, JSON.stringify's rules otherwise", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, undefined], c: undefined } })).toBe(
      '{"a":{"d":[3,null]},"b":1}',
    );
    expect(canonicalJson({ when: new Date("2026-01-02T03:04:05Z"), n: Number.NaN })).toBe(
      '{"n":null,"when":"2026-01-02T03:04:05.000Z"}',
    );
    expect(canonicalJson(undefined)).toBe("null");
  });

  test("a value with no JSON form has no canonical form", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(canonicalJson(cyclic)).toBeUndefined();
    expect(canonicalJson({ big: 1n })).toBeUndefined();
    const shared = { x: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });
});
