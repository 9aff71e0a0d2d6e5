import { allocateBudget, estimateTokens } from "../context/context-budget.js";
import { type ContextLayers, type ContextLimits, fitContext } from "../context/fit-context.js";
import type { ContextSnapshot } from "../context/render-context.js";
import { parseSections, sameSectionName, serializeSections } from "../markdown/sections.js";
import { labelOverheadTokens, renderScopedBlocks } from "./render-scoped-context.js";
import type { Scope } from "./scope-names.js";

/**
 * One frozen context from a stack of homes, nearest layer first (docs/scopes.md). Where a nearer
 * layer's SOUL.md or USER.md holds a section of the same name, the farther layer's is left out.
 * Each layer asks for the tokens its blocks need; the total budget is split by the layers' shares,
 * and what a layer does not need flows to the others (allocateBudget). Each layer is then fitted
 * to its grant as a single home is (fitContext), so its own notice names what it left out. Pure.
 */
export interface ScopedContextLayer {
  scope: Scope;
  layers: ContextLayers;
  limits: ContextLimits;
  /** The layer's weight in the split of the budget. */
  share: number;
}

export interface ScopedSnapshot {
  scope: Scope;
  snapshot: ContextSnapshot;
  /** Tokens granted to the layer, its labels included. */
  grantedTokens: number;
}

export function composeScopedContext(
  stack: readonly ScopedContextLayer[],
  budgetTokens: number,
): ScopedSnapshot[] {
  const shadowed = shadowProfileSections(stack);
  const reserve = (layer: ScopedContextLayer) => labelOverheadTokens(layer.scope);
  const fitted = (layer: ScopedContextLayer, tokens: number) =>
    snapshotOf(fitContext(layer.layers, { ...layer.limits, budgetTokens: Math.max(0, tokens) }));
  const granted = allocateBudget(
    budgetTokens,
    shadowed.map((layer) => ({
      name: layer.scope,
      weight: layer.share,
      wanted: neededTokens(layer, budgetTokens, fitted) + reserve(layer),
    })),
  );
  return shadowed.map((layer) => {
    const tokens = granted.get(layer.scope) ?? 0;
    const snapshot = fitted(layer, tokens - reserve(layer));
    // Under a grant too small for anything, fitContext still shows its notice of what it left out:
    // such a layer shows nothing rather than push the stack over its budget.
    const fits = wantedTokens(layer.scope, snapshot, 0) <= tokens;
    return { scope: layer.scope, snapshot: fits ? snapshot : EMPTY, grantedTokens: fits ? tokens : 0 };
  });
}

const EMPTY: ContextSnapshot = { soul: "", user: "", notes: "", recent: "" };

function snapshotOf(fitted: ContextSnapshot): ContextSnapshot {
  return { soul: fitted.soul, user: fitted.user, notes: fitted.notes, recent: fitted.recent };
}

/**
 * The least budget at which the layer shows all it shows with the whole budget; 0 for a layer with
 * nothing to show. Not the size of its blocks: fitContext keeps room for a notice of what it leaves
 * out, so a layer granted only the size of its blocks showed almost nothing. A larger budget never
 * shows less (fitContext), so a binary search finds it.
 */
function neededTokens(
  layer: ScopedContextLayer,
  budgetTokens: number,
  fitted: (layer: ScopedContextLayer, tokens: number) => ContextSnapshot,
): number {
  const render = (tokens: number) =>
    renderScopedBlocks([{ scope: layer.scope, snapshot: fitted(layer, tokens) }]);
  const whole = render(budgetTokens);
  if (whole === "") return 0;
  let low = 0;
  let high = Math.max(0, budgetTokens);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (render(middle) === whole) high = middle;
    else low = middle + 1;
  }
  return high;
}

/** The tokens of a layer's labelled blocks, plus `reserve`; a layer with nothing to show wants none. */
function wantedTokens(scope: Scope, snapshot: ContextSnapshot, reserve: number): number {
  const blocks = renderScopedBlocks([{ scope, snapshot }]);
  return blocks === "" ? 0 : estimateTokens(blocks) + reserve;
}

/** Each layer's SOUL.md and USER.md without the sections a nearer layer already holds. */
function shadowProfileSections(stack: readonly ScopedContextLayer[]): ScopedContextLayer[] {
  const seen = { soul: [] as string[], user: [] as string[] };
  return stack.map((layer) => {
    const soul = withoutSections(layer.layers.soul, seen.soul);
    const user = withoutSections(layer.layers.user, seen.user);
    seen.soul.push(...sectionNames(layer.layers.soul));
    seen.user.push(...sectionNames(layer.layers.user));
    return { ...layer, layers: { ...layer.layers, soul, user } };
  });
}

function sectionNames(text: string): string[] {
  return parseSections(text).sections.map((section) => section.name);
}

function withoutSections(text: string, names: readonly string[]): string {
  if (names.length === 0) return text;
  const document = parseSections(text);
  const kept = document.sections.filter(
    (section) => !names.some((name) => sameSectionName(name, section.name)),
  );
  if (kept.length === document.sections.length) return text;
  return serializeSections({ preamble: document.preamble, sections: kept });
}
