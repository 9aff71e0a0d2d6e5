/**
 * Bulk writes (issue 15's target: 100,000 memories into an embedded home in at most 2 minutes,
 * embeddings excluded). Measures, on real files in the system's temp folder:
 * - saveMany: N typed memories saved in one call (one transaction) into a new home;
 * - export: that home written out as its Markdown tree;
 * - import: the tree loaded into another new home with importHome (and, with --cli, with the built
 *   `mnemo import` as a user runs it, process start included);
 * - the round trip checked byte for byte (the second home exported again);
 * - the search index catching up with the imported home (BM25 only; not part of the target).
 * Prints a table and one JSON line. The machine's load average is printed too: the figures are
 * wall-clock times on a shared machine.
 *
 *   npm run build && npx tsx bench/bulk/import-100k.ts [--memories 100000] [--cli] [--index] [--postgres]
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  exportHome,
  importHome,
  type MemoryHome,
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

/** Wall-clock seconds, and the CPU seconds this process used meanwhile (all its threads). */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; cpuSeconds: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return {
    result,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

const OPTIONS = { env: {}, config: { search: { embedder: "none" as const } }, onWarning: () => undefined };

function open(home: string) {
  return openMemory({ ...OPTIONS, home });
}

/** Imports the exported tree into `memory`, exports it again into `again` and compares every byte. */
async function importInto(memory: MemoryHome, again: string) {
  const measured = await timed(() => importHome(memory, join(root, "tree")));
  await exportHome(memory, join(root, again));
  const [first, second] = await Promise.all([
    folderBytes(join(root, "tree")),
    folderBytes(join(root, again)),
  ]);
  const identical =
    first.size === second.size &&
    [...first].every(([path, bytes]) => second.get(path)?.equals(bytes) === true);
  await rm(join(root, again), { recursive: true, force: true });
  return { ...measured, identical };
}

const root = await mkdtemp(join(tmpdir(), "mnemo-bulk-"));
const loadBefore = loadavg()[0] as number;
try {
  const source = await open(join(root, "source"));
  const batch = inputs();
  const saved = await timed(() => source.memories.saveMany(batch));
  const exported = await timed(() => exportHome(source, join(root, "tree")));
  await source.close();

  const target = await open(join(root, "target"));
  const imported = await importInto(target, "again");
  const indexed = values.index ? await timed(() => target.syncIndex()) : undefined;
  await target.close();

  const database = values.postgres ? await startTestPostgres() : undefined;
  const intoDatabase = database
    ? await openMemory({ ...OPTIONS, home: join(root, "unused"), store: database.url, homeId: "bench/bulk" })
    : undefined;
  const databaseImport = intoDatabase ? await importInto(intoDatabase, "from-database") : undefined;
  await intoDatabase?.close();
  await database?.stop();

  const cli = values.cli
    ? await timed(async () =>
        spawnSync(process.execPath, [CLI_PATH, "import", join(root, "tree"), "--home", join(root, "cli")], {
          encoding: "utf8",
          env: { ...process.env, MNEMO_EMBEDDER: "none" },
        }),
      )
    : undefined;
  if (cli && cli.result.status !== 0) throw new Error(`mnemo import failed: ${cli.result.stderr}`);

  const rate = (seconds: number) => Math.round(count / seconds);
  const figures = {
    memories: count,
    files: exported.result.files,
    bytes: exported.result.bytes,
    saveManySeconds: round(saved.seconds),
    saveManyPerSecond: rate(saved.seconds),
    saveManyCpuSeconds: round(saved.cpuSeconds),
    exportSeconds: round(exported.seconds),
    importSeconds: round(imported.seconds),
    importPerSecond: rate(imported.seconds),
    importCpuSeconds: round(imported.cpuSeconds),
    cliImportSeconds: cli ? round(cli.seconds) : null,
    roundTripIdentical: imported.identical,
    postgresImportSeconds: databaseImport ? round(databaseImport.seconds) : null,
    postgresRoundTripIdentical: databaseImport?.identical ?? null,
    indexCatchUpSeconds: indexed ? round(indexed.seconds) : null,
    indexedDocuments: indexed?.result ?? null,
    loadAverage: { before: round(loadBefore), after: round(loadavg()[0] as number) },
    cores: (await import("node:os")).cpus().length,
  };
  const row = (step: string, measured: { seconds: number; cpuSeconds: number }): string[] => [
    step,
    `${round(measured.seconds)} s`,
    `${round(measured.cpuSeconds)} s`,
    `${rate(measured.seconds)} memories/s`,
  ];
  const rows = [row("saveMany", saved), row("export", exported), row("import (library)", imported)];
  // The CLI runs in a child process: its CPU time is not this process's.
  if (cli)
    rows.push(["import (mnemo CLI)", `${figures.cliImportSeconds} s`, "", `${rate(cli.seconds)} memories/s`]);
  if (databaseImport) rows.push(row("import into PostgreSQL", databaseImport));
  if (indexed)
    rows.push([...row("index catch-up (BM25)", indexed).slice(0, 3), `${indexed.result} documents`]);
  console.log(
    `${count} memories (${exported.result.files} files, ${exported.result.bytes} bytes); round trip identical: ${imported.identical}`,
  );
  console.log(
    `load average ${figures.loadAverage.before} -> ${figures.loadAverage.after} on ${figures.cores} cores`,
  );
  console.log("| step | time | CPU time | rate |\n| --- | --- | --- | --- |");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log(JSON.stringify(figures));
} finally {
  await rm(root, { recursive: true, force: true });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
