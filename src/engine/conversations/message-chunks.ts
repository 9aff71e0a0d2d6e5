import type { LocatedTurn } from "./conversation-file.js";

/**
 * How conversation memory is indexed: one chunk per message, found by its words and meaning; the
 * speaker is its title (so a name in the question matches who said it), its day its date. The
 * evaluation harness builds its conversations' chunks with this same function. Pure.
 */
export interface MessageChunk {
  path: string;
  kind: "message";
  /** The turn number, as text. */
  locator: string;
  line: number;
  title: string;
  text: string;
  date: string;
}

export function messageChunks(path: string, turns: readonly LocatedTurn[]): MessageChunk[] {
  return turns.map((turn) => ({
    path,
    kind: "message",
    locator: String(turn.turn),
    line: turn.line,
    title: turn.speaker,
    text: turn.text,
    date: turn.time.slice(0, 10),
  }));
}
