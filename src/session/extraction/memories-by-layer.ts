import type { MemoryHome } from "../../engine/memory-home.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import type { MemoryCandidate } from "./extraction-candidates.js";

/**
 * Where end-of-session extraction writes each typed memory (docs/scopes.md): on a stack, in the
 * layer of its type, as memory_save routes it (project and reference: the project's home; user and
 * feedback: the user's); on one home, in that home. The session's own home comes first and always
 * (its journal entries and daily summary are written there); another layer only when a memory goes to it.
 */
export interface LayerBatch {
  memory: MemoryHome;
  candidates: MemoryCandidate[];
}

export function memoriesByLayer(
  memory: MemoryHome,
  scopes: ScopeStack | undefined,
  candidates: readonly MemoryCandidate[],
): LayerBatch[] {
  const batches: LayerBatch[] = [{ memory, candidates: [] }];
  for (const candidate of candidates) {
    const routed = scopes?.route({ type: candidate.type }).memory ?? memory;
    // The session's home may be another handle on the user layer (a writingAs view): the same home.
    const home = routed.home === memory.home ? memory : routed;
    let batch = batches.find((each) => each.memory === home);
    if (batch === undefined) {
      batch = { memory: home, candidates: [] };
      batches.push(batch);
    }
    batch.candidates.push(candidate);
  }
  return batches;
}
