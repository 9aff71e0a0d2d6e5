import { type InterruptedSession, queueInterruptedSessions } from "../../engine/sessions/open-sessions.js";
import { type PendingRetryReport, retryPendingExtractions } from "./pending-extractions.js";
import { type ExtractionRunOptions, makeRun } from "./run-extraction.js";

/**
 * What a session learns from the sessions before it: the conversations of sessions killed before
 * they ended are queued in .pending/ (engine/sessions/open-sessions.ts), then every queued
 * conversation is extracted with this model (pending-extractions.ts). AgentSession runs it in the
 * background at start; `mnemo doctor --fix` runs it with the configured chat model.
 *
 *     const { interrupted, extracted } = await learnFromEarlierSessions({ memory, model });
 */
export interface EarlierSessionsReport {
  /** Killed sessions found and queued now. */
  interrupted: InterruptedSession[];
  /** Each queued conversation this run extracted, or failed to. */
  extracted: PendingRetryReport[];
}

export async function learnFromEarlierSessions(
  options: ExtractionRunOptions,
): Promise<EarlierSessionsReport> {
  const { memory } = options;
  if (!memory.enabled || !memory.config.extraction.enabled) return { interrupted: [], extracted: [] };
  const interrupted = await queueInterruptedSessions(makeRun(options, "").context);
  return { interrupted, extracted: await retryPendingExtractions(options) };
}
