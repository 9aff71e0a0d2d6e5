import type { LocatedTurn } from "./conversation-file.js";

/**
 * How conversation memory is indexed: one chunk per message, found by its words and meaning; the
 * speaker is its title, its day its date. The evaluation harness builds its conversations' chunks
 * with this same function. Pure.
 *
 * What is embedded and searched is more than the turn: the vector sees only a chunk's text, and
 * questions name people ("What did Maria say about the ferry?"), so a person's name leads the text
 * ("Maria: ..."); and a short reply ("I'll go with option 2") means nothing without what it answers,
 * so the start of the other speaker's turn before it comes first. What recall shows is the turn itself: the hit's
 * text is read back from the transcript (turns-around-hits.ts).
 */
export interface MessageChunk {
  path: string;
  kind: "message";
  /** The turn number, as text. */
  locator: string;
  line: number;
  title: string;
  /** What the index searches: the turn, with its speaker's name and (short turns) the turn before. */
  text: string;
  date: string;
}

/**
 * The chunks' form: recorded with each conversation the index holds, so an index of another form
 * is rebuilt from the transcripts instead of mixing the two (index-sync.ts). Bump it when
 * `messageIndexText` changes.
 */
export const MESSAGE_CHUNK_FORMAT = "messages-3";

/**
 * A reply of fewer words than this is indexed with the start of the turn it answers. Measured on
 * PrefEval, where a user's pick of the assistant's options is 12 to 44 words (median 23): 50 words
 * (docs/retrieval.md, "Issue 28: messages searched with their speaker and the turn they answer").
 */
export const SHORT_TURN_WORDS = 50;
/** How many words of the turn before a short one are enough to tell its topic. */
export const CONTEXT_WORDS = 40;
/** Roles rather than names: "user: " in front of every message tells the vector nothing. */
const ROLES = new Set(["user", "assistant", "system"]);
/**
 * The model's own short replies ("Then go again!", "Great choice!") get no context: carrying the
 * user's words, they outranked the user's turn that holds them ("sister" found "Then go again!"
 * before "Yes, last Tuesday, with my sister."), and what a user said is what memory is for.
 */
const NO_CONTEXT = new Set(["assistant", "system"]);

export function messageChunks(path: string, turns: readonly LocatedTurn[]): MessageChunk[] {
  return turns.map((turn, position) => ({
    path,
    kind: "message",
    locator: String(turn.turn),
    line: turn.line,
    title: turn.speaker,
    text: messageIndexText(turn, turns[position - 1]),
    date: turn.time.slice(0, 10),
  }));
}

/** The text a message is embedded and searched by. */
export function messageIndexText(
  turn: Pick<LocatedTurn, "speaker" | "text">,
  before: Pick<LocatedTurn, "speaker" | "text"> | undefined,
): string {
  const own = labelled(turn.speaker, turn.text);
  // One's own turn before is not what a reply answers: a short turn by the same speaker is left alone.
  if (
    before === undefined ||
    before.speaker === turn.speaker ||
    NO_CONTEXT.has(turn.speaker.toLowerCase()) ||
    wordCount(turn.text) >= SHORT_TURN_WORDS
  )
    return own;
  // The turn before without its speaker's name: who answered is this turn's speaker, not that one.
  return `${firstWords(before.text, CONTEXT_WORDS)}\n${own}`;
}

function labelled(speaker: string, text: string): string {
  return ROLES.has(speaker.toLowerCase()) ? text : `${speaker}: ${text}`;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== "").length;
}

function firstWords(text: string, count: number): string {
  const words = text.split(/\s+/).filter((word) => word !== "");
  return words.length <= count ? words.join(" ") : `${words.slice(0, count).join(" ")} …`;
}
