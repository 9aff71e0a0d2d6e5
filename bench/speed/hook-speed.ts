/**
 * What Claude Code's hooks cost (issue 31): wall time of the built `mnemo hook session-start` and
 * `mnemo hook user-prompt-submit` on a 1,000-memory home, each a new process fed the hook's JSON on
 * stdin as Claude Code starts it, p50 and p90 of --runs, with the machine's load beside them
 * (figures on a shared machine are worst cases). Each figure has its target beside it (issue 31:
 * session-start ≤ 300 ms wall), its CPU time (user + system, from /usr/bin/time when there is one),
 * and its ratio to the floor measured in the same rounds: `node -e ''`, node's own start, run just
 * before each call, so a busy machine slows both alike. `mnemo --version` is shown too. Each hook
 * runs with --budget-ms 600000, so a busy machine measures its whole work instead of a give-up.
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
const TIME_AVAILABLE = existsSync("/usr/bin/time");
if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run npm run build first`);

const home = await mkdtemp(join(tmpdir(), "mnemo-hook-speed-"));
const session = { session_id: "bench", transcript_path: "/tmp/bench.jsonl", cwd: home };
try {
  writeMemories(home, Number(values.memories), undefined);
  // MEMORY.md's index lines for the memories written straight into memories/, then the search index.
  mnemo(["doctor", "--fix", "--home", home]);
  mnemo(["reindex", "--home", home]);
  const load = execFileSync("uptime", { encoding: "utf8" }).trim();
  const version = timed(["--version"], "", "none");
  const start = timed(
    ["hook", "session-start", "--home", home, "--budget-ms", "600000"],
    JSON.stringify({ ...session, hook_event_name: "SessionStart", source: "startup" }),
    "300 ms wall (issue 31)",
  );
  const prompt = timed(
    ["hook", "user-prompt-submit", "--home", home, "--budget-ms", "600000"],
    JSON.stringify({
      ...session,
      hook_event_name: "UserPromptSubmit",
      prompt: "who reviews the release on friday",
    }),
    "none set; session-start's 300 ms wall is the bar",
  );
  const loadAfter = execFileSync("uptime", { encoding: "utf8" }).trim();
  process.stdout.write(
    `${JSON.stringify({ memories: Number(values.memories), runs, load, loadAfter, version, sessionStart: start, userPromptSubmit: prompt }, null, 2)}\n`,
  );
} finally {
  await rm(home, { recursive: true, force: true });
}

function mnemo(args: string[]): void {
  const result = spawnSync(process.execPath, [CLI_PATH, ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`mnemo ${args.join(" ")} failed: ${result.stderr}`);
}

/** Wall and CPU milliseconds of one new process (CPU undefined without /usr/bin/time). */
function run(args: string[], input: string): { wall: number; cpu: number | undefined; stdout: string } {
  const withTime = TIME_AVAILABLE ? ["-f", "cpu %U %S", process.execPath] : [];
  const started = performance.now();
  const result = spawnSync(TIME_AVAILABLE ? "/usr/bin/time" : process.execPath, [...withTime, ...args], {
    input,
    encoding: "utf8",
  });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
  const times = /cpu (\d+\.\d+) (\d+\.\d+)\s*$/.exec(result.stderr);
  const cpu = times ? (Number(times[1]) + Number(times[2])) * 1000 : undefined;
  return { wall, cpu, stdout: result.stdout };
}

/**
 * p50 and p90 wall milliseconds of `runs` new processes, p50 CPU milliseconds, the same of the
 * floor (`node -e ''`, run just before each), the p50 ratio to it, and the size of the last answer.
 */
function timed(args: string[], input: string, target: string) {
  const walls: number[] = [];
  const cpus: number[] = [];
  const floorWalls: number[] = [];
  const floorCpus: number[] = [];
  let output = "";
  for (let round = 0; round < runs; round += 1) {
    const floor = run(["-e", ""], "");
    floorWalls.push(floor.wall);
    if (floor.cpu !== undefined) floorCpus.push(floor.cpu);
    const measured = run([CLI_PATH, ...args], input);
    walls.push(measured.wall);
    if (measured.cpu !== undefined) cpus.push(measured.cpu);
    output = measured.stdout;
  }
  const p50 = (values: number[]) => (values.length === 0 ? undefined : Math.round(percentile(values, 50)));
  return {
    target,
    p50: p50(walls),
    p90: Math.round(percentile(walls, 90)),
    cpuP50: p50(cpus),
    floorP50: p50(floorWalls),
    floorCpuP50: p50(floorCpus),
    ratioToFloor: Number((percentile(walls, 50) / percentile(floorWalls, 50)).toFixed(2)),
    outputCharacters: output.length,
  };
}
