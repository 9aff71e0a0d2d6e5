import { describe, expect, test } from "vitest";
import { suiteOf } from "../testing/test-suite-reports.js";
import { ablationRows, ablationSummaryRows, formatSuite, renderTable, suiteRows } from "./suite-table.js";

describe("the suite's table", () => {
  test("a row per set and per category, then the macro average: R_all@5, recall@5, R_all@10, MRR", () => {
    const rows = suiteRows(suiteOf({ turn: 0.7, prefeval: 0.2 }), { categories: true });
    expect(rows).toEqual([
      ["set", "category", "queries", "R_all@5", "recall@5", "R_all@10", "MRR"],
      ["turn", "all", "10", "0.700", "0.800", "0.800", "0.350"],
      ["turn", "kind", "4", "0.700", "0.800", "0.800", "0.350"],
      ["prefeval", "all", "10", "0.200", "0.300", "0.300", "0.100"],
      ["prefeval", "kind", "4", "0.200", "0.300", "0.300", "0.100"],
      ["macro average", "", "20", "0.450", "0.550", "0.550", "0.225"],
    ]);
  });

  test("plain text aligns its columns; markdown has a header rule", () => {
    const suite = suiteOf({ turn: 0.7 });
    const plain = formatSuite(suite, "plain").split("\n");
    expect(plain[1]).toMatch(/^turn\s+all\s+10\s+0\.700\s+0\.800\s+0\.800\s+0\.350$/);
    const markdown = formatSuite(suite, "markdown").split("\n");
    expect(markdown[0]).toBe("| set | category | queries | R_all@5 | recall@5 | R_all@10 | MRR |");
    expect(markdown[1]).toBe("| --- | --- | --- | --- | --- | --- | --- |");
    expect(markdown.at(-1)).toBe("| macro average |  | 10 | 0.700 | 0.800 | 0.800 | 0.350 |");
    expect(
      renderTable(
        [
          ["a", "1.5"],
          ["bbb", "10.25"],
        ],
        "plain",
      ),
    ).toBe("a      1.5\nbbb  10.25");
  });

  test("a stage turned off shows each figure with its change against all on", () => {
    const allOn = suiteOf({ turn: 0.7, prefeval: 0.2 });
    const off = suiteOf({ turn: 0.65, prefeval: 0.21 });
    expect(ablationRows(allOn, off)).toEqual([
      ["set", "queries", "R_all@5", "recall@5", "R_all@10", "MRR"],
      ["turn", "10", "0.650 (-0.050)", "0.750 (-0.050)", "0.750 (-0.050)", "0.325 (-0.025)"],
      ["prefeval", "10", "0.210 (+0.010)", "0.310 (+0.010)", "0.310 (+0.010)", "0.105 (+0.005)"],
      ["macro average", "20", "0.430 (-0.020)", "0.530 (-0.020)", "0.530 (-0.020)", "0.215 (-0.010)"],
    ]);
    expect(
      ablationSummaryRows({
        allOn,
        stages: [{ stage: "feedback", off: "x", suite: off, macroDelta: -0.02 }],
      }),
    ).toEqual([
      ["stage off", "macro R_all@5", "turn R_all@5", "prefeval R_all@5"],
      ["(none)", "0.450", "0.700", "0.200"],
      ["feedback", "0.430 (-0.020)", "0.650 (-0.050)", "0.210 (+0.010)"],
    ]);
  });
});
