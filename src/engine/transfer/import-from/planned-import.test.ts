import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { memoryNameKey, validateMemoryName } from "../../memdir/memory-name.js";
import { isoDate, memoryNameFrom, type PlannedMemory, withDistinctNames } from "./planned-import.js";

const planned = (name: string): PlannedMemory => ({
  kind: "memory",
  type: "user",
  name,
  content: name,
  date: "2025-01-01T00:00:00.000Z",
  source: name,
});

describe("memoryNameFrom", () => {
  it("cuts a long sentence at a word, within 80 characters", () => {
    const name = memoryNameFrom(
      "Works as a data engineer at a logistics startup in Lisbon and travels to Porto every second week for meetings",
    );
    expect(name).toBe("Works as a data engineer at a logistics startup in Lisbon and travels to Porto");
  });

  it("takes out what a name cannot hold: path separators, '..', line breaks", () => {
    expect(memoryNameFrom("src/routes\\api .. notes\nsecond line")).toBe(
      "src-routes-api . notes second line",
    );
  });

  it("redacts a credential, which a save refuses in a name even when it redacts the text", () => {
    expect(memoryNameFrom("Deploy key ghp_abcdefghijklmnopqrstuvwxyz0123456789 rotates monthly")).toBe(
      "Deploy key [REDACTED:github-token] rotates monthly",
    );
  });

  test.prop([fc.string({ maxLength: 300 })])(
    "gives a name a save accepts whenever the text has a letter or digit",
    (text) => {
      const name = memoryNameFrom(text);
      expect(name.length).toBeLessThanOrEqual(80);
      if (/[\p{L}\p{N}]/u.test(name)) expect(validateMemoryName(name)).toBe(name);
    },
  );
});

describe("withDistinctNames", () => {
  it("numbers the second and third memory of one name, in input order", () => {
    const names = withDistinctNames([
      planned("Likes tea"),
      planned("likes  TEA"),
      planned("Other"),
      planned("Likes tea"),
    ]).map((item) => (item.kind === "memory" ? item.name : ""));
    expect(names).toEqual(["Likes tea", "likes  TEA (2)", "Other", "Likes tea (3)"]);
  });

  test.prop([fc.array(fc.constantFrom("a", "A", "b", "a (2)", "B "), { maxLength: 8 })])(
    "leaves no two memories of one name",
    (names) => {
      const out = withDistinctNames(names.map(planned));
      expect(out).toHaveLength(names.length);
      const keys = out.map((item) => (item.kind === "memory" ? memoryNameKey(item.name) : ""));
      expect(new Set(keys).size).toBe(keys.length);
    },
  );
});

describe("isoDate", () => {
  it("reads mem0's microseconds and offsets, and a time without a zone as UTC", () => {
    expect(isoDate("2024-07-20T10:30:00.123456-07:00", "f", "p")).toBe("2024-07-20T17:30:00.123Z");
    expect(isoDate("2025-03-10T16:20:00", "f", "p")).toBe("2025-03-10T16:20:00.000Z");
  });

  it("names the file and the place of a value that is no date", () => {
    expect(() => isoDate("yesterday", "/x/export.json", 'memory 2, field "created_at"')).toThrow(
      'Cannot import /x/export.json, memory 2, field "created_at": "yesterday" is not a date',
    );
    expect(() => isoDate(42, "f", "p")).toThrow("42 is not a date");
  });
});
