/**
 * The consolidation bench's scorer: runs each written save sequence (save-sequences.ts) in a fresh
 * home holding the background memories, through the library (`openMemory`, `memory.memories.save`),
 * and compares what the last save did with what it should have done; then recalls each "as of"
 * question at each date and checks that the best memory hit is the version that held then.
 *
 * With `model`, consolidation.decider is "llm" against that OpenAI-compatible endpoint.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openMemory, type SavedMemory } from "../../src/index.js";
import { BACKGROUND_MEMORIES } from "./background-memories.js";
import { type BenchSave, SAVE_SEQUENCES, type SaveSequence, type SequenceGroup } from "./save-sequences.js";

export interface SequenceResult {
  id: string;
  group: SequenceGroup;
  expected: SaveSequence["expect"];
  /** What the last save did, and the memory it left or updated. */
  action: SavedMemory["action"];
  memory: string;
  possibleConflicts: string[];
  correct: boolean;
  decidedBy: SavedMemory["decidedBy"];
  asOf: Array<{ date: string; holds: string; found: string | undefined; correct: boolean }>;
}

export interface RunOptions {
  /** An OpenAI-compatible endpoint: the model decides (consolidation.decider "llm"). */
  model?: { baseUrl: string; name: string };
  /** Called before each save, with the sequence and whether the save is its last. */
  onSave?: (sequence: SaveSequence, last: boolean) => void;
  sequences?: readonly SaveSequence[];
}

export async function runSequences(options: RunOptions = {}): Promise<SequenceResult[]> {
  const results: SequenceResult[] = [];
  for (const sequence of options.sequences ?? SAVE_SEQUENCES)
    results.push(await runSequence(sequence, options));
  return results;
}

async function runSequence(sequence: SaveSequence, options: RunOptions): Promise<SequenceResult> {
  const home = await mkdtemp(join(tmpdir(), "mnemo-consolidation-"));
  let clock = dayAt(BACKGROUND_MEMORIES[0]?.at ?? "2025-01-01");
  const memory = await openMemory({
    home,
    now: () => clock,
    onWarning: () => {},
    env: {},
    config: {
      search: { embedder: "none" },
      ...(options.model && {
        llm: { baseUrl: options.model.baseUrl, model: options.model.name, maxRetries: 0 },
        consolidation: { decider: "llm" },
      }),
    },
  });
  try {
    await memory.memories.saveMany(BACKGROUND_MEMORIES.map(input), { consolidate: false });
    let last: SavedMemory | undefined;
    for (const [position, save] of sequence.saves.entries()) {
      clock = dayAt(save.at);
      options.onSave?.(sequence, position === sequence.saves.length - 1);
      last = await memory.memories.save(input(save));
    }
    const saved = last as SavedMemory;
    const asOf = [];
    for (const check of sequence.asOf?.checks ?? []) {
      const { hits } = await memory.recall(sequence.asOf?.question ?? "", {
        asOf: check.date,
        kind: "memory",
        limit: 3,
      });
      const found = hits[0]?.text;
      asOf.push({ ...check, found, correct: found?.includes(check.holds) ?? false });
    }
    const { expect } = sequence;
    return {
      id: sequence.id,
      group: sequence.group,
      expected: expect,
      action: saved.action,
      memory: saved.name,
      possibleConflicts: saved.possibleConflicts.map((each) => each.name),
      correct:
        saved.action === expect.action && (expect.memory === undefined || saved.name === expect.memory),
      decidedBy: saved.decidedBy,
      asOf,
    };
  } finally {
    await memory.close();
    await rm(home, { recursive: true, force: true });
  }
}

function input(save: BenchSave) {
  const { type, name, content, description } = save;
  return { type, name, content, ...(description === undefined ? {} : { description }) };
}

/** Noon of that local day: the saves of one day keep their order. */
function dayAt(day: string): Date {
  return new Date(`${day}T12:00:00`);
}

export interface Figures {
  /** Exact and near duplicates that ended `unchanged` on the right memory. */
  duplicatesUnchanged: Ratio;
  paraphrasesUnchanged: Ratio;
  refinementsUpdated: Ratio;
  contradictionsUpdated: Ratio;
  /** Unrelated saves that were not simply added (unchanged, or updating a memory). */
  unrelatedTouched: Ratio;
  /** Unrelated saves added with a possible conflict named. */
  unrelatedFlagged: Ratio;
  asOfCorrect: Ratio;
}

export interface Ratio {
  count: number;
  of: number;
  share: number;
}

export function figuresOf(results: readonly SequenceResult[]): Figures {
  const inGroups = (...groups: SequenceGroup[]) => results.filter((result) => groups.includes(result.group));
  const unrelated = inGroups("unrelated");
  const checks = results.flatMap((result) => result.asOf);
  return {
    duplicatesUnchanged: ratio(inGroups("exact", "near"), (each) => each.correct),
    paraphrasesUnchanged: ratio(inGroups("paraphrase"), (each) => each.correct),
    refinementsUpdated: ratio(inGroups("refinement"), (each) => each.correct),
    contradictionsUpdated: ratio(inGroups("contradiction"), (each) => each.correct),
    unrelatedTouched: ratio(unrelated, (each) => each.action !== "added"),
    unrelatedFlagged: ratio(
      unrelated,
      (each) => each.action === "added" && each.possibleConflicts.length > 0,
    ),
    asOfCorrect: ratio(checks, (each) => each.correct),
  };
}

function ratio<T>(items: readonly T[], counted: (item: T) => boolean): Ratio {
  const count = items.filter(counted).length;
  return { count, of: items.length, share: items.length === 0 ? 0 : count / items.length };
}
