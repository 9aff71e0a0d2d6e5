import type { HomeContext } from "../../engine/home/home-context.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import { applyExtraction, type ExtractionReport, writeMemories } from "./apply-extraction.js";
import { findMemoriesLike, readJournalEntries, uniqueByPath } from "./existing-memory.js";
import { type MemoryCandidate, prepareCandidates } from "./extraction-candidates.js";
import type { ExtractionAnswer } from "./extraction-schema.js";
import { type ExtractionLayer, type LayerBatch, memoriesByLayer } from "./memories-by-layer.js";
import { type ExistingMemory, reconcile } from "./reconcile.js";
import { findSupersededElsewhere, layerContext } from "./superseded-elsewhere.js";

/**
 * The model's answer written: each typed memory in its layer (memories-by-layer.ts), reconciled
 * against the memories of that layer (the related ones read before the call, and those like it or
 * named by it), a `supersedes` naming a memory of another layer followed there
 * (superseded-elsewhere.ts); the journal entries and the summary in the session's home, last.
 */
/** What of an extraction run (run-extraction.ts) the writes need. */
export interface ExtractionWrite {
  memory: MemoryHome;
  model: { id: string };
  sessionId: string;
  signal: AbortSignal | undefined;
  context: HomeContext;
  scopes: ScopeStack | undefined;
}

export interface LayersRead {
  /** Each layer, the session's home first. */
  layers: ExtractionLayer[];
  /** The related memories read in each layer before the call, in the same order. */
  related: ExistingMemory[][];
}

export async function reconcileAndWrite(
  run: ExtractionWrite,
  read: LayersRead,
  answer: ExtractionAnswer,
  report: ExtractionReport,
): Promise<void> {
  const { memory } = run;
  const candidates = prepareCandidates(answer, memory.config.categories);
  report.skipped.push(...candidates.refused);
  report.notes.push(...candidates.notes);
  const [own, ...otherLayers] = memoriesByLayer(memory, run.scopes, candidates.memories) as [
    LayerBatch,
    ...LayerBatch[],
  ];
  for (const layer of otherLayers) await writeToLayer(run, read, layer, report);
  const prepared = await prepareBatch(run, read, own);
  const reconciliation = reconcile({
    memories: prepared.candidates,
    entries: candidates.entries,
    existingMemories: prepared.known,
    existingEntries: await readJournalEntries(memory),
    duplicateSimilarity: memory.config.extraction.duplicateSimilarity,
  });
  await applyExtraction(
    {
      memory,
      context: run.context,
      sessionId: run.sessionId,
      modelId: run.model.id,
      reconciliation,
      elsewhere: prepared.elsewhere,
      summary: candidates.summary,
    },
    report,
  );
}

/** A stack's other layer: its memories reconciled against that layer's, and written there. */
async function writeToLayer(
  run: ExtractionWrite,
  read: LayersRead,
  layer: LayerBatch,
  report: ExtractionReport,
): Promise<void> {
  const { memory } = layer;
  const prepared = await prepareBatch(run, read, layer);
  const reconciliation = reconcile({
    memories: prepared.candidates,
    entries: [],
    existingMemories: prepared.known,
    existingEntries: [],
    duplicateSimilarity: memory.config.extraction.duplicateSimilarity,
  });
  await writeMemories(
    {
      memory,
      context: layerContext(run.context, memory),
      sessionId: run.sessionId,
      modelId: run.model.id,
      reconciliation,
      elsewhere: prepared.elsewhere,
    },
    report,
  );
}

/** A batch's known memories in its layer, and what its candidates supersede in the other layers. */
async function prepareBatch(run: ExtractionWrite, read: LayersRead, batch: LayerBatch) {
  const known = uniqueByPath([
    ...relatedIn(read, batch.memory),
    ...(await memoriesLike(run, batch.memory, batch.candidates)),
  ]);
  const others = read.layers
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the own layer's memories of that name are in `known` already, so looking there again finds nothing new.
    .filter((layer) => layer.memory !== batch.memory)
    .map((layer) => ({
      layer,
      related: relatedIn(read, layer.memory),
      context: layerContext(run.context, layer.memory),
    }));
  const found = await findSupersededElsewhere({
    candidates: batch.candidates,
    known,
    others,
    warn: run.context.warn,
  });
  return { known, ...found };
}

/** The related memories read in the layer of `memory` before the call (every batch's layer was read). */
function relatedIn(read: LayersRead, memory: MemoryHome): ExistingMemory[] {
  return read.related[read.layers.findIndex((layer) => layer.memory === memory)] as ExistingMemory[];
}

function memoriesLike(
  run: ExtractionWrite,
  memory: MemoryHome,
  candidates: MemoryCandidate[],
): Promise<ExistingMemory[]> {
  // Stryker disable next-line ObjectLiteral: warn is called only when a layer's search fails, signal only aborts it.
  return findMemoriesLike(memory, candidates, { signal: run.signal, warn: run.context.warn });
}
