/**
 * Sample agent messages for the MessageStore conformance suite, shipped with it (a `test-` file
 * would not be): a message with defaults, and its record.
 */
import type { AgentMessage, MessageEmbedding, MessageRecord } from "../contracts/message-store.js";
import { messageContentHash } from "../engine/long-term/message-content.js";

export function message(id: string, fields: Partial<AgentMessage> = {}): AgentMessage {
  return {
    id,
    role: "user",
    content: `content of ${id}`,
    causeBy: "UserRequirement",
    sentFrom: "user",
    sendTo: ["<all>"],
    createdAt: new Date("2030-01-01T00:00:00.000Z"),
    ...fields,
  };
}

export function record(stored: AgentMessage, embedding?: MessageEmbedding): MessageRecord {
  return { message: stored, contentHash: messageContentHash(stored.content), embedding };
}
