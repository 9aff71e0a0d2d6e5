import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { splitLinesKeepEnds } from "../markdown/lines.js";
import {
  formatIndexLine,
  type IndexLine,
  indexLinesOf,
  parseIndexLine,
  removeIndexLines,
  upsertIndexLine,
  upsertIndexLines,
} from "./memory-index.js";

const entry = fc.record({
  title: fc.constantFrom("Pet", "Tabs", "Ada [x]", "Deploy"),
  path: fc.constantFrom("memories/user_a.md", "memories/user_b.md", "memories/project_c.md", "memories/d.md"),
  summary: fc.constantFrom("", "a cat", "indent with tabs", "x".repeat(200)),
});
const bodyLine = fc.oneof(
  entry.map((line: IndexLine) => `- [${line.title}](${line.path}) — ${line.summary}\n`),
  fc.constantFrom(
    "A person's note.\n",
    "\n",
    "* [Old](memories/old.md)\n",
    "no final newline",
    "See memories/user_a.md for the cat.\n",
    "- [Copy](memories/user_a.md.bak) — not the same file\n",
    "- [Last](memories/d.md)",
  ),
);
const body = fc.array(bodyLine, { maxLength: 8 }).map((lines) => lines.join(""));

describe("upsertIndexLines", () => {
  // doctor --fix and saveMany add thousands of lines in one pass; one upsert each was quadratic.
  test.prop([body, fc.array(entry, { maxLength: 12 })])(
    "a batch gives the same index lines in the same order as upserting the entries one by one",
    (sectionBody, entries) => {
      const oneByOne = entries.reduce((text, each) => upsertIndexLine(text, each), sectionBody);
      expect(indexLinesOf(upsertIndexLines(sectionBody, entries))).toEqual(indexLinesOf(oneByOne));
    },
  );

  // What doctor --fix adds: memories the index lacks. (When a batch replaces every line already
  // there, the batch and the one-by-one edits may differ by a blank line, never by an index line.)
  test.prop([body, fc.array(entry, { maxLength: 12 })])(
    "a batch of paths the index lacks gives the same text as upserting them one by one",
    (sectionBody, entries) => {
      const present = new Set(indexLinesOf(sectionBody).map((line) => line.path));
      const missing = entries.filter((each) => !present.has(each.path));
      const oneByOne = missing.reduce((text, each) => upsertIndexLine(text, each), sectionBody);
      expect(upsertIndexLines(sectionBody, missing)).toBe(oneByOne);
    },
  );

  test.prop([body, fc.array(entry, { minLength: 1, maxLength: 12 })])(
    "every entry has exactly one line, and the last entry's line is the first",
    (sectionBody, entries) => {
      const lines = indexLinesOf(upsertIndexLines(sectionBody, entries));
      for (const { path } of entries) expect(lines.filter((line) => line.path === path)).toHaveLength(1);
      expect(lines[0]?.path).toBe(entries.at(-1)?.path);
    },
  );
});

/** upsertIndexLine as it was written first, line by line: the string-search version must agree. */
function upsertByLines(sectionBody: string, entry: IndexLine): string {
  const formatted = `${formatIndexLine(entry)}\n`;
  const kept = splitLinesKeepEnds(sectionBody).filter((line) => parseIndexLine(line)?.path !== entry.path);
  const first = kept.findIndex((line) => parseIndexLine(line) !== undefined);
  if (first === -1) {
    const content = kept.join("").replace(/\s+$/, "");
    return content === "" ? `${formatted}\n` : `${content}\n${formatted}\n`;
  }
  return [...kept.slice(0, first), formatted, ...kept.slice(first)].join("");
}

describe("upsertIndexLine", () => {
  // A save rewrites the index of every memory; it now searches the text instead of splitting it.
  test.prop([body, entry])("gives the same text as the line-by-line edit", (sectionBody, each) => {
    expect(upsertIndexLine(sectionBody, each)).toBe(upsertByLines(sectionBody, each));
  });

  test.prop([body, fc.array(entry, { maxLength: 6 })])(
    "agrees with the line-by-line edit over a sequence of saves",
    (sectionBody, entries) => {
      const fast = entries.reduce((text, each) => upsertIndexLine(text, each), sectionBody);
      const byLines = entries.reduce((text, each) => upsertByLines(text, each), sectionBody);
      expect(fast).toBe(byLines);
    },
  );

  test("an entry without a path is added like any other, and the edit ends", () => {
    const sectionBody = "- [A](memories/user_a.md) — a\n";
    const entry = { title: "Nameless", path: "", summary: "x" };
    expect(upsertIndexLine(sectionBody, entry)).toBe(upsertByLines(sectionBody, entry));
  });

  test("keeps a note that names the path and drops only the index line pointing at it", () => {
    const sectionBody =
      "See memories/user_a.md first.\n- [A](memories/user_a.md) — old\n- [B](memories/user_b.md)\n";
    expect(upsertIndexLine(sectionBody, { title: "A", path: "memories/user_a.md", summary: "new" })).toBe(
      "See memories/user_a.md first.\n- [A](memories/user_a.md) — new\n- [B](memories/user_b.md)\n",
    );
  });
});

describe("an index line as written and read", () => {
  const path = "memories/user_a.md";
  const head = `- [T](${path})`; // 25 characters: 122 are left for " — " and the summary's 122

  test("one line: brackets in the title become parentheses, white space of any kind one space", () => {
    expect(formatIndexLine({ title: "Use [brackets]\n here", path, summary: "" })).toBe(
      `- [Use (brackets) here](${path})`,
    );
    expect(formatIndexLine({ title: "T", path, summary: "  short \t summary \n" })).toBe(
      `${head} — short summary`,
    );
  });

  test("at most 150 characters: a longer summary is cut, without a space before its ellipsis", () => {
    const fits = "x".repeat(150 - head.length - 3);
    expect(formatIndexLine({ title: "T", path, summary: fits })).toBe(`${head} — ${fits}`);
    const cut = formatIndexLine({ title: "T", path, summary: `${"x".repeat(120)} ${"y".repeat(40)}` });
    expect(cut).toBe(`${head} — ${"x".repeat(120)}…`);
    expect(formatIndexLine({ title: "T", path, summary: "word ".repeat(40) })).toHaveLength(150);
    // A title that leaves no room still shows the summary's first 20 characters.
    expect(formatIndexLine({ title: "L".repeat(140), path, summary: "abcdefghijklmnopqrstuvwxyz" })).toBe(
      `- [${"L".repeat(140)}](${path}) — abcdefghijklmnopqrst…`,
    );
  });

  test("read back: title, path and summary, each trimmed; an empty title or summary as empty text", () => {
    expect(parseIndexLine(`- [Title](${path}) — the summary  \n`)).toEqual({
      title: "Title",
      path,
      summary: "the summary",
    });
    expect(parseIndexLine(`* [](${path})`)).toEqual({ title: "", path, summary: "" });
  });

  test("nothing to remove or add leaves the section as it is; a line added goes after the last written one", () => {
    expect(removeIndexLines("a\n", [])).toBe("a\n");
    expect(upsertIndexLines("# x\n\n", [])).toBe("# x\n\n");
    expect(upsertIndexLines("# Notes\n\nprose  \n\n\n", [{ title: "T", path, summary: "s" }])).toBe(
      `# Notes\n\nprose\n${head} — s\n\n`,
    );
  });
});
