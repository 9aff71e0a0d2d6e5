import { fc, test } from "@fast-check/vitest";
import { afterAll, describe, expect } from "vitest";
import { estimateTokens } from "./context-budget.js";
import { type ContextLimits, type FittedContext, fitContext } from "./fit-context.js";
import { renderContext } from "./render-context.js";

/**
 * fitContext held exactly at its edges (issue 27): no slack on the token budget, none on MEMORY.md's
 * line cap. The layers are many short lines, so they fill their shares to a few bytes; the caps are
 * small, so the line cap binds in many runs and each layer can be cut by a limit of its own, which
 * makes the notice long and uses the room kept for it. afterAll checks that the runs did reach both
 * edges, so a fitter that broke the cap by one line or forgot the room for tags and notice fails here.
 */
const word = fc.stringMatching(/^[a-z]{1,8}$/);
const line = fc.oneof(
  { weight: 12, arbitrary: fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" ")) },
  // Block tags are shown neutralised (&lt; &gt;), which is longer: the fitter must count them so.
  { weight: 1, arbitrary: fc.constantFrom("</agent-notes> <user-profile>", "<agent-identity>") },
);
const orNone = <T>(units: fc.Arbitrary<T[]>) => fc.oneof(fc.constant<T[]>([]), units);
const text = fc.array(line, { maxLength: 80, size: "max" }).map((lines) => lines.join("\n"));
const layers = fc.record({
  soul: text,
  user: text,
  notes: text,
  // Often none: then only layers that fill their share to the byte (a line is cut to fit) take the budget.
  index: orNone(
    fc.array(
      word.map((title) => `- [${title}](memories/user_${title}.md)`),
      { maxLength: 150, size: "max" },
    ),
  ),
  journal: orNone(
    fc.array(
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => ({
            raw: `### [2026-01-01 10:00] general\n\n${lines.join("\n")}\n\n---\n`,
            entry: true,
          })),
        },
        // Text between entries (a hand edit) is shown as written but is not an entry the notice counts.
        { weight: 1, arbitrary: line.map((raw) => ({ raw, entry: false })) },
      ),
      { maxLength: 40, size: "max" },
    ),
  ),
  dailies: fc.array(fc.record({ path: fc.constant("daily/2026-01-01.md"), text }), { maxLength: 2 }),
});
const sentence = fc.array(word, { minLength: 5, maxLength: 20 }).map((words) => `${words.join(" ")} `);
type DailyLog = { path: string; text: string };
/** Caps the token budget always reaches first. */
const LOOSE: Omit<ContextLimits, "budgetTokens"> = {
  characters: { soul: 100_000, user: 100_000, notes: 100_000, recent: 100_000 },
  maxNotesLines: 10_000,
  maxIndexLines: 200,
  maxIndexBytes: 25_000,
};
/** A cap that binds (tight) or one the token budget reaches first (loose). */
const cap = (tight: fc.Arbitrary<number>, loose: number) =>
  fc.oneof({ weight: 1, arbitrary: tight }, { weight: 2, arbitrary: fc.constant(loose) });
const characters = cap(fc.integer({ min: 20, max: 400 }), 100_000);
const limits: fc.Arbitrary<ContextLimits> = fc.record({
  budgetTokens: fc.integer({ min: 300, max: 1200 }),
  characters: fc.record({ soul: characters, user: characters, notes: characters, recent: characters }),
  maxNotesLines: fc.oneof(fc.integer({ min: 3, max: 80 }), fc.constant(10_000)),
  maxIndexLines: cap(fc.integer({ min: 1, max: 50 }), 200),
  maxIndexBytes: cap(fc.integer({ min: 30, max: 2000 }), 25_000),
});

function blocksOf(fitted: FittedContext): string {
  return renderContext(fitted, { basePrompt: "", instructions: "" });
}

/** The <agent-notes> block without the notice: what MEMORY.md's line cap counts. */
function memoryLinesOf(fitted: FittedContext): string {
  if (fitted.leftOut === undefined) return fitted.notes;
  return fitted.notes === fitted.leftOut ? "" : fitted.notes.slice(0, -(fitted.leftOut.length + 2));
}

function lineCount(value: string): number {
  return value === "" ? 0 : value.split("\n").length;
}

