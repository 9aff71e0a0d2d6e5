import {
  claimPendingExtraction,
  listPendingExtractions,
  type PendingExtraction,
  recordPendingFailure,
  removePendingExtraction,
} from "../../engine/sessions/pending-queue.js";
import { thisProcess } from "../../rules/process-alive.js";
import { type ExtractionReport, emptyReport } from "./apply-extraction.js";
import { hasConversationText } from "./render-transcript.js";
import { type ExtractionRun, type ExtractionRunOptions, makeRun, runExtraction } from "./run-extraction.js";

/**
 * The second chance of session-end extraction: conversations whose extraction failed, and those of
 * sessions killed before they ended, wait in .pending/ (see engine/sessions/pending-queue.ts) until a
 * model answers; the agent retries them at session start, `mnemo doctor --fix` too.
 *
 *     const reports = await retryPendingExtractions({ memory, model });
 */
export interface PendingRetryReport extends ExtractionReport {
  sessionId: string;
  /** The queued file this report is about (removed when the extraction was written). */
  path: string;
}

/**
 * Runs the extractions queued in .pending/, oldest first. Each file is claimed under the home's
 * lock first, so a file another live process is extracting is left to it (two sessions starting
 * at once extract it once). A file is removed only after its extraction was written; one that
 * fails again stays, with its attempt count raised and its claim released.
 */
export async function retryPendingExtractions(options: ExtractionRunOptions): Promise<PendingRetryReport[]> {
  const { memory } = options;
  if (!memory.enabled || !memory.config.extraction.enabled) return [];
  const base = makeRun(options, "");
  const holder = thisProcess();
  const reports: PendingRetryReport[] = [];
  for (const listed of await listPendingExtractions(memory.store, base.context.warn)) {
    if (options.signal?.aborted) break;
    const pending = await claimPendingExtraction(memory.store, listed.path, {
      holder,
      now: base.context.now(),
    });
    if (pending === undefined) continue;
    reports.push(await extractQueued(base, pending));
  }
  return reports;
}

/**
 * Extracts one queued conversation this process has claimed: the file is removed once the
 * extraction was written; on a failure it stays, its attempts counted and its claim released.
 */
export async function extractQueued(
  base: ExtractionRun,
  pending: PendingExtraction,
  options: { retry: boolean } = { retry: true },
): Promise<PendingRetryReport> {
  const report: PendingRetryReport = { ...emptyReport(), sessionId: pending.sessionId, path: pending.path };
  const run = { ...base, sessionId: pending.sessionId };
  const failure = hasConversationText(pending.transcript)
    ? await runExtraction(run, pending.transcript, report)
    : undefined;
  if (failure === undefined) {
    await removePendingExtraction(base.memory.store, pending.path);
    return report;
  }
  report.error = failure;
  report.pending = pending.path;
  base.context.warn(
    options.retry
      ? `retrying the extraction of session ${pending.sessionId} failed again: ${failure}`
      : `the extraction of session ${pending.sessionId} failed: ${failure}; it waits in ${base.memory.store.locate(pending.path)} for a later retry`,
  );
  await recordPendingFailure(base.memory.store, pending.path, failure);
  return report;
}
