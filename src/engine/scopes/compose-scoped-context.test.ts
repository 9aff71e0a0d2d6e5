import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../context/context-budget.js";
import type { ContextLimits } from "../context/fit-context.js";
import { composeScopedContext, type ScopedContextLayer } from "./compose-scoped-context.js";
import { renderScopedBlocks } from "./render-scoped-context.js";
import { SCOPES } from "./scope-names.js";

const LIMITS: Omit<ContextLimits, "budgetTokens"> = {
  characters: { soul: 2000, user: 1400, notes: 2200, recent: 2000 },
  maxNotesLines: 200,
  maxIndexLines: 200,
  maxIndexBytes: 25_000,
};

const text = fc.array(fc.string({ maxLength: 100 }), { maxLength: 30 }).map((lines) => lines.join("\n"));
const layers = fc.record({
  soul: text,
  user: text,
  notes: text,
  index: fc.array(
    fc.string({ minLength: 1, maxLength: 100 }).map((title) => `- [${title}](memories/user_x.md)`),
    { maxLength: 120 },
  ),
  journal: fc.array(fc.record({ raw: fc.string({ minLength: 1, maxLength: 200 }), entry: fc.boolean() }), {
    maxLength: 40,
  }),
  dailies: fc.array(fc.record({ path: fc.constant("daily/2026-01-01.md"), text }), { maxLength: 2 }),
});
const stack = fc
  .array(fc.record({ layers, share: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 3 })
  .map((each) =>
    each.map(
      (layer, rank): ScopedContextLayer => ({
        scope: SCOPES[rank] ?? "team",
        layers: layer.layers,
        limits: { ...LIMITS, budgetTokens: 0 },
        share: layer.share,
      }),
    ),
  );

/** A layer has content when fitting it alone to the whole budget shows any block. */
function hasContent(layer: ScopedContextLayer, budgetTokens: number): boolean {
  const [alone] = composeScopedContext([layer], budgetTokens);
  return alone !== undefined && renderScopedBlocks([alone]) !== "";
}

describe("composeScopedContext", () => {
  test.prop([stack, fc.integer({ min: 0, max: 4000 })])(
    "the layers' blocks together stay within the budget, and a layer with content gets its share",
    (input, budgetTokens) => {
      const composed = composeScopedContext(input, budgetTokens);
      expect(composed.map((each) => each.scope)).toEqual(input.map((layer) => layer.scope));
      const granted = composed.reduce((sum, each) => sum + each.grantedTokens, 0);
      expect(granted).toBeLessThanOrEqual(budgetTokens);
      expect(estimateTokens(renderScopedBlocks(composed))).toBeLessThanOrEqual(budgetTokens);
      const weights = input.reduce((sum, layer) => sum + layer.share, 0);
      for (const [rank, layer] of input.entries()) {
        const share = Math.floor((budgetTokens * layer.share) / weights) - 1;
        const each = composed[rank];
        // Each layer fitted alone into its share shows what it shows within the stack, or more.
        if (!hasContent(layer, Math.max(0, share))) continue;
        expect(each?.grantedTokens).toBeGreaterThanOrEqual(
          Math.min(share, estimateTokens(renderScopedBlocks(composeScopedContext([layer], budgetTokens)))),
        );
      }
    },
  );

  it("grants a small layer what fitContext needs to show it whole, not only the size of its blocks", () => {
    const empty = { soul: "", user: "", notes: "", index: [], journal: [], dailies: [] };
    const limits = { ...LIMITS, budgetTokens: 0 };
    const composed = composeScopedContext(
      [
        {
          scope: "project",
          share: 1,
          limits,
          layers: { ...empty, index: ["- [Cart money](memories/project_cart-money.md) — integer cents"] },
        },
        {
          scope: "user",
          share: 1,
          limits,
          layers: {
            ...empty,
            soul: `# Soul\n\n## Identity\n${"I am a careful agent. ".repeat(12)}`,
            user: "# User\n\n## Editor\nUses Helix.",
          },
        },
      ],
      700,
    );
    const blocks = renderScopedBlocks(composed);
    expect(blocks).toContain("Cart money");
    expect(blocks).toContain("Uses Helix");
    expect(blocks).not.toContain("Not shown");
  });
});
