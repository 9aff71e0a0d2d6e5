import type { HomeContext } from "../../engine/home/home-context.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { Scope } from "../../engine/scopes/scope-names.js";
import { findMemoriesNamed } from "./existing-memory.js";
import type { MemoryCandidate } from "./extraction-candidates.js";
import type { ExtractionLayer } from "./memories-by-layer.js";
import { type ExistingMemory, namesMemory } from "./reconcile.js";

/**
 * On a stack, an extracted memory may supersede a memory kept in another layer than its own: a
 * project fact saved in the user's home before the repository had a `.mnemo/`, now corrected and
 * written to the project's layer. When the candidate's own layer holds no memory of the name in
 * `supersedes`, the other layers are looked in (the related memories read before the call, then
 * the files of that name), in the order of `others`; the first found is archived in its own home
 * once the new memory is written (apply-extraction.ts), never deleted.
 */
export interface SupersededElsewhere {
  /** The memory to archive, its path relative to its own home. */
  memory: ExistingMemory;
  /** Its layer. */
  scope: Scope | undefined;
  /** Its layer's home, where it is archived. */
  context: HomeContext;
}

export interface OtherLayer {
  layer: ExtractionLayer;
  /** The related memories read in that layer before the call. */
  related: ExistingMemory[];
  context: HomeContext;
}

export interface CandidatesWithElsewhere {
  /** The candidates to reconcile in their own layer: one superseding elsewhere names nothing there. */
  candidates: MemoryCandidate[];
  /** What each of those candidates supersedes in another layer. */
  elsewhere: Map<MemoryCandidate, SupersededElsewhere>;
}

export async function findSupersededElsewhere(options: {
  candidates: MemoryCandidate[];
  /** The memories known in the candidates' own layer. */
  known: ExistingMemory[];
  others: OtherLayer[];
  warn: (message: string) => void;
}): Promise<CandidatesWithElsewhere> {
  const elsewhere = new Map<MemoryCandidate, SupersededElsewhere>();
  const candidates: MemoryCandidate[] = [];
  for (const candidate of options.candidates) {
    const found = await findElsewhere(candidate.supersedes, options);
    if (found === undefined) {
      candidates.push(candidate);
      continue;
    }
    // Reconciled in its own layer as a new memory: what it replaces is in another home.
    const own = { ...candidate, supersedes: undefined };
    candidates.push(own);
    elsewhere.set(own, found);
  }
  return { candidates, elsewhere };
}

async function findElsewhere(
  target: string | undefined,
  options: { known: ExistingMemory[]; others: OtherLayer[]; warn: (message: string) => void },
): Promise<SupersededElsewhere | undefined> {
  if (target === undefined || options.known.some((memory) => namesMemory(target, memory))) return undefined;
  for (const { layer, related, context } of options.others) {
    const named = await findMemoriesNamed(layer.memory, [target], options.warn);
    const memory = [...related, ...named].find((each) => namesMemory(target, each));
    if (memory !== undefined) return { memory, scope: layer.scope, context };
  }
  return undefined;
}

/** The context of a layer's home for writes there: the run's clock and warnings, the layer's store and settings. */
export function layerContext(run: HomeContext, memory: MemoryHome): HomeContext {
  return { ...run, store: memory.store, config: memory.config };
}
