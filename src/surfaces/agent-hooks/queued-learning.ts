/**
 * What waits in .pending/ (a transcript learned before a chat model was configured, an extraction
 * that failed, a session killed mid-way) is extracted at the next session's start, as `mnemo chat`
 * does at its own (issue 31, point 2). A coding agent's SessionStart hook must answer at once, so
 * it hands the work to a detached `mnemo learn --pending`, which logs to <home>/.logs/learn.log.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { LEARN_LOG_FILE, PENDING_DIR } from "../../rules/home-layout.js";

/** The learner's process id, or undefined when nothing waits or no chat model would extract it. */
export function startQueuedLearning(options: {
  home: string;
  /** The home's config names a chat model and extraction is on. */
  canExtract: boolean;
  /** The `mnemo` bin to run (this process's own). */
  bin: string;
}): { learner: number; queued: number } | undefined {
  if (!options.canExtract) return undefined;
  const queued = queuedCount(options.home);
  if (queued === 0) return undefined;
  const log = join(options.home, ...LEARN_LOG_FILE.split("/"));
  mkdirSync(join(log, ".."), { recursive: true });
  const output = openSync(log, "a");
  try {
    const child = spawn(process.execPath, [options.bin, "learn", "--pending", "--home", options.home], {
      // Stryker disable next-line BooleanLiteral: its own process group, so the agent closing the
      // hook's group does not stop it; not observable from the test's process.
      detached: true,
      stdio: ["ignore", output, output],
    });
    // A spawn that fails (no process slot) must not throw in the hook after it answered.
    child.once("error", () => {});
    child.unref();
    // Stryker disable next-line ConditionalExpression,BlockStatement: no pid only when the spawn failed, which a test cannot cause.
    return child.pid === undefined ? undefined : { learner: child.pid, queued };
  } finally {
    closeSync(output);
  }
}

function queuedCount(home: string): number {
  try {
    return readdirSync(join(home, PENDING_DIR)).filter((name) => name.endsWith(".json")).length;
  } catch {
    return 0;
  }
}
