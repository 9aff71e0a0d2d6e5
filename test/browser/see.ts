import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * Waiting assertions on what the page shows, for vitest (playwright-core has no test runner's
 * `expect`): each polls until the page gets there, or fails after a few seconds with what it saw.
 */
const timeout = 10_000;

/** Run in the page, which has the DOM these tests' TypeScript leaves out. */
export const IS_FOCUSED = (element: unknown): boolean =>
  element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement;

export async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: "visible", timeout });
}

export function textOf(locator: Locator) {
  // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what a person reads.
  return expect.poll(() => locator.innerText(), { timeout });
}

export async function focused(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate(IS_FOCUSED).catch(() => false), {
      timeout,
    })
    .toBe(true);
}

export function countOf(locator: Locator) {
  return expect.poll(() => locator.count(), { timeout });
}
