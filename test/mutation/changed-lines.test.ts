import { describe, expect, test } from "vitest";
import {
  addedLineRanges,
  changedPatterns,
  changedSourceFiles,
  joinNearRanges,
} from "../../scripts/mutation/changed-lines.mjs";
import { renderScores, replaceBetweenMarkers, withScore } from "../../scripts/mutation/scores.mjs";

/** A `git diff --unified=0` of one file with the given hunk headers. */
function diffWith(...hunks: string[]): string {
  return [
    "diff --git a/f.ts b/f.ts",
    "--- a/f.ts",
    "+++ b/f.ts",
    ...hunks.flatMap((hunk) => [hunk, "+x"]),
  ].join("\n");
}

describe("CI mutates the lines a submission changed", () => {
  test("hunks give the new side's lines; a pure deletion gives none", () => {
    expect(addedLineRanges(diffWith("@@ -3 +3 @@", "@@ -10,0 +11,4 @@ f()", "@@ -20,2 +24,0 @@"))).toEqual([
      [3, 3],
      [11, 14],
    ]);
  });

  test("ranges a few lines apart become one, others stay apart", () => {
    expect(
      joinNearRanges([
        [30, 31],
        [1, 2],
        [5, 6],
        [20, 20],
      ]),
    ).toEqual([
      [1, 6],
      [20, 20],
      [30, 31],
    ]);
  });

  test("only a module's changed sources are mutated: changed lines, a new file whole", () => {
    const diffs: Record<string, string | undefined> = {
      "src/a.ts": diffWith("@@ -1 +1 @@", "@@ -40 +40,2 @@"),
      "src/new.ts": undefined,
    };
    const patterns = changedPatterns(
      ["src/a.ts", "src/new.ts", "src/untouched.ts"],
      new Set(["src/a.ts", "src/new.ts", "src/other.ts"]),
      (file: string) => diffs[file],
    );
    expect(patterns).toEqual(["src/a.ts:1-1", "src/a.ts:40-41", "src/new.ts"]);
  });

  test("a module given by globs mutates its changed files that match, not those a ! pattern leaves out", () => {
    const changed = new Set([
      "src/surfaces/claude-memory/path.ts",
      "src/surfaces/claude-memory/path.test.ts",
      "src/surfaces/claude-memory/deeper/x.ts",
      "src/surfaces/claude-memoryx/y.ts",
    ]);
    const patterns = changedPatterns(
      ["src/surfaces/claude-memory/*.ts", "!src/surfaces/claude-memory/*.test.ts"],
      changed,
      () => undefined,
    );
    expect(patterns).toEqual(["src/surfaces/claude-memory/path.ts"]);
    expect(changedSourceFiles(["src/**/*.ts", "!**/*.test.ts"], changed)).toEqual([
      "src/surfaces/claude-memory/deeper/x.ts",
      "src/surfaces/claude-memory/path.ts",
      "src/surfaces/claude-memoryx/y.ts",
    ]);
  });
});

describe("the scores of record", () => {
  test("a new measurement replaces the module's old one; every module of modules.mjs has a row", () => {
    const scores = withScore(
      [{ module: "budgets", score: 80, mutants: 10, when: "old", load: "1", workers: 1 }],
      { module: "budgets", score: 91.26, mutants: 12, when: "new", load: "2", workers: 2 },
    );
    expect(scores).toHaveLength(1);
    const cells = (row: string) => row.split("|").map((cell) => cell.trim());
    const rows = renderScores(scores).split("\n").map(cells);
    expect(rows).toContainEqual(["", "budgets", "91.3%", "12", "new", "2", "2", ""]);
    expect(rows).toContainEqual(["", "capacity", "not measured yet", "", "", "", "", ""]);
  });

  test("the table is padded as biome formats Markdown, so regenerating it keeps the lint clean", () => {
    const lines = renderScores([]).split("\n");
    const widths = new Set(lines.map((line) => [...line].length));
    expect(widths.size).toBe(1);
    expect(lines[1]).toMatch(/^\| -{6,} \| -{5,} \|/);
  });

  test("the table replaces what is between the markers and nothing else", () => {
    const document = "before\n<!-- scores:start (npm run mutation:docs) -->\nold\n<!-- scores:end -->\nafter";
    expect(replaceBetweenMarkers(document, "TABLE")).toBe(
      "before\n<!-- scores:start (npm run mutation:docs) -->\n\nTABLE\n\n<!-- scores:end -->\nafter",
    );
    expect(() => replaceBetweenMarkers("no markers", "TABLE")).toThrow(/scores:start/);
  });
});
