import { spawnSync } from "node:child_process";
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

/** Runs a worker script under fault injection (see fault-injection.mjs for the environment it reads). */
export function runWithFaults(script: string, args: string[], faults: { killAt?: number; report?: string }) {
  const result = spawnSync(process.execPath, ["--import", FAULT_INJECTION, script, ...args], {
    cwd: REPOSITORY_ROOT,
    encoding: "utf8",
    env: {
      ...process.env,
      MNEMO_FAULT_KILL_AT: String(faults.killAt ?? 0),
      ...(faults.report ? { MNEMO_FAULT_REPORT: faults.report } : {}),
    },
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
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
