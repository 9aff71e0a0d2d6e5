/**
 * CPU time of a typed-memory save in a home of 2,000 memories (issue 30's target: ≤ 15 ms with
 * consolidation on), with consolidation on and off, measured with process.cpuUsage (user + system
 * time of this process, so the file system's work is counted, and waiting is not).
 *
 * The home holds 2,000 generated memories of the four types (a seeded mix of subjects, people,
 * places, times and versions); the saves measured are the bench's judged saves, each made once.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openMemory, type SaveMemoryInput } from "../../src/index.js";
import { SAVE_SEQUENCES } from "./save-sequences.js";

const TYPES = ["user", "feedback", "project", "reference"] as const;
const SUBJECTS = (
  "deploy release standup review budget invoice backup database cache queue dashboard runbook " +
  "onboarding interview roadmap sprint retro incident alert certificate domain mailbox printer " +
  "laptop keyboard monitor garden recipe holiday flight hotel gym dentist school piano bicycle"
).split(" ");
const VERBS = "is owned by|moves to|happens on|is kept in|is reviewed by|runs at|costs|was renamed to".split(
  "|",
);
const VALUES = (
  "Nadia Priya Tomás Laura Kim Rotterdam Porto Lisbon Berlin Grafana Vault Linear Sentry Kafka " +
  "Postgres Redis Monday Tuesday Wednesday Thursday Friday 9:30 10:00 14:00 v2.3 v3.1 42 EUR"
).split(" ");

/** A seeded generator: the same home on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export function generatedMemories(count: number): SaveMemoryInput[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: count }, (_, index) => {
    const subject = pick(SUBJECTS);
    const other = pick(SUBJECTS);
    return {
      type: TYPES[index % TYPES.length] as SaveMemoryInput["type"],
      name: `${subject} ${other} ${index}`,
      content: `The ${subject} of the ${other} ${pick(VERBS)} ${pick(VALUES)}; see ${pick(VALUES)} (${index}).`,
    };
  });
}

const ROUNDS = 2;

export interface SaveCpu {
  memories: number;
  saves: number;
  consolidatedMs: number;
  plainMs: number;
}

export async function measureSaveCpu(memories = 2000): Promise<SaveCpu> {
  const saves = SAVE_SEQUENCES.map((sequence) => sequence.saves.at(-1)).filter((save) => save !== undefined);
  const perSave = async (consolidate: boolean): Promise<number> => {
    const home = await mkdtemp(join(tmpdir(), "mnemo-save-cpu-"));
    const memory = await openMemory({
      home,
      env: {},
      onWarning: () => {},
      config: { search: { embedder: "none" } },
    });
    try {
      await memory.memories.saveMany(generatedMemories(memories), { consolidate: false });
      const started = process.cpuUsage();
      for (const { type, name, content } of saves)
        await memory.memories.save({ type, name, content, consolidate });
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000 / saves.length;
    } finally {
      await memory.close();
      await rm(home, { recursive: true, force: true });
    }
  };
  // Alternated, and the least of each kept: other processes on the machine slow a run's CPU too.
  const plain: number[] = [];
  const consolidated: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    plain.push(await perSave(false));
    consolidated.push(await perSave(true));
  }
  return {
    memories,
    saves: saves.length,
    consolidatedMs: Math.min(...consolidated),
    plainMs: Math.min(...plain),
  };
}

export interface BatchCpu {
  /** Memories in the home before the batch. */
  memories: number;
  items: number;
  consolidatedMs: number;
  plainMs: number;
}

/** CPU of one saveMany of `items` new memories into a home of `memories`, consolidated and not. */
export async function measureBatchCpu(memories: number, items = 500): Promise<BatchCpu> {
  const batch = generatedMemories(memories + items).slice(memories);
  const once = async (consolidate: boolean): Promise<number> => {
    const home = await mkdtemp(join(tmpdir(), "mnemo-batch-cpu-"));
    const memory = await openMemory({
      home,
      env: {},
      onWarning: () => {},
      config: { search: { embedder: "none" } },
    });
    try {
      if (memories > 0) await memory.memories.saveMany(generatedMemories(memories), { consolidate: false });
      const started = process.cpuUsage();
      await memory.memories.saveMany(batch, { consolidate });
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    } finally {
      await memory.close();
      await rm(home, { recursive: true, force: true });
    }
  };
  const plain: number[] = [];
  const consolidated: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    plain.push(await once(false));
    consolidated.push(await once(true));
  }
  return { memories, items, consolidatedMs: Math.min(...consolidated), plainMs: Math.min(...plain) };
}
