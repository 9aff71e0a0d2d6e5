import { spawn, spawnSync } from "node:child_process";
import { cp, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { REPOSITORY_ROOT } from "../../src/testing/test-home.js";

/** Helpers of the reliability tests: run a worker with fault injection, and compare homes. */
export const FAULT_INJECTION = join(REPOSITORY_ROOT, "test", "reliability", "fault-injection.mjs");

export interface WorkerRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface Faults {
  killAt?: number;
  report?: string;
}

const faultEnvironment = (faults: Faults): NodeJS.ProcessEnv => ({
  ...process.env,
  MNEMO_FAULT_KILL_AT: String(faults.killAt ?? 0),
  ...(faults.report ? { MNEMO_FAULT_REPORT: faults.report } : {}),
});

/** Runs a worker script under fault injection (see fault-injection.mjs for the environment it reads). */
export function runWithFaults(script: string, args: string[], faults: Faults): WorkerRun {
  const result = spawnSync(process.execPath, ["--import", FAULT_INJECTION, script, ...args], {
    cwd: REPOSITORY_ROOT,
    encoding: "utf8",
    env: faultEnvironment(faults),
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/** runWithFaults without blocking, for workers that run side by side. */
export function startWithFaults(script: string, args: string[], faults: Faults): Promise<WorkerRun> {
  const child = spawn(process.execPath, ["--import", FAULT_INJECTION, script, ...args], {
    cwd: REPOSITORY_ROOT,
    env: faultEnvironment(faults),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/**
 * Runs `task` on every item, at most `limit` at a time, and returns the results in the items' order.
 * The killed workers of a test each write to a home of their own, and much of a worker's time is
 * spent waiting on fsync: two side by side take little more time than one.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Every visible file of a home (no hidden file or folder: derived state, temporary files), by path. */
export async function snapshotHome(home: string, folder = ""): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries = await readdir(join(home, folder), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory())
      for (const [inner, text] of await snapshotHome(home, path)) files.set(inner, text);
    else if (entry.isFile()) files.set(path, await readFile(join(home, path), "utf8"));
  }
  return files;
}

export async function copyHome(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true });
}

/** The first difference between two snapshots, for a readable failure. */
export function firstDifference(a: Map<string, string>, b: Map<string, string>): string | undefined {
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(path) !== b.get(path))
      return `${path}: ${JSON.stringify(a.get(path)?.slice(0, 200))} vs ${JSON.stringify(b.get(path)?.slice(0, 200))}`;
  }
  return undefined;
}
