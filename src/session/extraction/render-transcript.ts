import type { ChatMessage } from "../../contracts/chat-model.js";

/**
 * The conversation as the extraction call reads it: one block per message, tool calls and tool
 * results in brief, system messages left out (they hold the memory context itself). Over the cap,
 * the newest part is kept and a first line says how much was left out.
 *
 *     [5120 characters of earlier conversation left out]
 *     user: Where do the deploy keys live?
 *     assistant called read_file({"path":"deploy/README.md"})
 *     tool result: Keys are in 1Password, vault "Deploy".
 *     assistant: In 1Password, vault "Deploy".
 */
export interface RenderedTranscript {
  text: string;
  /** Messages and tool calls left out entirely (the oldest). */
  omittedParts: number;
  /** Characters left out, including the cut start of the oldest message kept. */
  omittedCharacters: number;
}

const TOOL_ARGUMENTS_CHARACTERS = 200;
const TOOL_RESULT_CHARACTERS = 500;

/** True when someone said something: a user or assistant message with text. */
export function hasConversationText(messages: ChatMessage[]): boolean {
  return messages.some(
    (message) => (message.role === "user" || message.role === "assistant") && message.content.trim() !== "",
  );
}

export function renderTranscript(messages: ChatMessage[], maxCharacters: number): RenderedTranscript {
  const blocks = messages.flatMap(renderMessage);
  const kept: string[] = [];
  let used = 0;
  let index = blocks.length - 1;
  for (; index >= 0; index--) {
    const block = blocks[index] as string;
    const cost = block.length + (kept.length > 0 ? 1 : 0);
    if (used + cost > maxCharacters) break;
    kept.unshift(block);
    used += cost;
  }
  let omittedCharacters = blocks.slice(0, index + 1).reduce((sum, block) => sum + block.length, 0);
  const room = maxCharacters - used - (kept.length > 0 ? 1 : 0);
  if (index >= 0 && room > 1) {
    const partial = blocks[index] as string;
    kept.unshift(`…${partial.slice(partial.length - (room - 1))}`);
    omittedCharacters -= room - 1;
    index--;
  }
  const omittedParts = index + 1;
  const text = kept.join("\n");
  if (omittedCharacters === 0) return { text, omittedParts, omittedCharacters };
  const notice = `[${omittedCharacters} characters of earlier conversation left out]`;
  return { text: `${notice}\n${text}`, omittedParts, omittedCharacters };
}

function renderMessage(message: ChatMessage): string[] {
  if (message.role === "system") return [];
  if (message.role === "user")
    return message.content.trim() === "" ? [] : [`user: ${message.content.trim()}`];
  if (message.role === "tool") return [`tool result: ${brief(message.content, TOOL_RESULT_CHARACTERS)}`];
  const text = message.content.trim() === "" ? [] : [`assistant: ${message.content.trim()}`];
  const calls = (message.toolCalls ?? []).map(
    (call) => `assistant called ${call.name}(${brief(call.arguments, TOOL_ARGUMENTS_CHARACTERS)})`,
  );
  return [...text, ...calls];
}

function brief(text: string, limit: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}
