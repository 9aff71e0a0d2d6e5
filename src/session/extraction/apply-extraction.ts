import { archiveOldDailies } from "../../engine/daily/daily-log.js";
import { redactSecrets } from "../../engine/guard/scan-secrets.js";
import type { HomeContext } from "../../engine/home/home-context.js";
import { deleteMemory } from "../../engine/memdir/memdir.js";
import { memoryNameKey } from "../../engine/memdir/memory-name.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { Scope } from "../../engine/scopes/scope-names.js";
import { MnemoError } from "../../errors.js";
import { archivePathFor } from "../../rules/home-layout.js";
import { formatSummaryLine, SESSIONS_SECTION, summariesIn } from "./daily-summary.js";
import { labelOf, type MemoryCandidate, type SkippedItem } from "./extraction-candidates.js";
import {
  duplicateReason,
  type EntryDecision,
  type MemoryDecision,
  type Reconciliation,
} from "./reconcile.js";
import type { SupersededElsewhere } from "./superseded-elsewhere.js";

/** What one extraction did: every candidate is written, skipped with a reason, or refused with one. */
export interface ExtractionReport {
  /** False when no model call was made (memory or extraction disabled, nothing was said). */
  called: boolean;
  written: WrittenItem[];
  skipped: SkippedItem[];
  superseded: SupersededMemory[];
  summaryAppended: boolean;
  /** Changes made on the way in: a category mapped to general, a description cut. */
  notes: string[];
  /** The queued conversation (.pending/<sessionId>.json) when the extraction failed. */
  pending?: string;
  error?: string;
}

export interface WrittenItem {
  kind: "memory" | "entry";
  /** The memory's name, or the start of the entry. */
  label: string;
  path: string;
}

export interface SupersededMemory {
  name: string;
  /** Where the old memory was. */
  path: string;
  /** The memory that replaces it. */
  by: string;
  /** Where its text went. */
  archive: string;
  /** On a stack, the layer it was kept in when that is not the new memory's: both paths are in its home. */
  scope?: Scope;
}

export function emptyReport(): ExtractionReport {
  return { called: false, written: [], skipped: [], superseded: [], summaryAppended: false, notes: [] };
}

export interface ApplyExtractionOptions {
  memory: MemoryHome;
  context: HomeContext;
  sessionId: string;
  modelId: string;
  reconciliation: Reconciliation;
  /** On a stack, what a written memory supersedes in another layer (superseded-elsewhere.ts). */
  elsewhere?: ReadonlyMap<MemoryCandidate, SupersededElsewhere>;
  summary: string;
}

/**
 * Writes the reconciled extraction: memories with provenance, journal entries, the summary line in
 * today's log, then archives old daily logs. A candidate the engine refuses (a bad name, too large)
 * is reported as skipped; any other failure is thrown, and the caller keeps the conversation.
 */
export async function applyExtraction(
  options: ApplyExtractionOptions,
  report: ExtractionReport,
): Promise<void> {
  await writeMemories(options, report);
  for (const decision of options.reconciliation.entries) await writeEntry(options, decision, report);
  await appendSummary(options, report);
  if (!report.summaryAppended)
    await options.memory.store.transaction((writer) => archiveOldDailies(options.context, writer));
}

/**
 * Writes the reconciled memories alone, with provenance, in `options.memory`: on a stack, each layer's
 * share of the extraction (memories-by-layer.ts); applyExtraction writes the session home's this way.
 */
export async function writeMemories(
  options: Omit<ApplyExtractionOptions, "summary">,
  report: ExtractionReport,
): Promise<void> {
  report.notes.push(...options.reconciliation.notes);
  // Where this batch saved each memory, by name key: a later candidate may supersede it.
  const savedPaths = new Map<string, string>();
  for (const decision of options.reconciliation.memories)
    await writeMemory(options, decision, report, savedPaths);
}

