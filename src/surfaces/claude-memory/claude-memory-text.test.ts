import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { MnemoError } from "../../errors.js";
import { formatSize, insertAt, numberedLines, replaceOnce } from "./claude-memory-text.js";

const PATH = "/memories/notes.md";

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (MnemoError.isInstance(error)) return error.message;
    throw error;
  }
  throw new Error("did not fail");
}

describe("numberedLines", () => {
  it("numbers every line, or the lines of view_range (-1: to the end)", () => {
    expect(numberedLines(PATH, "a\nb\nc")).toBe(
      `Here's the content of ${PATH} with line numbers:\n     1\ta\n     2\tb\n     3\tc`,
    );
    expect(numberedLines(PATH, "a\nb\nc", [2, -1])).toMatch(/\n {5}2\tb\n {5}3\tc$/);
    expect(numberedLines(PATH, "a\nb\nc", [2, 2])).toMatch(/:\n {5}2\tb$/);
  });

  it.each([[[0, 1]], [[3, 2]], [[1, 9]], [[4, -1]], [[1]], [[1.5, 2]]])(
    "refuses view_range %j with the range that fits",
    (range) => {
      expect(messageOf(() => numberedLines(PATH, "a\nb\nc", range))).toContain("1 <= first <= last <= 3");
    },
  );
});

describe("replaceOnce", () => {
  it("replaces the one occurrence and shows the lines around it", () => {
    const edit = replaceOnce(PATH, "one\ntwo\nthree\nfour\nfive\nsix", "three", "THREE");
    expect(edit.text).toBe("one\ntwo\nTHREE\nfour\nfive\nsix");
    expect(edit.snippet).toBe("     1\tone\n     2\ttwo\n     3\tTHREE\n     4\tfour\n     5\tfive");
  });

  it("says when the text is missing, repeated or empty, and changes nothing", () => {
    expect(messageOf(() => replaceOnce(PATH, "a b", "c", "d"))).toBe(
      `No replacement was performed, old_str \`c\` did not appear verbatim in ${PATH}.`,
    );
    expect(messageOf(() => replaceOnce(PATH, "cat\ndog\ncat", "cat", "x"))).toContain("in lines: 1, 3");
    expect(messageOf(() => replaceOnce(PATH, "a", "", "x"))).toContain("old_str is empty");
  });

  test.prop([fc.string(), fc.string({ minLength: 1 }), fc.string(), fc.string()])(
    "the result is the text with exactly that occurrence replaced",
    (before, oldText, after, newText) => {
      const text = before + oldText + after;
      if (text.indexOf(oldText) !== before.length || text.indexOf(oldText, before.length + 1) !== -1) return;
      expect(replaceOnce(PATH, text, oldText, newText).text).toBe(before + newText + after);
    },
  );
});

describe("insertAt", () => {
  it("inserts after the given line (0: at the top), dropping one trailing line break", () => {
    expect(insertAt(PATH, "a\nb", 0, "top\n")).toBe("top\na\nb");
    expect(insertAt(PATH, "a\nb", 2, "end")).toBe("a\nb\nend");
    expect(messageOf(() => insertAt(PATH, "a\nb", 3, "x"))).toBe(
      `Invalid \`insert_line\` parameter: 3. It should be within the range of lines of ${PATH}: [0, 2]`,
    );
    expect(messageOf(() => insertAt(PATH, "a", -1, "x"))).toContain("[0, 1]");
  });

  test.prop([
    fc.array(
      fc.string().filter((line) => !line.includes("\n")),
      { minLength: 1 },
    ),
    fc.nat(),
    fc.string(),
  ])("keeps every line, in order, around the inserted text", (lines, position, inserted) => {
    const line = position % (lines.length + 1);
    const result = insertAt(PATH, lines.join("\n"), line, inserted);
    const insertedLines = inserted.replace(/\n$/, "").split("\n");
    expect(result.split("\n")).toEqual([...lines.slice(0, line), ...insertedLines, ...lines.slice(line)]);
  });
});

describe("formatSize", () => {
  it("prints sizes as the SDK's backend does", () => {
    expect([0, 999, 1024, 1536, 5 * 1024 * 1024].map(formatSize)).toEqual(["0B", "999B", "1K", "1.5K", "5M"]);
  });
});
