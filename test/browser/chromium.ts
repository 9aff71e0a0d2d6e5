import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { CHROMIUM_PATH } from "./chromium-path.js";

/**
 * Debian's chromium driven by playwright-core: never a downloaded browser build. A machine without it
 * fails the browser tests with what to install (CI installs it in .ci/run), it does not skip them.
 */

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface LaunchedChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless chromium with a fresh profile folder, removed on close. */
export async function launchChromium(): Promise<LaunchedChromium> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: the browser tests need Debian's package ` +
        "(sudo apt-get install -y chromium), or CHROMIUM_PATH set to a chromium binary. They never download a browser.",
    );
  const profile = await mkdtemp(join(tmpdir(), "mnemo-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: { width: 1200, height: 860 },
    reducedMotion: "reduce",
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
