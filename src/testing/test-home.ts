import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { MnemoConfigInput } from "../engine/config/schema.js";
import type { MemoryHome } from "../engine/memory-home.js";
import { openMemory } from "../open-memory.js";

/** Test helpers: a fresh memory home in the system's temp folder, removed afterwards. */
export const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The `mnemo` bin as it ships: tsc's output bundled by scripts/bundle-cli.mjs. */
export const CLI_PATH = join(REPOSITORY_ROOT, "dist", "bundle", "cli", "main.js");
/**
 * The same bin as tsc's separate files, for tests that check which of mnemo's files a command
 * loads: the bundle keeps the command table's dynamic imports, so what is lazy here is lazy there.
 */
export const CLI_MODULES_PATH = join(REPOSITORY_ROOT, "dist", "surfaces", "cli", "main.js");

export async function makeTempDir(prefix = "mnemo-test-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeDir(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true });
}

export interface TestHomeOptions {
  config?: MnemoConfigInput;
  now?: () => Date;
}

/** Opens a memory home in a new temp folder; warnings are collected instead of printed. */
export async function openTestMemory(
  options: TestHomeOptions = {},
): Promise<{ memory: MemoryHome; home: string; warnings: string[] }> {
  const home = await makeTempDir();
  const warnings: string[] = [];
  const memory = await openMemory({
    home,
    env: {},
    config: options.config,
    now: options.now,
    onWarning: (message) => warnings.push(message),
  });
  return { memory, home, warnings };
}
