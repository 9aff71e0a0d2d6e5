import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { TEMP_FILE_PATTERN } from "../../src/adapters/fs/atomic-write.js";
import { parseMemoryFile } from "../../src/engine/memdir/memory-file.js";
import { openMemory } from "../../src/open-memory.js";
import { MEMORIES_DIR } from "../../src/rules/home-layout.js";
import { REPOSITORY_ROOT } from "../../src/testing/test-home.js";
import { snapshotHome } from "./home-snapshot.js";

/**
 * kill -9 at random moments (issue 11): a worker that acknowledges every marker it stored is
 * killed after a random delay, the home is opened again, and every acknowledged marker must be in
 * some Markdown file of the home (in place or in archive/), with no torn file. Shared by the
 * bounded test and the bench (bench/reliability/kill-nine.ts).
 */
const WORKER = join(REPOSITORY_ROOT, "test", "reliability", "acknowledging.worker.mjs");
const CONFIG = {
  search: { embedder: "none" as const },
  capacity: { maxLines: 30, targetLines: 20 },
  budgets: { user: 400, memory: 600 },
};

export interface KillRoundsResult {
  kills: number;
  acknowledged: number;
  lost: string[];
  tornFiles: string[];
  visibleTemporaryFiles: string[];
  /** Rounds where the worker stopped on its own before the kill (an error), with its stderr. */
  workerErrors: string[];
}

/** Runs `rounds` kills on one home; `maxDelayMs` bounds the random time between ready and kill. */
export async function killRounds(options: {
  home: string;
  rounds: number;
  maxDelayMs: number;
  tag: string;
}): Promise<KillRoundsResult> {
  const result: KillRoundsResult = {
    kills: 0,
    acknowledged: 0,
    lost: [],
    tornFiles: [],
    visibleTemporaryFiles: [],
    workerErrors: [],
  };
  const acknowledged: string[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const outcome = await runAndKill(
      options.home,
      `${options.tag}r${round}`,
      Math.random() * options.maxDelayMs,
    );
    acknowledged.push(...outcome.acknowledged);
    if (outcome.killed) result.kills += 1;
    else result.workerErrors.push(outcome.stderr);
    await checkHome(options.home, acknowledged, result);
  }
  result.acknowledged = acknowledged.length;
  return result;
}

async function runAndKill(
  home: string,
  tag: string,
  delayMs: number,
): Promise<{ acknowledged: string[]; killed: boolean; stderr: string }> {
  const child = spawn(process.execPath, [WORKER, home, tag], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const acknowledged: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === "ready") timer = setTimeout(() => child.kill("SIGKILL"), delayMs);
    else if (line.startsWith("ack ")) acknowledged.push(line.slice(4));
  }
  await closed;
  clearTimeout(timer);
  return { acknowledged, killed: child.signalCode === "SIGKILL", stderr };
}

/** Opens the home (finishing an interrupted write) and checks what a reader finds. */
async function checkHome(home: string, acknowledged: string[], result: KillRoundsResult): Promise<void> {
  const memory = await openMemory({ home, env: {}, config: CONFIG, onWarning: () => undefined });
  const files = await snapshotHome(home);
  const present = new Set([...files.values()].join("\n").match(/mark-[\w-]+?-end/g) ?? []);
  for (const marker of acknowledged)
    if (!present.has(marker) && !result.lost.includes(marker)) result.lost.push(marker);
  for (const [path, text] of files) {
    if (path.startsWith(`${MEMORIES_DIR}/`) && !parseMemoryFile(path, text).ok) result.tornFiles.push(path);
  }
  for (const folder of ["", MEMORIES_DIR, "topics", "archive"]) {
    for (const document of await memory.store.list(folder))
      if (TEMP_FILE_PATTERN.test(document.path.split("/").at(-1) ?? ""))
        result.visibleTemporaryFiles.push(document.path);
  }
  await memory.close();
}
