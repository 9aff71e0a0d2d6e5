import type { ChatMessage } from "../../contracts/chat-model.js";
import { queuePendingExtraction, validateSessionId } from "../../engine/sessions/pending-queue.js";
import { errorMessage } from "../../errors.js";
import { type ExtractionReport, emptyReport } from "./apply-extraction.js";
import { hasConversationText } from "./render-transcript.js";
import { type ExtractionRunOptions, makeRun, runExtraction } from "./run-extraction.js";

/**
 * Session end (seeds 000 and 002): one model call extracts typed memories, journal entries and a
 * summary; they are reconciled against what exists and written; the summary goes to today's log and
 * old logs are archived. An empty conversation makes no call. A failed call or an unusable answer
 * never throws: it is reported, and the conversation is queued in .pending/ for
 * retryPendingExtractions, so nothing said is lost.
 *
 *     const report = await extractSession({ memory, model, transcript: messages, sessionId });
 *     if (report.pending) console.error(`kept for later: ${report.pending}`);
 */
export interface ExtractSessionOptions extends ExtractionRunOptions {
  transcript: ChatMessage[];
  /** Names the queued file and is written into each memory's frontmatter (`source_session`). */
  sessionId: string;
}

export type {
  ExtractionReport,
  SupersededMemory,
  WrittenItem,
} from "./apply-extraction.js";
export type { SkippedItem } from "./extraction-candidates.js";

export async function extractSession(options: ExtractSessionOptions): Promise<ExtractionReport> {
  const report = emptyReport();
  const { memory, transcript } = options;
  if (!memory.enabled || !memory.config.extraction.enabled) return report;
  const sessionId = validateSessionId(options.sessionId);
  if (!hasConversationText(transcript)) return report;
  const run = makeRun(options, sessionId);
  const failure = await runExtraction(run, transcript, report);
  if (failure === undefined) return report;
  report.error = failure;
  run.context.warn(`extraction of session ${sessionId} failed: ${failure}`);
  try {
    report.pending = await queuePendingExtraction(memory.store, {
      sessionId,
      transcript,
      error: failure,
      now: run.context.now(),
    });
    run.context.warn(`the conversation was kept in ${memory.store.locate(report.pending)} for a later retry`);
  } catch (error) {
    report.error = `${failure}; keeping the conversation in .pending/ failed too: ${errorMessage(error)}`;
    run.context.warn(`keeping the conversation of session ${sessionId} failed: ${errorMessage(error)}`);
  }
  return report;
}
