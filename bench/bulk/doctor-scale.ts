/**
 * `mnemo doctor` on a big home: N memories saved with saveMany into a new file home, then doctor
 * run on it (and, with --fix, doctor --fix after MEMORY.md lost its index, so every memory is
 * `unindexed-memory`); with --index, after the search index caught up (doctor then compares the
 * index with the files too). Doctor must take time proportional to the home: run it at two sizes and
 * compare the time per memory.
 *
 *   npx tsx bench/bulk/doctor-scale.ts [--memories 20000] [--fix] [--index]
 *   node --cpu-prof --import tsx bench/bulk/doctor-scale.ts   (to see where the time goes)
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type MemoryType, openMemory } from "../../src/index.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { syntheticNote } from "../speed/synthetic-memories.js";

const { values } = parseArgs({
  options: {
    memories: { type: "string", default: "20000" },
    fix: { type: "boolean", default: false },
    index: { type: "boolean", default: false },
  },
});
const count = Number(values.memories);
const TYPES: MemoryType[] = ["user", "feedback", "project", "reference"];
const round = (value: number) => Math.round(value * 100) / 100;

const root = await mkdtemp(join(tmpdir(), "mnemo-doctor-"));
try {
  const memory = await openMemory({
    home: root,
    env: {},
    config: { search: { embedder: "none" } },
    onWarning: () => undefined,
  });
  const random = seededRandom(15);
  await memory.memories.saveMany(
    Array.from({ length: count }, (_, index) => ({
      type: TYPES[index % TYPES.length] as MemoryType,
      name: `Memory ${String(index).padStart(6, "0")}`,
      content: syntheticNote(random, index),
    })),
    { consolidate: false },
  );
  if (values.index) await memory.syncIndex();
  const loadBefore = loadavg()[0] as number;
  const started = performance.now();
  const report = await memory.doctor();
  const seconds = (performance.now() - started) / 1000;
  let fixSeconds: number | null = null;
  if (values.fix) {
    await writeFile(join(root, "MEMORY.md"), "# Memory\n");
    const fixStarted = performance.now();
    const fixed = await memory.doctor({ fix: true });
    fixSeconds = round((performance.now() - fixStarted) / 1000);
    if (fixed.fixed.length < count) throw new Error(`doctor --fix fixed ${fixed.fixed.length} of ${count}`);
  }
  await memory.close();
  console.log(
    JSON.stringify({
      memories: count,
      doctorSeconds: round(seconds),
      microsecondsPerMemory: Math.round((seconds * 1e6) / count),
      problems: report.problems.length,
      fixSeconds,
      loadAverage: { before: round(loadBefore), after: round(loadavg()[0] as number) },
    }),
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
