/**
 * Conversation memory: what was said, by whom and when, kept as one Markdown transcript per session
 * (`conversations/<session>.md`, see conversation-file.ts) and found by recall one message at a
 * time, with the turns around it. `mnemo chat` and AgentSession record their sessions here; a
 * program adds messages through the library, the CLI, MCP or HTTP.
 */
import { MnemoError } from "../../errors.js";
import { CONVERSATIONS_DIR } from "../../rules/home-layout.js";
import { guardSecrets, refuseSecretInName, secretMode } from "../guard/secret-guard.js";
import { localMinute } from "../home/clock.js";
import type { HomeContext } from "../home/home-context.js";
import { normalizeEntryContent } from "../markdown/journal-entries.js";
import {
  appendMessages,
  type LocatedTurn,
  type MessageToRecord,
  parseConversation,
} from "./conversation-file.js";

export interface ConversationMessage {
  /** Who said it: one word of letters, digits, "_" or "-" ("user", "assistant", "Caroline"). */
  speaker: string;
  text: string;
  /** When it was said; default: now. */
  at?: Date;
}

export interface ConversationAddResult {
  path: string;
  session: string;
  /** The turns recorded, numbered in the conversation. */
  added: LocatedTurn[];
  /** The kinds of secret replaced by `[REDACTED:<kind>]`, one per secret. */
  redactedSecrets: string[];
}

export interface ConversationRead {
  path: string;
  session: string;
  /** Empty when nothing was recorded under this session. */
  turns: LocatedTurn[];
}

const SESSION = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
const SPEAKER = /^[A-Za-z0-9_-]{1,64}$/;
/** A message is a turn of a conversation, not a document. */
export const MAX_CONVERSATION_MESSAGE_CHARACTERS = 100_000;
/** The most messages one add records, from the library, MCP or HTTP alike; a longer transcript takes several. */
export const MAX_CONVERSATION_MESSAGES_PER_ADD = 1000;

export function conversationPath(session: string): string {
  return `${CONVERSATIONS_DIR}/${validSession(session)}.md`;
}

/** The session a transcript's path names, or undefined for any other path. */
export function sessionOfPath(path: string): string | undefined {
  const match = /^conversations\/([^/]+)\.md$/.exec(path);
  return match?.[1];
}

export async function addConversationMessages(
  home: HomeContext,
  session: string,
  messages: readonly ConversationMessage[],
  options: { redactSecrets?: boolean } = {},
): Promise<ConversationAddResult> {
  const path = conversationPath(session);
  refuseSecretInName(session, "the conversation's session id");
  if (!Array.isArray(messages) || messages.length === 0)
    throw new MnemoError(
      "INVALID_INPUT",
      `No messages to add to conversation "${session}"; give at least one.`,
    );
  if (messages.length > MAX_CONVERSATION_MESSAGES_PER_ADD)
    throw new MnemoError(
      "TOO_LARGE",
      `${messages.length} messages for conversation "${session}" in one call; record at most ${MAX_CONVERSATION_MESSAGES_PER_ADD} at a time, in several calls.`,
    );
  const mode = secretMode(home.config.secrets, options.redactSecrets);
  const redactedSecrets: string[] = [];
  const records = messages.map((message, position) => {
    const record = validMessage(message, position, home.now());
    const guarded = guardSecrets(record.text, {
      field: `message ${position + 1} of conversation "${session}"`,
      mode,
    });
    redactedSecrets.push(...guarded.redactedSecrets);
    return { ...record, text: guarded.text };
  });
  return home.store.transaction(async (writer) => {
    const before = (await writer.read(path)) ?? "";
    const after = appendMessages(before, session, records);
    await writer.write(path, after);
    const turns = parseConversation(after);
    return { path, session, added: turns.slice(turns.length - records.length), redactedSecrets };
  });
}

export async function readConversation(home: HomeContext, session: string): Promise<ConversationRead> {
  const path = conversationPath(session);
  const text = await home.store.read(path);
  return { path, session, turns: text === undefined ? [] : parseConversation(text) };
}

function validSession(session: unknown): string {
  if (typeof session !== "string" || !SESSION.test(session)) {
    throw new MnemoError(
      "INVALID_INPUT",
      `The conversation session ${JSON.stringify(session)} cannot name a file: use 1 to 128 letters, digits, "_", "-" or ".", starting with a letter or digit.`,
    );
  }
  return session;
}

function validMessage(message: ConversationMessage, position: number, now: Date): MessageToRecord {
  const name = `Message ${position + 1}`;
  if (typeof message?.speaker !== "string" || !SPEAKER.test(message.speaker)) {
    throw new MnemoError(
      "INVALID_INPUT",
      `${name} has speaker ${JSON.stringify(message?.speaker)}: a speaker is one word of up to 64 letters, digits, "_" or "-" ("user", "assistant", "Caroline").`,
    );
  }
  const text = typeof message.text === "string" ? normalizeEntryContent(message.text) : "";
  if (text === "") throw new MnemoError("INVALID_INPUT", `${name} has no text; there is nothing to record.`);
  if (text.length > MAX_CONVERSATION_MESSAGE_CHARACTERS) {
    throw new MnemoError(
      "TOO_LARGE",
      `${name} is ${text.length} characters; a message may have ${MAX_CONVERSATION_MESSAGE_CHARACTERS}. Store large documents as files and record a reference.`,
    );
  }
  const at = message.at ?? now;
  if (!(at instanceof Date) || Number.isNaN(at.getTime()))
    throw new MnemoError("INVALID_INPUT", `${name} has an invalid time: "at" must be a valid Date.`);
  return { speaker: message.speaker, text, time: localMinute(at) };
}
