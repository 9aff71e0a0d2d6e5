/**
 * How long the frozen session context takes to build as a home grows, and what it holds (issue 12):
 * a home with `--memories` typed memories and `--entries` journal entries (split between MEMORY.md
 * and a topic), full SOUL.md, USER.md and daily logs. Reports buildContext's p50/p95 in process,
 * `mnemo context` as a user runs it (a whole process), the memory blocks' estimated tokens against
 * the budget, whether the newest memories are in the context, and the notice of what was left out.
 * Prints a table and one JSON line.
 *
 *   npm run build && npx tsx bench/speed/context-speed.ts [--memories 1000] [--entries 600] [--runs 200]
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { estimateTokens } from "../../src/engine/context/context-budget.js";
import { openMemory } from "../../src/open-memory.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { CLI_PATH } from "../../src/testing/test-home.js";
import { syntheticNote } from "./synthetic-memories.js";

const { values } = parseArgs({
  options: {
    memories: { type: "string", default: "1000" },
    entries: { type: "string", default: "600" },
    runs: { type: "string", default: "200" },
  },
});
const memoryCount = Number(values.memories);
const entryCount = Number(values.entries);
const runs = Number(values.runs);

const home = await mkdtemp(join(tmpdir(), "mnemo-context-speed-"));
try {
  const random = seededRandom(7);
  let clock = Date.parse("2026-01-01T08:00:00Z");
  const memory = await openMemory({
    home,
    env: {},
    config: { search: { embedder: "none" } },
    now: () => {
      clock += 60_000;
      return new Date(clock);
    },
    onWarning: () => undefined,
  });
  await memory.onboard({ name: "Ada", personality: "Curious and precise.", speakingStyle: "Brief." });
  // Filled up to their budgets: a section that no longer fits is refused (TOO_LARGE), the file is full.
  const fill = (file: "soul" | "user" | "daily", section: string, text: string) =>
    memory.profile.add(file, section, text).catch((error: { code?: string }) => {
      if (error.code !== "TOO_LARGE") throw error;
    });
  for (const section of ["Values", "Habits", "Boundaries"])
    await fill("soul", section, syntheticNote(random, 0).repeat(4));
  for (const section of ["Name", "Work", "Preferences", "Family"])
    await fill("user", section, syntheticNote(random, 0).repeat(3));
  const seedStarted = performance.now();
  for (let index = 0; index < memoryCount; index++) {
    const name = `Memory ${String(index).padStart(5, "0")}`;
    await memory.memories.save({ type: "project", name, content: syntheticNote(random, index) });
  }
  for (let index = 0; index < entryCount; index++)
    await memory.journal.add(index % 2 === 0 ? "general" : "user_pref", syntheticNote(random, index));
  await fill("daily", "Sessions", syntheticNote(random, 1).repeat(6));
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const times: number[] = [];
  let context = "";
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    context = await memory.buildContext({ basePrompt: "You are helpful." });
    times.push(performance.now() - started);
  }
  await memory.close();
  const blocks = context.slice(0, context.indexOf("# Your memory"));
  const newest = Array.from(
    { length: 10 },
    (_, back) => `Memory ${String(memoryCount - 1 - back).padStart(5, "0")}`,
  );
  const cliStarted = performance.now();
  const cli = spawnSync(process.execPath, [CLI_PATH, "context", "--home", home], { encoding: "utf8" });
  const cliMs = performance.now() - cliStarted;
  times.sort((a, b) => a - b);
  const figures = {
    memories: memoryCount,
    journalEntries: entryCount,
    buildContextP50Ms: round(times[Math.floor(times.length / 2)] ?? 0),
    buildContextP95Ms: round(times[Math.floor(times.length * 0.95)] ?? 0),
    cliContextMs: round(cliMs),
    cliExitCode: cli.status,
    memoryBlockTokens: estimateTokens(blocks),
    budgetTokens: 2500,
    newest10InContext: newest.filter((name) => blocks.includes(`[${name}]`)).length,
    notice: /\[Not shown[^\]]*\]/.exec(blocks)?.[0] ?? null,
    seedSeconds: round(seedSeconds),
  };
  console.log(
    "| memories | journal entries | buildContext p50 / p95 | mnemo context (process) | memory block tokens / budget | newest 10 in context |",
  );
  console.log("|---|---|---|---|---|---|");
  console.log(
    `| ${memoryCount} | ${entryCount} | ${figures.buildContextP50Ms} / ${figures.buildContextP95Ms} ms | ${figures.cliContextMs} ms | ${figures.memoryBlockTokens} / 2500 | ${figures.newest10InContext} |`,
  );
  console.log(`notice: ${figures.notice}`);
  console.log(JSON.stringify(figures));
} finally {
  await rm(home, { recursive: true, force: true });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
