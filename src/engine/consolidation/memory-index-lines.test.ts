import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidateIndexFor, candidateLines, changedLines, commonLength } from "./memory-index-lines.js";

/**
 * How little of MEMORY.md a save reads again: the changed lines are exactly the lines that differ
 * (at most one line more at their end), found a 4,096-character block at a time. candidate-index.test.ts
 * holds that the index kept this way chooses as a fresh one; these tests hold that it is cheap.
 */
const lineStart = (text: string, at: number) => at === 0 || at === text.length || text[at - 1] === "\n";
const linesOf = (text: string) => (text === "" ? [] : text.split(/(?<=\n)/));
const length = (lines: readonly string[]) => lines.reduce((sum, line) => sum + line.length, 0);

describe("changedLines", () => {
  it("is the one changed line in the middle of a text of several blocks, in both texts", () => {
    const lines = Array.from(
      { length: 300 },
      (_, at) => `- [Line ${at}](memories/user_line-${at}.md) — about ${at}\n`,
    );
    const old = lines.join("");
    const start = length(lines.slice(0, 150));
    const same = [...lines];
    same[150] = (same[150] as string).replace("about", "ABOUT");
    expect(changedLines(old, same.join(""))).toEqual({
      from: start,
      oldTo: start + (lines[150] as string).length,
      newTo: start + (lines[150] as string).length,
    });
    const longer = [...lines];
    longer[150] = (longer[150] as string).replace("about", "all about it");
    expect(changedLines(old, longer.join(""))).toEqual({
      from: start,
      oldTo: start + (lines[150] as string).length,
      newTo: start + (longer[150] as string).length,
    });
  });

  it("reads one line more when the change is a line put before an equal one", () => {
    expect(changedLines("a\nb\nc\n", "a\nB\nc\n")).toEqual({ from: 2, oldTo: 4, newTo: 4 });
    // "b\n" is also the new text's common end, but not known to follow a newline in both texts.
    expect(changedLines("b\nc\n", "a\nb\nc\n")).toEqual({ from: 0, oldTo: 2, newTo: 4 });
    expect(changedLines("a\nb", "a\nbc")).toEqual({ from: 2, oldTo: 3, newTo: 4 });
    // The common end is looked for only in what is left of the shorter text after the common start.
    expect(changedLines("a\na\nb\na\n", "a\na\n")).toEqual({ from: 4, oldTo: 8, newTo: 4 });
    expect(changedLines("ab\nab\n", "ab\na\nb\nab\n")).toEqual({ from: 3, oldTo: 6, newTo: 10 });
  });

  it("on any two texts: equal outside, whole lines, and no more than the differing lines and one", () => {
    const line = fc.oneof(
      fc.constantFrom(
        "- [A](memories/user_a.md) — porto\n",
        "# Memory\n",
        "\n",
        "a\n",
        "ab\n",
        "a",
        "b",
        "- [",
      ),
      fc.string({ maxLength: 6 }),
    );
    const text = fc.array(line, { maxLength: 20 }).map((each) => each.join(""));
    const padding = "- [Padding](memories/user_padding.md) — old notes about coffee\n".repeat(70);
    const padded = fc
      .tuple(text, fc.boolean(), text)
      .map(([head, pad, tail]) => `${head}${pad ? padding : ""}${tail}`);
    fc.assert(
      fc.property(padded, padded, (old, text) => {
        fc.pre(old !== text);
        const { from, oldTo, newTo } = changedLines(old, text);
        expect(old.slice(0, from)).toBe(text.slice(0, from));
        expect(old.slice(oldTo)).toBe(text.slice(newTo));
        expect(oldTo - from).toBeGreaterThanOrEqual(0);
        expect(newTo - from).toBeGreaterThanOrEqual(0);
        for (const [each, at] of [
          [text, from],
          [old, oldTo],
          [text, newTo],
        ] as const)
          expect(lineStart(each, at)).toBe(true);

        // The lines that differ: after the equal leading lines, before the equal trailing ones.
        const before = linesOf(old);
        const after = linesOf(text);
        let leading = 0;
        while (leading < Math.min(before.length, after.length) && before[leading] === after[leading])
          leading += 1;
        let trailing = 0;
        while (
          trailing < Math.min(before.length, after.length) - leading &&
          before[before.length - 1 - trailing] === after[after.length - 1 - trailing]
        )
          trailing += 1;
        expect(from).toBeGreaterThanOrEqual(length(after.slice(0, leading)));
        const firstTrailing = after.length - trailing;
        expect(newTo).toBeLessThanOrEqual(length(after.slice(0, firstTrailing + 1)));
      }),
    );
  });
});

describe("commonLength", () => {
  const counting = (differsAt: number) => {
    const calls: Array<[number, number]> = [];
    const equal = (offset: number, size: number) => {
      calls.push([offset, size]);
      return offset + size <= differsAt;
    };
    return { calls, equal };
  };

  it("compares whole blocks while they fit, then characters", () => {
    const exact = counting(Number.POSITIVE_INFINITY);
    expect(commonLength(2 * 4096, exact.equal)).toBe(2 * 4096);
    expect(exact.calls).toEqual([
      [0, 4096],
      [4096, 4096],
    ]);

    const past = counting(Number.POSITIVE_INFINITY);
    expect(commonLength(2 * 4096 + 3, past.equal)).toBe(2 * 4096 + 3);
    expect(past.calls).toEqual([
      [0, 4096],
      [4096, 4096],
      [8192, 1],
      [8193, 1],
      [8194, 1],
    ]);
  });

  it("stops at the first difference, a block then a character at a time", () => {
    const differs = counting(5000);
    expect(commonLength(3 * 4096, differs.equal)).toBe(5000);
    expect(differs.calls.slice(0, 3)).toEqual([
      [0, 4096],
      [4096, 4096],
      [4096, 1],
    ]);
    expect(differs.calls).toHaveLength(2 + (5000 - 4096) + 1);
    expect(commonLength(0, counting(0).equal)).toBe(0);
  });
});

describe("the lines read, remembered", () => {
  it("reads a line once however many texts hold it, a '* [' line as a '- [' one", () => {
    const text =
      "# Memory\n- [Porto](memories/user_porto.md) — lives in Porto\n* [Kafka](memories/project_kafka.md) — uses Kafka\n";
    const first = candidateLines(text);
    expect(first.map((line) => [line.path, line.type])).toEqual([
      ["memories/user_porto.md", "user"],
      ["memories/project_kafka.md", "project"],
    ]);
    const again = candidateLines(`# Other\n${text}`);
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
  });

  it("keeps one index per owner, changed in place from the text it last saw", () => {
    const owner = {};
    const line = "- [Porto](memories/user_porto.md) — lives in Porto\n";
    const index = candidateIndexFor(owner, line);
    expect(candidateIndexFor(owner, `${line}- [Kafka](memories/user_kafka.md) — uses Kafka\n`)).toBe(index);
    expect(index.choose({ type: "user", name: "kafka", description: "", content: "" }, 6)).toEqual([
      "memories/user_kafka.md",
    ]);
    expect(candidateIndexFor({}, line)).not.toBe(index);
  });
});
