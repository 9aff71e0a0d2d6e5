import { fc, test } from "@fast-check/vitest";
import { afterEach, describe, expect } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { allocateBudget, estimateTokens } from "./context-budget.js";
import { type ContextLimits, fitContext } from "./fit-context.js";
import { renderContext } from "./render-context.js";

const LIMITS: ContextLimits = {
  budgetTokens: 2500,
  characters: { soul: 2000, user: 1400, notes: 2200, recent: 2000 },
  maxNotesLines: 200,
  maxIndexLines: 200,
  maxIndexBytes: 25_000,
};

const text = fc.array(fc.string({ maxLength: 120 }), { maxLength: 60 }).map((lines) => lines.join("\n"));
const indexLine = fc
  .string({ minLength: 1, maxLength: 140 })
  .map((title) => `- [${title}](memories/user_x.md)`);
const layers = fc.record({
  soul: text,
  user: text,
  notes: text,
  index: fc.array(indexLine, { maxLength: 400 }),
  journal: fc.array(fc.record({ raw: fc.string({ minLength: 1, maxLength: 300 }), entry: fc.boolean() }), {
    maxLength: 80,
  }),
  dailies: fc.array(fc.record({ path: fc.constant("daily/2026-01-01.md"), text }), { maxLength: 3 }),
});

/** The memory blocks alone: the context without instructions or base prompt. */
function memoryBlocks(fitted: ReturnType<typeof fitContext>): string {
  return renderContext(fitted, { basePrompt: "", instructions: "" });
}

/** The <agent-notes> block without the notice: what MEMORY.md's line cap counts. */
function memoryLinesOf(fitted: ReturnType<typeof fitContext>): string {
  if (fitted.leftOut === undefined) return fitted.notes;
  return fitted.notes === fitted.leftOut ? "" : fitted.notes.slice(0, -(fitted.leftOut.length + 2));
}

function lineCount(text: string): number {
  return text === "" ? 0 : text.split("\n").length;
}

describe("allocateBudget", () => {
  test.prop([
    fc.integer({ min: 0, max: 10_000 }),
    fc.array(
      fc.record({ wanted: fc.integer({ min: 0, max: 5_000 }), weight: fc.integer({ min: 1, max: 10 }) }),
      {
        minLength: 1,
        maxLength: 6,
      },
    ),
  ])(
    "never exceeds the total or a layer's want, and gives each at least its weighted share",
    (total, wants) => {
      const demands = wants.map((want, index) => ({ name: `layer${index}`, ...want }));
      const granted = allocateBudget(total, demands);
      const sum = [...granted.values()].reduce((all, tokens) => all + tokens, 0);
      expect(sum).toBeLessThanOrEqual(total);
      const weights = demands.reduce((all, demand) => all + demand.weight, 0);
      for (const demand of demands) {
        const tokens = granted.get(demand.name) ?? 0;
        expect(tokens).toBeLessThanOrEqual(demand.wanted);
        expect(tokens).toBeGreaterThanOrEqual(
          Math.min(demand.wanted, Math.floor((total * demand.weight) / weights) - 1),
        );
      }
      if (demands.reduce((all, demand) => all + demand.wanted, 0) <= total)
        for (const demand of demands) expect(granted.get(demand.name)).toBe(demand.wanted);
    },
  );
});

describe("fitContext", () => {
  test.prop([layers])(
    "the memory blocks stay within the budget and the caps, keeping the newest",
    (input) => {
      const fitted = fitContext(input, LIMITS);
      expect(estimateTokens(memoryBlocks(fitted))).toBeLessThanOrEqual(LIMITS.budgetTokens);
      expect(lineCount(memoryLinesOf(fitted))).toBeLessThanOrEqual(LIMITS.maxNotesLines);
      // The index lines shown are the first ones (newest first), never a later one in place of an earlier.
      const notes = `${fitted.notes}\n`;
      const shown = input.index.filter((line) => notes.includes(`${line.trimEnd()}\n`)).length;
      for (const line of input.index.slice(0, shown)) expect(fitted.notes).toContain(line.trimEnd());
      if (shown < input.index.length) expect(fitted.leftOut).toContain("older memories");
    },
  );
});

describe("the session context as a home grows", () => {
  let home = "";
  afterEach(async () => removeDir(home));

  test.prop(
    [
      fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,20}( [A-Za-z0-9]{1,8}){0,3}$/), {
        minLength: 12,
        maxLength: 40,
      }),
      fc.integer({ min: 0, max: 1_300 }),
    ],
    { numRuns: 8 },
  )("holds the 10 newest memories, whatever came before, within 2,500 tokens", async (names, profileSize) => {
    await removeDir(home);
    let memory: MemoryHome;
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    await memory.onboard({ name: "Ada", personality: "Curious and precise.", speakingStyle: "Brief." });
    await memory.profile.add("soul", "Values", `${"x ".repeat(700)}end`);
    await memory.profile.add("user", "Notes", `${"y".repeat(profileSize)} end`);
    const saved: string[] = [];
    for (const [index, name] of names.entries()) {
      const unique = `${name} ${index}`;
      await memory.memories.save({
        type: "project",
        name: unique,
        content: `About ${unique}. ${"z".repeat(200)}`,
        // Generated names differ by a number (one fact updated, to consolidation): kept as given,
        // since the context must show each of the 10 newest.
        consolidate: false,
      });
      saved.push(unique);
    }
    const context = await memory.buildContext();
    const blocks = context.slice(0, context.indexOf("# Your memory"));
    expect(estimateTokens(blocks)).toBeLessThanOrEqual(2500);
    for (const name of saved.slice(-10)) expect(blocks).toContain(`[${name}]`);
  });
});
