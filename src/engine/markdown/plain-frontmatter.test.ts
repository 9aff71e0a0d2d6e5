import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isMap, parseDocument } from "yaml";
import { splitLinesKeepEnds } from "./lines.js";
import { readPlainFrontmatter } from "./plain-frontmatter.js";

/** Characters and words that make YAML read a line as something other than a plain string. */
const TRICKY = [
  ...":#-.,'\"[]{}&*!|>%@`~?\\\t\u2028\r\u0007\ufeff",
  "true",
  "False",
  "null",
  "1.5",
  ".inf",
  ".NaN",
  "0x1F",
  "0o17",
  "1_000",
  "+12",
  "-3e4",
  "1e3",
  ": ",
  " #",
  "---",
  "\ud800",
];
/** And what mnemo's own files hold. */
const SAFE = [..."abcXYZ019 _/éß", "😀", "Tabs", "2026-01-01T00:00:00.000Z", "yes", "on", "a.b", "x-y"];
const piece = fc.oneof(
  { arbitrary: fc.constantFrom(...SAFE), weight: 12 },
  { arbitrary: fc.constantFrom(...TRICKY), weight: 1 },
);
const text = (maxLength: number) => fc.array(piece, { maxLength }).map((pieces) => pieces.join(""));
const key = fc.oneof(
  { arbitrary: fc.constantFrom("name", "description", "type", "created", "validTo", "a_b", "x1"), weight: 8 },
  { arbitrary: fc.constantFrom("true", "Null", "~", "1", "a-b", "?x"), weight: 1 },
  { arbitrary: text(3), weight: 1 },
);
const quote = fc.constantFrom('"', "'");
const line = fc.oneof(
  { arbitrary: fc.tuple(key, text(8)).map(([name, value]) => `${name}: ${value}`), weight: 12 },
  {
    arbitrary: fc
      .tuple(key, quote, text(8), fc.constantFrom("", " ", "\t", " # note", "x"))
      .map(([name, mark, value, after]) => `${name}: ${mark}${value}${mark}${after}`),
    weight: 4,
  },
  { arbitrary: text(10), weight: 1 },
);
const lineEnd = fc.constantFrom("\n", "\r\n");
const frontmatterLines = fc
  .array(fc.tuple(line, lineEnd), { maxLength: 6 })
  .map((pairs) => pairs.map(([each, end]) => `${each}${end}`));

describe("readPlainFrontmatter", () => {
  test("whatever it reads, the YAML parser reads the same: a map of these strings, without errors", () => {
    fc.assert(
      fc.property(frontmatterLines, (lines) => {
        const plain = readPlainFrontmatter(lines);
        if (plain === undefined) return;
        const document = parseDocument(lines.join(""));
        expect(document.errors).toEqual([]);
        if (plain.size === 0) {
          expect(document.contents).toBeNull();
          return;
        }
        expect(isMap(document.contents)).toBe(true);
        expect(document.toJSON()).toEqual(Object.fromEntries(plain));
        for (const [key, value] of plain) expect(document.get(key)).toBe(value);
      }),
      { numRuns: 3000 },
    );
  });

  test("reads what mnemo writes, and leaves the rest to the YAML parser", () => {
    const written =
      "name: Prefers tabs\ndescription: Indent with tabs, in every project\ntype: feedback\n" +
      "created: 2026-11-22T14:30:00.000Z\nupdated: 2026-11-22T14:30:00.000Z\nvalidFrom: 2026-11-22\n";
    expect(readPlainFrontmatter(splitLinesKeepEnds(written))).toEqual(
      new Map([
        ["name", "Prefers tabs"],
        ["description", "Indent with tabs, in every project"],
        ["type", "feedback"],
        ["created", "2026-11-22T14:30:00.000Z"],
        ["updated", "2026-11-22T14:30:00.000Z"],
        ["validFrom", "2026-11-22"],
      ]),
    );
    for (const other of [
      "# a comment\n",
      'name: "say \\"hi\\""\n',
      'name: "tab\\tbed"\n',
      "name: 'it''s'\n",
      'name: "a" # note\n',
      'name: "unclosed\n',
      "name: a\nname: b\n",
      "tags: [a, b]\n",
      "count: 3\n",
      "done: true\n",
      "name: a # note\n",
      "\n",
      "name:\n",
      "  indented: x\n",
    ])
      expect(readPlainFrontmatter(splitLinesKeepEnds(other)), other).toBeUndefined();
  });
  test("reads a quoted value without escapes as its text, as YAML writers quote a description", () => {
    const read = (value: string) => readPlainFrontmatter([`description: ${value}\n`])?.get("description");
    expect(read('"Bob: deploys on Fridays"')).toBe("Bob: deploys on Fridays");
    expect(read("'#1 rule: tabs'  ")).toBe("#1 rule: tabs");
    expect(read('" padded "')).toBe(" padded ");
    expect(read('""')).toBe("");
    expect(read("'true'")).toBe("true");
  });
  test("a value with a control character, a byte-order mark or a line separator goes to the YAML parser; tabs and other printable characters stay plain", () => {
    const read = (value: string) => readPlainFrontmatter([`name: ${value}\n`]);
    for (const code of [0x01, 0x1f, 0x7f, 0x85, 0x9f, 0x2028, 0x2029, 0xfeff]) {
      const character = String.fromCharCode(code);
      for (const value of [`${character}a`, `a${character}b`, `ab${character}`])
        expect(read(value), `U+${code.toString(16)} in ${JSON.stringify(value)}`).toBeUndefined();
    }
    for (const value of ["a\tb", "a b~", "a\u00a0b", "caf\u00e9 \u20ac"])
      expect(read(value)?.get("name"), JSON.stringify(value)).toBe(value);
  });
});
