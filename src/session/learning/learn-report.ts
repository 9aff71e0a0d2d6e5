import type { MemoryHome } from "../../engine/memory-home.js";
import type { PendingRetryReport } from "../extraction/pending-extractions.js";
import type { TranscriptFormat, TranscriptMessage } from "./formats/transcript.js";

/** What one `learnTranscript` did, for the CLI's text and --json alike; every key is always there. */
export interface LearnReport {
  /** learned: a new part was taken; nothing-new: all was learned before; busy: another process is learning it. */
  status: "learned" | "nothing-new" | "busy" | "dry-run";
  sessionId: string;
  format: TranscriptFormat;
  source: string;
  /** Messages read from the transcript (tool calls and results count). */
  messages: number;
  /** The new part: messages from..to, 1-based and inclusive. */
  range: { from: number; to: number } | undefined;
  /** The learned point was not found in the transcript (it was rewritten): all of it counted as new. */
  restarted: boolean;
  /** The process learning it now, when busy. */
  heldBy: { pid: number; host: string; at: string } | undefined;
  /** The turns recorded as conversation memory. */
  recorded: { path: string; turns: number } | undefined;
  /** The extraction, when a model was given. */
  extraction: LearnedExtraction | undefined;
  /** The queued extraction still waiting: no model, or the call failed. */
  pending: string | undefined;
}

export interface LearnedExtraction {
  model: string;
  /** Memories and journal entries written new. */
  added: number;
  /** Memories written in place of older ones (the old text archived). */
  updated: number;
  /** Candidates skipped: already known, or refused (with the reason in `skipped`). */
  unchanged: number;
  written: PendingRetryReport["written"];
  skipped: PendingRetryReport["skipped"];
  error?: string;
}

export function summarizeExtraction(report: PendingRetryReport, model: string): LearnedExtraction {
  const replacing = new Set(report.superseded.map((each) => each.by));
  const updated = report.written.filter((each) => replacing.has(each.path)).length;
  return {
    model,
    added: report.written.length - updated,
    updated,
    unchanged: report.skipped.length,
    written: report.written,
    skipped: report.skipped,
    ...(report.error === undefined ? {} : { error: report.error }),
  };
}

/** Recorded a batch at a time, as the conversation tools allow; a message past their cap is cut. */
const BATCH = 1000;
const MESSAGE_CHARACTERS = 100_000;

/**
 * The part's user and assistant text as conversation memory (conversations/<sessionId>.md), the way
 * memory_record_conversation records one, credentials redacted as extraction redacts them.
 */
export async function recordConversation(
  memory: MemoryHome,
  sessionId: string,
  part: readonly TranscriptMessage[],
): Promise<{ path: string; turns: number } | undefined> {
  const said = part.flatMap(({ message, at }) => {
    if (message.role !== "user" && message.role !== "assistant") return [];
    const text = message.content.trim();
    if (text === "") return [];
    const cut = text.length > MESSAGE_CHARACTERS ? `${text.slice(0, MESSAGE_CHARACTERS - 1)}…` : text;
    return [{ speaker: message.role, text: cut, ...(at ? { at } : {}) }];
  });
  if (said.length === 0) return undefined;
  const paths: string[] = [];
  for (let start = 0; start < said.length; start += BATCH) {
    const added = await memory.conversations.add(sessionId, said.slice(start, start + BATCH), {
      redactSecrets: true,
    });
    paths.push(added.path);
  }
  return { path: paths[0] as string, turns: said.length };
}
