import { type ExtractionReport, emptyReport } from "./apply-extraction.js";
import { listPendingExtractions, recordPendingFailure, removePendingExtraction } from "./pending-queue.js";
import { hasConversationText } from "./render-transcript.js";
import { type ExtractionRunOptions, makeRun, runExtraction } from "./run-extraction.js";

/**
 * The second chance of session-end extraction: conversations whose extraction failed wait in
 * .pending/ (see pending-queue.ts) until a model answers; the agent retries them at session start.
 *
 *     const reports = await retryPendingExtractions({ memory, model });
 */
export interface PendingRetryReport extends ExtractionReport {
  sessionId: string;
  /** The queued file this report is about (removed when the extraction was written). */
  path: string;
}

/**
 * Runs the extractions queued in .pending/, oldest first. A file is removed only after its
 * extraction was written; one that fails again stays, with its attempt count raised.
 */
export async function retryPendingExtractions(options: ExtractionRunOptions): Promise<PendingRetryReport[]> {
  const { memory } = options;
  if (!memory.enabled || !memory.config.extraction.enabled) return [];
  const base = makeRun(options, "");
  const reports: PendingRetryReport[] = [];
  for (const pending of await listPendingExtractions(memory.store, base.context.warn)) {
    if (options.signal?.aborted) break;
    const report: PendingRetryReport = { ...emptyReport(), sessionId: pending.sessionId, path: pending.path };
    reports.push(report);
    const run = { ...base, sessionId: pending.sessionId };
    const failure = hasConversationText(pending.transcript)
      ? await runExtraction(run, pending.transcript, report)
      : undefined;
    if (failure === undefined) {
      await removePendingExtraction(memory.store, pending.path);
      continue;
    }
    report.error = failure;
    report.pending = pending.path;
    base.context.warn(`retrying the extraction of session ${pending.sessionId} failed again: ${failure}`);
    await recordPendingFailure(memory.store, pending.path, failure);
  }
  return reports;
}
