import type { ChatModel } from "../../contracts/chat-model.js";
import type { DocumentWriter } from "../../contracts/document-store.js";
import { whenEnabled } from "../../engine/home/when-enabled.js";
import { parsePendingFile } from "../../engine/sessions/pending-file.js";
import { isClaimGone, queuePendingWith, validateSessionId } from "../../engine/sessions/pending-queue.js";
import { MnemoError } from "../../errors.js";
import { thisProcess } from "../../rules/process-alive.js";
import { extractQueued } from "../extraction/pending-extractions.js";
import { hasConversationText } from "../extraction/render-transcript.js";
import { type ExtractionRunOptions, makeRun } from "../extraction/run-extraction.js";
import type { ParsedTranscript, TranscriptMessage } from "./formats/transcript.js";
import { type LearnReport, recordConversation, summarizeExtraction } from "./learn-report.js";
import { type LearnedLedger, ledgerPath, parseLedger, serializeLedger } from "./learned-ledger.js";
import { findNewPart, learnedPoint } from "./learned-range.js";

/**
 * Learns a transcript once: only the part not learned before (a compaction, then the session's
 * end, each learn their own part), and never the same part twice, even with two learns at once.
 *
 * Under the home's lock the ledger (learned-ledger.ts) is read, the new part found
 * (learned-range.ts), queued in .pending/ for extraction and the ledger moved past it, claimed by
 * this process. Then the part is recorded as conversation memory and, with a model, extracted
 * through the same code as a chat session's end; a crash or a failed call leaves it in .pending/,
 * where the next session start (AgentSession, `mnemo chat`) or `mnemo doctor --fix` with a model extracts it.
 * Without a model it waits there. Last, the claim is released.
 *
 *     const report = await learnTranscript({ memory, model, transcript: parsed, sessionId, source });
 */
export interface LearnTranscriptOptions extends Omit<ExtractionRunOptions, "model"> {
  /** The chat model; without one the part is recorded and its extraction queued. */
  model?: ChatModel;
  transcript: ParsedTranscript;
  /** Keys the ledger, names the conversation and the queued extraction. */
  sessionId: string;
  /** Where the transcript was read from (an absolute path), kept in the ledger. */
  source: string;
  /** Find the new part and report it; write nothing. */
  dryRun?: boolean;
}

export type { LearnReport } from "./learn-report.js";

const WAITING = "queued by mnemo learn: waiting for its extraction";

export async function learnTranscript(options: LearnTranscriptOptions): Promise<LearnReport> {
  const { memory, transcript, source } = options;
  const sessionId = validateSessionId(options.sessionId);
  const run = makeRun({ ...options, model: options.model ?? noModel }, sessionId);
  return whenEnabled(run.context, async () => {
    const holder = thisProcess();
    const taken = await memory.store.transaction((writer) =>
      takeNewPart(writer, { ...options, sessionId, holder, at: run.context.now() }),
    );
    const report: LearnReport = {
      status: taken.status,
      sessionId,
      format: transcript.format,
      source,
      messages: transcript.messages.length,
      range: taken.range,
      restarted: taken.restarted,
      heldBy: taken.heldBy,
      recorded: undefined,
      extraction: undefined,
      pending: taken.pending?.path,
    };
    if (taken.part === undefined) return report; // only a learned part has one
    try {
      report.recorded = await recordConversation(memory, sessionId, taken.part);
      if (taken.pending && options.model) {
        // Stryker disable next-line ObjectLiteral: extractQueued reads a missing `retry` as false, the same.
        const extracted = await extractQueued(run, taken.pending, { retry: false });
        report.extraction = summarizeExtraction(extracted, options.model.id);
        if (extracted.error === undefined) report.pending = undefined;
      }
    } finally {
      await memory.store.transaction((writer) => releaseClaim(writer, sessionId, holder.pid));
    }
    return report;
  });
}

interface TakeOptions extends LearnTranscriptOptions {
  holder: { pid: number; host: string };
  at: Date;
}

type Taken = Pick<LearnReport, "status" | "restarted"> & {
  range?: NonNullable<LearnReport["range"]>;
  heldBy?: NonNullable<LearnReport["heldBy"]>;
  part?: TranscriptMessage[];
  pending?: Awaited<ReturnType<typeof queueForExtraction>>;
};

/** Under the lock: the new part, queued and claimed, the ledger moved past it. */
async function takeNewPart(writer: DocumentWriter, options: TakeOptions): Promise<Taken> {
  const { sessionId, transcript, at, memory } = options;
  const path = ledgerPath(sessionId);
  const read = parseLedger(await writer.read(path));
  if (!read.ok)
    throw new MnemoError(
      "MALFORMED_FILE",
      `${memory.store.locate(path)} is not a learned-transcript ledger (${read.problem}); move it away to learn this transcript again from its start.`,
    );
  const ledger = read.ledger;
  if (ledger?.claim !== undefined && !isClaimGone(ledger.claim, at))
    return { status: "busy", restarted: false, heldBy: ledger.claim };
  const { start, restarted } = findNewPart(transcript.messages, ledger?.learned);
  const end = transcript.messages.length;
  if (start >= end) return { status: "nothing-new", restarted };
  const range = { from: start + 1, to: end };
  if (options.dryRun) return { status: "dry-run", restarted, range };
  const part = transcript.messages.slice(start);
  const pending = await queueForExtraction(writer, options, part);
  const next: LearnedLedger = {
    version: 1,
    sessionId,
    source: options.source,
    format: transcript.format,
    learned: learnedPoint(transcript.messages, end),
    parts: [...(ledger?.parts ?? []), { ...range, at: at.toISOString() }],
    claim: { ...options.holder, at: at.toISOString() },
  };
  await writer.write(path, serializeLedger(next));
  return { status: "learned", restarted, range, part, pending };
}

/** The part waits in .pending/ (claimed when this process extracts it now); nothing to extract, nothing queued. */
async function queueForExtraction(writer: DocumentWriter, options: TakeOptions, part: TranscriptMessage[]) {
  const chat = part.map((each) => each.message);
  if (!options.memory.config.extraction.enabled || !hasConversationText(chat)) return undefined;
  const path = await queuePendingWith(writer, {
    sessionId: options.sessionId,
    transcript: chat,
    error: WAITING,
    now: options.at,
    ...(options.model ? { claim: options.holder } : {}),
  });
  // Stryker disable all: read back in the same transaction that just wrote it, so it is there and valid.
  const queued = parsePendingFile((await writer.read(path)) ?? "");
  if (!queued.ok)
    throw new MnemoError(
      "IO",
      `${options.memory.store.locate(path)} could not be read back after it was queued.`,
    );
  // Stryker restore all
  return { ...queued.file, path };
}

async function releaseClaim(writer: DocumentWriter, sessionId: string, pid: number): Promise<void> {
  const path = ledgerPath(sessionId);
  const read = parseLedger(await writer.read(path));
  if (!read.ok || read.ledger?.claim?.pid !== pid) return;
  const { claim: _, ...ledger } = read.ledger;
  await writer.write(path, serializeLedger(ledger));
}

/** Stands in for the model when there is none: never called (nothing is extracted without one). */
// Stryker disable all: never called, so no test can see its text (learnTranscript asks options.model only).
const noModel: ChatModel = {
  id: "none",
  complete: () => Promise.reject(new MnemoError("INVALID_CONFIG", "No chat model is configured.")),
};
// Stryker restore all
