/**
 * What Claude Code's hooks cost (issue 31): wall time of the built `mnemo hook session-start` and
 * `mnemo hook user-prompt-submit` on a 1,000-memory home, each a new process fed the hook's JSON on
 * stdin as Claude Code starts it, p50 and p90 of --runs, with the machine's load beside them
 * (figures on a shared machine are worst cases). `mnemo --version` is the floor: node's own start.
 *
 *   npm run build && npx tsx bench/speed/hook-speed.ts [--runs 20] [--memories 1000]
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { percentile } from "../../src/eval/retrieval-metrics.js";
import { CLI_PATH } from "../../src/testing/test-home.js";
import { writeMemories } from "./cold-path-homes.js";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "20" }, memories: { type: "string", default: "1000" } },
});
const runs = Number(values.runs);
if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run npm run build first`);

const home = await mkdtemp(join(tmpdir(), "mnemo-hook-speed-"));
const session = { session_id: "bench", transcript_path: "/tmp/bench.jsonl", cwd: home };
try {
  writeMemories(home, Number(values.memories), undefined);
  // MEMORY.md's index lines for the memories written straight into memories/, then the search index.
  mnemo(["doctor", "--fix", "--home", home]);
  mnemo(["reindex", "--home", home]);
  const load = execFileSync("uptime", { encoding: "utf8" }).trim();
  const floor = timed(["--version"], "");
  const start = timed(
    ["hook", "session-start", "--home", home],
    JSON.stringify({ ...session, hook_event_name: "SessionStart", source: "startup" }),
  );
  const prompt = timed(
    ["hook", "user-prompt-submit", "--home", home],
    JSON.stringify({
      ...session,
      hook_event_name: "UserPromptSubmit",
      prompt: "who reviews the release on friday",
    }),
  );
  process.stdout.write(
    `${JSON.stringify({ memories: Number(values.memories), runs, load, floor, sessionStart: start, userPromptSubmit: prompt }, null, 2)}\n`,
  );
} finally {
  await rm(home, { recursive: true, force: true });
}

function mnemo(args: string[]): void {
  const result = spawnSync(process.execPath, [CLI_PATH, ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`mnemo ${args.join(" ")} failed: ${result.stderr}`);
}

/** p50 and p90 wall milliseconds of `runs` new processes, and the size of the last answer. */
function timed(args: string[], input: string): { p50: number; p90: number; outputCharacters: number } {
  const times: number[] = [];
  let output = "";
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [CLI_PATH, ...args], { input, encoding: "utf8" });
    times.push(performance.now() - started);
    if (result.status !== 0) throw new Error(`mnemo ${args.join(" ")} failed: ${result.stderr}`);
    output = result.stdout;
  }
  return {
    p50: Math.round(percentile(times, 50)),
    p90: Math.round(percentile(times, 90)),
    outputCharacters: output.length,
  };
}
