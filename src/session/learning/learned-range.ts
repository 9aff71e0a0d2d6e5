import { createHash } from "node:crypto";
import type { TranscriptMessage } from "./formats/transcript.js";

/**
 * How far a transcript was learned, and where its new part starts. A point records how many
 * messages were learned, the id of the last one where the format has ids (Claude Code's uuid), and
 * a hash of those messages: after the agent appended more (a compaction, then the session's end),
 * the new part starts right after that id, or, with no ids, after the same count of messages when
 * they still hash the same. A transcript that no longer starts as it did (rewritten, or another
 * file under the same session) is learned from its start again, and said so.
 */
export interface LearnedPoint {
  /** Messages learned, counted from the transcript's start. */
  messages: number;
  /** The format's id of the last message learned, when it has one. */
  lastId?: string;
  /** sha256 of the learned messages' fingerprints, in order. */
  prefixHash: string;
}

export interface NewPart {
  /** Index of the first message not learned yet; equal to the message count when there is none. */
  start: number;
  /** True when the learned point was not found and the whole transcript counts as new. */
  restarted: boolean;
}

export function findNewPart(
  messages: readonly TranscriptMessage[],
  learned: LearnedPoint | undefined,
): NewPart {
  if (learned === undefined) return { start: 0, restarted: false };
  if (learned.lastId !== undefined) {
    const index = messages.findIndex((each) => each.id === learned.lastId);
    if (index >= 0) return { start: index + 1, restarted: false };
  }
  const count = learned.messages;
  if (count <= messages.length && prefixHash(messages.slice(0, count)) === learned.prefixHash)
    return { start: count, restarted: false };
  return { start: 0, restarted: true };
}

/** The point reached once the first `end` messages are learned. */
export function learnedPoint(messages: readonly TranscriptMessage[], end: number): LearnedPoint {
  const learned = messages.slice(0, end);
  const lastId = learned.at(-1)?.id;
  return { messages: end, ...(lastId === undefined ? {} : { lastId }), prefixHash: prefixHash(learned) };
}

export function prefixHash(messages: readonly TranscriptMessage[]): string {
  const hash = createHash("sha256");
  for (const each of messages) hash.update(fingerprint(each)).update("\n");
  return hash.digest("hex");
}

/** A message's id where it has one, else a hash of who said what (tool calls included). */
function fingerprint(each: TranscriptMessage): string {
  if (each.id !== undefined) return `id:${each.id}`;
  return `text:${createHash("sha256").update(JSON.stringify(each.message)).digest("hex")}`;
}
