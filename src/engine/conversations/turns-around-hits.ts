import { z } from "zod";
import type { DocumentReader } from "../../contracts/document-store.js";
import { conversationTurnSchema, parseConversation, turnsAround } from "./conversation-file.js";
import { sessionOfPath } from "./conversations.js";

export const hitConversationSchema = z
  .object({
    session: z.string(),
    turn: z.number().int(),
    speaker: z.string(),
    time: z.string(),
    before: z.array(conversationTurnSchema),
    after: z.array(conversationTurnSchema),
  })
  .describe("Messages: the conversation, who said it and when, and the turns around it.");

/** A message hit's conversation: its session, who said it and when, and the turns around it. */
export type HitConversation = z.output<typeof hitConversationSchema>;

interface MessageHitFields {
  kind: string;
  path: string;
  locator: string;
  text: string;
  conversation?: HitConversation;
}

/**
 * Message hits with the `around` turns before and after them, read from their transcripts (each
 * file once). A reply ("Yes, last Tuesday, with my sister") makes sense only with what it answers.
 * A hit's text becomes the turn as said: the index searched it with its speaker's name and, for a
 * short turn, the turn before (message-chunks.ts), which are shown as `speaker` and `before`.
 * A transcript edited since it was indexed gives the turns as they are now; a turn gone is left bare.
 */
export async function withTurnsAround<T extends MessageHitFields>(
  reader: DocumentReader,
  hits: T[],
  around: number,
): Promise<T[]> {
  const paths = [...new Set(hits.filter((hit) => hit.kind === "message").map((hit) => hit.path))];
  if (paths.length === 0) return hits;
  const transcripts = new Map(
    await Promise.all(
      paths.map(async (path) => [path, parseConversation((await reader.read(path)) ?? "")] as const),
    ),
  );
  return hits.map((hit) => {
    const turns = transcripts.get(hit.path);
    const session = sessionOfPath(hit.path);
    const turn = turns?.find((each) => String(each.turn) === hit.locator);
    if (!turns || !turn || session === undefined) return hit;
    const { before, after } = turnsAround(turns, turn.turn, around);
    return {
      ...hit,
      text: turn.text,
      conversation: { session, turn: turn.turn, speaker: turn.speaker, time: turn.time, before, after },
    };
  });
}
