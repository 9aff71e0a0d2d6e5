import type { MemoryHome } from "../../engine/memory-home.js";
import type { Scope } from "../../engine/scopes/scope-names.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import type { MemoryCandidate } from "./extraction-candidates.js";

/**
 * Where end-of-session extraction reads and writes on a stack (docs/scopes.md). It reads every
 * layer: the related memories shown to the model come from each, labelled by scope. It writes each
 * typed memory in the layer of its type, as memory_save routes it (project and reference: the
 * project's home; user and feedback: the user's); on one home, in that home. The session's own home
 * comes first and always (its journal entries and daily summary are written there); another layer
 * only when a memory goes to it.
 */
export interface ExtractionLayer {
  memory: MemoryHome;
  /** The layer's scope; undefined on one home, where there is nothing to label. */
  scope: Scope | undefined;
}

export interface LayerBatch {
  memory: MemoryHome;
  candidates: MemoryCandidate[];
}

/** The session's home first (as the layer it is a handle on), then the stack's other layers, nearest first. */
export function extractionLayers(memory: MemoryHome, scopes: ScopeStack | undefined): ExtractionLayer[] {
  if (scopes === undefined) return [{ memory, scope: undefined }];
  const own = scopes.layers.find((layer) => layer.memory.home === memory.home);
  const others = scopes.layers.filter((layer) => layer !== own);
  return [
    { memory, scope: own?.scope },
    ...others.map((layer) => ({ memory: layer.memory, scope: layer.scope })),
  ];
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
