/**
 * A conversation's transcript, `conversations/<session>.md`: one journal entry (seed 000's format)
 * per message, the speaker in the category's place, in the order they were said.
 *
 *     # Conversation 2026-11-23-140501-ab12cd
 *
 *     ### [2026-11-23 14:05] user
 *
 *     We adopted a cat last Tuesday, with my sister.
 *
 *     ---
 *
 * Turns are numbered from 1 in file order; a person may edit or delete a message by hand, and the
 * rest of the file is kept byte for byte when messages are appended. Pure.
 */

import { z } from "zod";
import { appendEntry, parseJournal } from "../markdown/journal-entries.js";

export const conversationTurnSchema = z.object({
  turn: z.number().int().describe("1-based position in the conversation."),
  speaker: z.string(),
  time: z.string().describe('Local time, "YYYY-MM-DD HH:MM".'),
  text: z.string(),
});

/** One message of a conversation; defined by its schema, which memory_search's result declares. */
export type ConversationTurn = z.output<typeof conversationTurnSchema>;

/** A turn and the 1-based line its entry starts on. */
export interface LocatedTurn extends ConversationTurn {
  line: number;
}

export interface MessageToRecord {
  speaker: string;
  text: string;
  time: string;
}

export function parseConversation(text: string): LocatedTurn[] {
  const turns: LocatedTurn[] = [];
  for (const block of parseJournal(text).blocks) {
    if (block.kind !== "entry") continue;
    const { timestamp, category, content } = block.entry;
    turns.push({
      turn: turns.length + 1,
      speaker: category,
      time: timestamp,
      text: content,
      line: block.line,
    });
  }
  return turns;
}

/** The transcript with these messages appended; a new one starts with its title. */
export function appendMessages(text: string, session: string, messages: readonly MessageToRecord[]): string {
  let result = text.trim() === "" ? `# Conversation ${session}\n\n` : text;
  for (const message of messages)
    result = appendEntry(result, {
      timestamp: message.time,
      category: message.speaker,
      content: message.text,
    });
  return result;
}

/** The turns from `turn - around` to `turn + around`, the turn itself left out. */
export function turnsAround(
  turns: readonly ConversationTurn[],
  turn: number,
  around: number,
): { before: ConversationTurn[]; after: ConversationTurn[] } {
  const index = turns.findIndex((each) => each.turn === turn);
  if (index === -1 || around <= 0) return { before: [], after: [] };
  return {
    before: turns.slice(Math.max(0, index - around), index).map(plainTurn),
    after: turns.slice(index + 1, index + 1 + around).map(plainTurn),
  };
}

function plainTurn(turn: ConversationTurn): ConversationTurn {
  return { turn: turn.turn, speaker: turn.speaker, time: turn.time, text: turn.text };
}