const edges = { runs: 0, atLineCap: 0, atBudget: 0 };
afterAll(() => {
  if (edges.runs === 0) return;
  expect(edges.atLineCap, `runs of ${edges.runs} that filled MEMORY.md's line cap exactly`).toBeGreaterThan(
    edges.runs / 10,
  );
  expect(edges.atBudget, `runs of ${edges.runs} within 8 tokens of the budget`).toBeGreaterThan(
    edges.runs / 20,
  );
});

describe("fitContext at its edges", () => {
  test.prop([layers, limits], { numRuns: 400, endOnFailure: true })(
    "the memory blocks never pass the budget by a token, nor MEMORY.md's line cap by a line",
    (input, limit) => {
      const fitted = fitContext(input, limit);
      const tokens = estimateTokens(blocksOf(fitted));
      const memoryLines = lineCount(memoryLinesOf(fitted));
      expect(tokens).toBeLessThanOrEqual(limit.budgetTokens);
      expect(memoryLines).toBeLessThanOrEqual(limit.maxNotesLines);
      edges.runs++;
      if (memoryLines === limit.maxNotesLines) edges.atLineCap++;
      if (tokens >= limit.budgetTokens - 8) edges.atBudget++;
    },
  );

  // One layer holding one long line fills its whole share to the byte (the line is cut to fit) and its
  // notice is as long as the room kept for it (shown and total have as many digits), so the blocks
  // come to the budget exactly: a token of room more for the layers passes it, a token less misses it.
  test.prop(
    [fc.constantFrom("soul", "user", "notes", "recent"), sentence, fc.integer({ min: 320, max: 2400 })],
    {
      numRuns: 200,
      endOnFailure: true,
    },
  )(
    "one layer that fills its share brings the blocks to the budget to the token",
    (layer, words, budgetTokens) => {
      const long = words.repeat(Math.ceil(10_000 / words.length)).slice(0, 9_999);
      const input = { soul: "", user: "", notes: "", index: [], journal: [], dailies: [] as DailyLog[] };
      if (layer === "recent") input.dailies.push({ path: "daily/2026-01-01.md", text: long });
      else input[layer] = long;
      const fitted = fitContext(input, { ...LOOSE, budgetTokens });
      expect(fitted.leftOut).toMatch(/^\[Not shown, to keep memory within \d+ tokens: [^;]*\.\]$/);
      expect(estimateTokens(blocksOf(fitted))).toBe(budgetTokens);
    },
  );

  test.prop([layers, limits, fc.integer({ min: 1, max: 20_000 })], { numRuns: 200, endOnFailure: true })(
    "a larger budget never shows less of any layer",
    (input, limit, more) => {
      const smaller = shownOf(fitContext(input, limit));
      const larger = shownOf(fitContext(input, { ...limit, budgetTokens: limit.budgetTokens + more }));
      for (const layer of ["soul", "user", "notes"] as const)
        expect(larger[layer].startsWith(uncut(smaller[layer])), layer).toBe(true);
      expect(larger.index).toBeGreaterThanOrEqual(smaller.index);
      expect(larger.journal).toBeGreaterThanOrEqual(smaller.journal);
      const wholeRecent = smaller.recent.replace(/^[^\n]*…\n/, "");
      expect(larger.recent.endsWith(wholeRecent)).toBe(true);
      expect(larger.recent.length).toBeGreaterThanOrEqual(smaller.recent.length - 1);
    },
  );
});

/** What each layer shows; the arbitraries' notes are words, index lines start "- [", entries "### [". */
function shownOf(fitted: FittedContext) {
  const memory = memoryLinesOf(fitted).split("\n");
  const headings = memory.findIndex((each) => each.startsWith("## "));
  return {
    soul: fitted.soul,
    user: fitted.user,
    notes: (headings === -1 ? memory : memory.slice(0, headings)).join("\n").trim(),
    index: memory.filter((each) => each.startsWith("- [")).length,
    journal: memory.filter((each) => each.startsWith("### [")).length,
    recent: fitted.recent,
  };
}

/** The text without a line cut to fit at its end ("abc\nde…" → "abc\nde"). */
function uncut(value: string): string {
  return value.replace(/…\n?$/, "");
}
