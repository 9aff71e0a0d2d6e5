/**
 * Bulk writes (issue 15's target: 100,000 memories into an embedded home or a PostgreSQL home in
 * at most 2 minutes, embeddings excluded). Measures, on real files in the system's temp folder or,
 * with --postgres, on homes of a throwaway PostgreSQL cluster:
 * - saveMany: N typed memories saved in one call (one transaction) into a new home;
 * - export: that home written out as its Markdown tree;
 * - import: the tree loaded into another new home with importHome (and, with --cli, with the built
 *   `mnemo import` as a user runs it, process start included);
 * - the round trip checked byte for byte (the second home exported again);
 * - with --index, the search index catching up with the imported home (BM25 only; not part of the
 *   target).
 * Prints a table and one JSON line, with the machine's load average: the figures are wall-clock
 * times on a shared machine.
 *
 *   npm run build && npx tsx bench/bulk/import-100k.ts [--memories 100000] [--cli] [--index] [--postgres]
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  exportHome,
  importHome,
  type MemoryType,
  openMemory,
  type SaveMemoryInput,
} from "../../src/index.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { folderBytes } from "../../src/testing/test-folder-files.js";
import { CLI_PATH } from "../../src/testing/test-home.js";
import { startTestPostgres } from "../../src/testing/test-postgres.js";
import { syntheticNote } from "../speed/synthetic-memories.js";

const { values } = parseArgs({
  options: {
    memories: { type: "string", default: "100000" },
    cli: { type: "boolean", default: false },
    index: { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
  },
});
const count = Number(values.memories);
const TYPES: MemoryType[] = ["user", "feedback", "project", "reference"];

function inputs(): SaveMemoryInput[] {
  const random = seededRandom(15);
  return Array.from({ length: count }, (_, index) => ({
    type: TYPES[index % TYPES.length] as MemoryType,
    name: `Memory ${String(index).padStart(6, "0")}`,
    content: syntheticNote(random, index),
  }));
}

interface Measured<T> {
  result: T;
  seconds: number;
  cpuSeconds: number;
  load: number;
}

/** Wall-clock seconds, the CPU seconds this process used meanwhile, and the load average after. */
async function timed<T>(work: () => Promise<T>): Promise<Measured<T>> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  return { result, seconds, cpuSeconds: (used.user + used.system) / 1e6, load: loadavg()[0] as number };
}

const root = await mkdtemp(join(tmpdir(), "mnemo-bulk-"));
const database = values.postgres ? await startTestPostgres() : undefined;
if (database && !database.url) throw new Error("--postgres needs PostgreSQL installed (not PGlite)");

/** A new home named `name`: a folder under the temp folder, or a home id in the cluster. */
function open(name: string) {
  const common = { env: {}, config: { search: { embedder: "none" as const } }, onWarning: () => undefined };
  if (!database) return openMemory({ ...common, home: join(root, name) });
  return openMemory({ ...common, home: join(root, "unused"), store: database.url, homeId: `bench/${name}` });
}

function cliImport(name: string) {
  const where = database
    ? ["--store", database.url as string, "--home-id", `bench/${name}`]
    : ["--home", join(root, name)];
  const run = spawnSync(process.execPath, [CLI_PATH, "import", join(root, "tree"), ...where], {
    encoding: "utf8",
    env: { ...process.env, MNEMO_EMBEDDER: "none" },
  });
  if (run.status !== 0) throw new Error(`mnemo import failed: ${run.stderr}`);
}

async function sameFolders(first: string, second: string): Promise<boolean> {
  const [one, two] = await Promise.all([folderBytes(first), folderBytes(second)]);
  return one.size === two.size && [...one].every(([path, bytes]) => two.get(path)?.equals(bytes) === true);
}

try {
  const source = await open("source");
  const saved = await timed(() => source.memories.saveMany(inputs(), { consolidate: false }));
  const exported = await timed(() => exportHome(source, join(root, "tree")));
  await source.close();

  const target = await open("target");
  const imported = await timed(() => importHome(target, join(root, "tree")));
  await exportHome(target, join(root, "again"));
  const identical = await sameFolders(join(root, "tree"), join(root, "again"));
  const indexed = values.index ? await timed(() => target.syncIndex()) : undefined;
  await target.close();
  const cli = values.cli ? await timed(async () => cliImport("cli")) : undefined;

  const figures = {
    store: database ? "postgres" : "file",
    memories: count,
    files: exported.result.files,
    bytes: exported.result.bytes,
    roundTripIdentical: identical,
    saveMany: summary(saved),
    export: summary(exported),
    import: summary(imported),
    cliImport: cli ? summary(cli) : null,
    indexCatchUp: indexed ? { ...summary(indexed), documents: indexed.result } : null,
    cores: cpus().length,
  };
  console.log(
    `${count} memories into a ${figures.store} home (${figures.files} files, ${figures.bytes} bytes)`,
  );
  console.log(`round trip byte for byte the same: ${identical}`);
  console.log("| step | wall time | CPU time | rate | load average |\n| --- | --- | --- | --- | --- |");
  const steps: Array<[string, Measured<unknown> | undefined]> = [
    ["memories.saveMany", saved],
    ["exportHome", exported],
    ["importHome", imported],
    // The CLI runs in a child process: its CPU time is not this process's.
    ["mnemo import (process start included)", cli],
    ["search index catching up (BM25)", indexed],
  ];
  for (const [step, measured] of steps)
    if (measured) console.log(tableRow(step, measured, step.startsWith("mnemo")));
  console.log(JSON.stringify(figures));
} finally {
  await database?.stop();
  await rm(root, { recursive: true, force: true });
}

function summary(measured: Measured<unknown>) {
  return {
    seconds: round(measured.seconds),
    cpuSeconds: round(measured.cpuSeconds),
    perSecond: Math.round(count / measured.seconds),
    loadAverage: round(measured.load),
  };
}

function tableRow(step: string, measured: Measured<unknown>, childProcess: boolean): string {
  const cpu = childProcess ? "" : `${Math.round(measured.cpuSeconds)} s`;
  const rate = `${Math.round(count / measured.seconds).toLocaleString("en")} memories/s`;
  return `| ${step} | ${Math.round(measured.seconds)} s | ${cpu} | ${rate} | ${round(measured.load)} |`;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