async function writeMemory(
  options: Omit<ApplyExtractionOptions, "summary">,
  decision: MemoryDecision,
  report: ExtractionReport,
  savedPaths: Map<string, string>,
) {
  const { candidate } = decision;
  if (decision.action === "skip") {
    report.skipped.push({ kind: "memory", label: candidate.name, reason: decision.reason });
    return;
  }
  const frontmatter: Record<string, string> = {
    source_session: options.sessionId,
    source_model: options.modelId,
  };
  const elsewhere = options.elsewhere?.get(candidate);
  const superseded = decision.replaces.map((old) => archivePathFor(old.path));
  // Another layer's archive, named with its scope: the path alone would be read as this home's.
  if (elsewhere) superseded.push(`${elsewhere.scope}:${archivePathFor(elsewhere.memory.path)}`);
  if (superseded.length > 0) frontmatter.supersedes = superseded.join(", ");
  const saved = await refusable(report, "memory", candidate.name, () =>
    options.memory.memories.save({
      type: candidate.type,
      name: candidate.name,
      description: candidate.description,
      content: candidate.body,
      frontmatter,
      replaceReason: `superseded in session ${options.sessionId}`,
      redactSecrets: true,
      // Reconciled already (reconcile.ts), against more of the home than a save reads.
      consolidate: false,
    }),
  );
  if (!saved) return;
  savedPaths.set(memoryNameKey(saved.name), saved.path);
  report.written.push({ kind: "memory", label: saved.name, path: saved.path });
  const reason = `superseded by ${saved.path} (session ${options.sessionId})`;
  noteRedaction(report, `memory "${saved.name}"`, saved.redactedSecrets);
  for (const old of decision.replaces) {
    const path = savedPaths.get(memoryNameKey(old.name)) ?? old.path;
    // Same name (any type): the save itself archived it. Another name: archived here, by its file.
    if (memoryNameKey(old.name) !== memoryNameKey(candidate.name))
      await deleteMemory(options.context, path, { reason }).catch(ignoreNotFound);
    report.superseded.push({ name: old.name, path, by: saved.path, archive: archivePathFor(path) });
  }
  if (elsewhere) await archiveElsewhere(elsewhere, { by: saved.path, reason }, report);
}

/** Archives, in its own layer's home, the memory of another layer that a written memory supersedes. */
async function archiveElsewhere(
  elsewhere: SupersededElsewhere,
  written: { by: string; reason: string },
  report: ExtractionReport,
): Promise<void> {
  const { memory, scope, context } = elsewhere;
  await deleteMemory(context, memory.path, { reason: written.reason }).catch(ignoreNotFound);
  report.superseded.push({
    name: memory.name,
    path: memory.path,
    by: written.by,
    archive: archivePathFor(memory.path),
    scope,
  });
}

async function writeEntry(
  options: ApplyExtractionOptions,
  decision: EntryDecision,
  report: ExtractionReport,
) {
  const label = labelOf(decision.candidate.text);
  if (decision.action === "skip") {
    report.skipped.push({ kind: "entry", label, reason: decision.reason });
    return;
  }
  const { category, text } = decision.candidate;
  const added = await refusable(report, "entry", label, () =>
    options.memory.journal.add(category, text, {
      redactSecrets: true,
      source: `session ${options.sessionId}`,
    }),
  );
  if (!added) return;
  report.written.push({ kind: "entry", label: labelOf(added.entry.content), path: added.path });
  noteRedaction(report, `the ${category} entry`, added.redactedSecrets);
}

async function appendSummary(options: ApplyExtractionOptions, report: ExtractionReport) {
  const { summary, memory } = options;
  if (summary === "") return;
  const today = await memory.profile.read("daily");
  const threshold = memory.config.extraction.duplicateSimilarity;
  const duplicate = duplicateReason(summary, summariesIn(today.text), threshold);
  if (duplicate) {
    report.skipped.push({ kind: "summary", label: labelOf(summary), reason: duplicate });
    return;
  }
  const line = formatSummaryLine(options.context.now(), summary);
  const change = await refusable(report, "summary", labelOf(summary), () =>
    memory.profile.add("daily", SESSIONS_SECTION, line, { redactSecrets: true }),
  );
  report.summaryAppended = change !== undefined;
  noteRedaction(report, "the session summary", change?.redactedSecrets ?? []);
  if (change?.editedSectionTrimmed)
    report.notes.push(
      `today's log is over its budget; the oldest summaries were moved to ${change.archived[0]?.path}`,
    );
}

/** Extraction never refuses a credential the conversation held: it is stored redacted, and said so. */
function noteRedaction(report: ExtractionReport, what: string, kinds: string[]): void {
  if (kinds.length > 0) report.notes.push(`redacted ${kinds.join(", ")} in ${what} before writing it`);
}

const SKIPPED_CODES: readonly string[] = ["INVALID_INPUT", "TOO_LARGE", "SECRET_DETECTED"];

/** Runs a write; a refusal the caller could correct (bad name, too large) becomes a skipped item. */
async function refusable<T>(
  report: ExtractionReport,
  kind: SkippedItem["kind"],
  label: string,
  write: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    // SECRET_DETECTED despite redaction: the candidate's name holds a credential (a name is never
    // redacted). That one is skipped, its label redacted, and the rest of the session is kept.
    if (!MnemoError.isInstance(error) || !SKIPPED_CODES.includes(error.code)) throw error;
    report.skipped.push({ kind, label: redactSecrets(label).text, reason: error.message });
    return undefined;
  }
}

function ignoreNotFound(error: unknown): undefined {
  if (MnemoError.isInstance(error) && error.code === "NOT_FOUND") return undefined;
  throw error;
}
