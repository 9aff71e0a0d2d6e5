import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { suiteOf, summary } from "../testing/test-suite-reports.js";
import { compareSuites, macroAverage, setNameOf, setNames } from "./retrieval-suite.js";

describe("the dev suite", () => {
  test("names each set by its file, without .jsonl, .json or .gz; refuses two sets of one name", () => {
    expect(setNameOf("../shared/data/prefeval/prefeval.dev.jsonl.gz")).toBe("prefeval.dev");
    expect(setNameOf("/tmp/longmemeval-s-turn.jsonl")).toBe("longmemeval-s-turn");
    expect(setNameOf("cases.json")).toBe("cases");
    expect(() => setNames(["a/cases.jsonl", "b/cases.jsonl.gz"])).toThrow(/both named "cases"/);
  });

  test("the macro average counts each set once, whatever its number of queries", () => {
    const macro = macroAverage([summary(0.2, 1000), summary(0.6, 10)]);
    expect(macro.recallAll[5]).toBeCloseTo(0.4, 10);
    expect(macro.mrr).toBeCloseTo(0.2, 10);
    expect(macro.recall[5]).toBeCloseTo(0.5, 10);
    expect(macro.queries).toBe(1010);
  });

  test.prop([fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 })])(
    "the macro average lies between the lowest and highest set",
    (values) => {
      const macro = macroAverage(values.map((value) => summary(value))).recallAll[5] ?? -1;
      expect(macro).toBeGreaterThanOrEqual(Math.min(...values) - 1e-12);
      expect(macro).toBeLessThanOrEqual(Math.max(...values) + 1e-12);
    },
  );
});

describe("compareSuites", () => {
  test("keeps a change that raises the macro average with no set falling by more than 0.005", () => {
    const verdict = compareSuites(suiteOf({ a: 0.5, b: 0.3 }), suiteOf({ a: 0.52, b: 0.296 }));
    expect(verdict).toMatchObject({ kept: true, metric: "R_all@5", reasons: [] });
    expect(verdict.macro.delta).toBeCloseTo(0.008, 10);
    expect(verdict.sets.map((set) => set.name)).toEqual(["a", "b"]);
  });

  test("refuses a rise paid for by one set falling more than 0.005", () => {
    const verdict = compareSuites(suiteOf({ a: 0.5, b: 0.3 }), suiteOf({ a: 0.6, b: 0.29 }));
    expect(verdict.kept).toBe(false);
    expect(verdict.reasons).toEqual(["set b falls by 0.010 (more than 0.005)"]);
  });

  test("refuses a change that leaves the macro average level or lower", () => {
    expect(compareSuites(suiteOf({ a: 0.5, b: 0.3 }), suiteOf({ a: 0.5, b: 0.3 })).reasons).toEqual([
      "the macro average does not rise (+0.000)",
    ]);
    expect(compareSuites(suiteOf({ a: 0.5 }), suiteOf({ a: 0.498 })).kept).toBe(false);
  });

  test("refuses to compare suites over different sets", () => {
    const verdict = compareSuites(suiteOf({ a: 0.5, b: 0.3 }), suiteOf({ a: 0.6, c: 0.3 }));
    expect(verdict.kept).toBe(false);
    expect(verdict.reasons).toEqual(["set c has no R_all@5 in the baseline", "set b is missing"]);
  });

  test.prop([
    fc.array(
      fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
  ])("a kept change never has a set lower by more than the tolerance, and raises the macro", (pairs) => {
    const before = suiteOf(Object.fromEntries(pairs.map(([was], position) => [`s${position}`, was])));
    const after = suiteOf(Object.fromEntries(pairs.map(([, now], position) => [`s${position}`, now])));
    const verdict = compareSuites(before, after);
    expect(verdict.kept).toBe(
      verdict.macro.after > verdict.macro.before && pairs.every(([was, now]) => now >= was - 0.005),
    );
  });
});
