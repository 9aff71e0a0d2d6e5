/**
 * Many typed memories saved in one transaction with consolidation (saveMany, POST
 * /v1/memories/batch): each item is compared with what the home holds and with the batch's earlier
 * items, by the deterministic rules only (a batch asks no model), and answers `added`, `unchanged`
 * or `updated` as a single save would. MEMORY.md is read once and rewritten once, and memories/ is
 * listed once, so the cost grows with the batch, not with the batch times the home. Items whose
 * `consolidate` is false are saved as given, as in saveMemories.
 */
import { MEMORIES_DIR, MEMORY_PATH } from "../../rules/home-layout.js";
import type { HomeContext } from "../home/home-context.js";
import { updateIndex, writeMemory } from "../memdir/memdir.js";
import { type IndexLine, removeIndexLines, upsertIndexLines } from "../memdir/memory-index.js";
import { findNamedFilesIn, MemoryFolder } from "../memdir/memory-lookup.js";
import { parseMemoryFileName } from "../memdir/memory-name.js";
import type { PreparedSave } from "../memdir/prepare-save.js";
import { replaceableMemories } from "../memdir/replaceable-memories.js";
import { prepareBatch, saveMemories } from "../memdir/save-memories.js";
import type { SavedMemory, SaveMemoryInput } from "../memdir/save-types.js";
import { type AppliedDecision, applyDecision } from "./apply-decision.js";
import { CandidateIndex, type CandidateLine } from "./candidate-index.js";
import { readExisting } from "./consolidated-save.js";
import { decideByRules } from "./consolidation-rules.js";
import { candidateLines } from "./memory-index-lines.js";
import { plainTerms } from "./plain-terms.js";

/**
 * saveMany: consolidated unless `consolidate` is false (for every item without its own), or the
 * home's consolidation.enabled is; with no item to consolidate, saved as given (saveMemories).
 */
export async function saveBatch(
  home: HomeContext,
  inputs: SaveMemoryInput[],
  options: { consolidate?: boolean } = {},
): Promise<SavedMemory[]> {
  const enabled = options.consolidate ?? home.config.consolidation.enabled;
  const consolidate = inputs.map((input) => input.consolidate ?? enabled);
  if (!consolidate.includes(true)) return saveMemories(home, inputs);
  const prepared = prepareBatch(home, inputs);
  return saveConsolidatedBatch(
    home,
    prepared.map((each, index) => ({ prepared: each, consolidate: consolidate[index] === true })),
  );
}

async function saveConsolidatedBatch(
  home: HomeContext,
  items: Array<{ prepared: PreparedSave; consolidate: boolean }>,
): Promise<SavedMemory[]> {
  return home.store.transaction(async (writer) => {
    const folder = new MemoryFolder(await writer.list(MEMORIES_DIR));
    // The home's index lines, then each item's as it is written: later items are compared with earlier ones.
    const lines = new Map<string, CandidateLine>();
    for (const line of candidateLines((await writer.read(MEMORY_PATH)) ?? "")) lines.set(line.path, line);
    const index = CandidateIndex.of(lines.values());
    const setLine = (path: string, line: CandidateLine | undefined) => {
      index.remove(lines.get(path));
      if (line === undefined) lines.delete(path);
      else {
        lines.set(path, line);
        index.add(line);
      }
    };
    const limit = home.config.consolidation.candidates;
    const saved: SavedMemory[] = [];
    const entries: IndexLine[] = [];
    const replaced: string[] = [];
    for (const { prepared, consolidate } of items) {
      const named = await findNamedFilesIn(writer, prepared.name, folder);
      let applied: AppliedDecision;
      if (consolidate) {
        const existing = replaceableMemories(
          await readExisting(writer, prepared, named, { limit, index }),
          home,
        );
        applied = await applyDecision(home, writer, {
          prepared,
          named,
          decision: decideByRules(prepared, existing),
          namedFiles: (name) => findNamedFilesIn(writer, name, folder),
        });
      } else {
        const written = await writeMemory(home, writer, prepared, named);
        applied = { saved: written.saved, entry: written.entry, retyped: written.retyped };
      }
      const { entry } = applied;
      if (entry !== undefined) {
        folder.add(entry.path);
        setLine(entry.path, candidateLineOf(entry));
        entries.push(entry);
      }
      for (const other of applied.retyped) {
        folder.remove(other);
        setLine(other, undefined);
      }
      replaced.push(...applied.retyped);
      saved.push(applied.saved);
    }
    // A memory the batch saved and then replaced under another type keeps no line.
    const current = entries.filter((entry) => folder.present.has(entry.path));
    if (current.length > 0 || replaced.length > 0)
      await updateIndex(writer, (body) => upsertIndexLines(removeIndexLines(body, replaced), current));
    return saved;
  });
}

function candidateLineOf(entry: IndexLine): CandidateLine {
  return {
    path: entry.path,
    type: parseMemoryFileName(entry.path)?.type,
    terms: plainTerms(`${entry.title}\n${entry.summary}`),
  };
}
