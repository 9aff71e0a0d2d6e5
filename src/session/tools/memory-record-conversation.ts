import { z } from "zod";
import { MAX_CONVERSATION_MESSAGES_PER_ADD } from "../../engine/conversations/conversations.js";
import { defineMemoryTool } from "./memory-tool.js";

export const memoryRecordConversationTool = defineMemoryTool({
  name: "memory_record_conversation",
  description:
    "Record messages of a conversation in conversation memory (one transcript per session), so that later memory_search " +
    "finds them with the turns around them. Use it for conversations held outside this session; a mnemo chat session records its own. " +
    "Returns the turn numbers given to the messages.",
  readOnly: false,
  input: z
    .object({
      session: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/)
        .describe('The conversation, e.g. "2026-11-23-support"; letters, digits, "_", "-", ".".'),
      messages: z
        .array(
          z
            .object({
              speaker: z
                .string()
                .regex(/^[A-Za-z0-9_-]{1,64}$/)
                .describe('Who said it, one word: "user", "assistant", a name.'),
              text: z.string().min(1).describe("What was said."),
              at: z.iso
                .datetime({ offset: true, local: true })
                .optional()
                .describe("When, ISO 8601; default now."),
            })
            .strict(),
        )
        .min(1)
        .max(MAX_CONVERSATION_MESSAGES_PER_ADD)
        .describe(
          `The messages, in the order they were said; at most ${MAX_CONVERSATION_MESSAGES_PER_ADD} a call.`,
        ),
    })
    .strict(),
  output: z.object({
    path: z.string(),
    session: z.string(),
    turns: z.array(z.object({ turn: z.number().int(), speaker: z.string(), time: z.string() })),
  }),
  async run(memory, { session, messages }) {
    const result = await memory.conversations.add(
      session,
      messages.map((message) => ({
        ...message,
        at: message.at === undefined ? undefined : new Date(message.at),
      })),
    );
    const turns = result.added.map(({ turn, speaker, time }) => ({ turn, speaker, time }));
    const range =
      turns.length === 1 ? `turn ${turns[0]?.turn}` : `turns ${turns[0]?.turn}-${turns.at(-1)?.turn}`;
    return { text: `Recorded ${range} in ${result.path}.`, data: { path: result.path, session, turns } };
  },
});
