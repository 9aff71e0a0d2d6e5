/**
 * Where the memory goes in an AI SDK prompt: the frozen session context as the first system
 * message (the same bytes on every call, so providers can cache the prefix), and the memories found
 * for the user's message as a text part at the start of that message (volatile last; a system
 * message in the middle of a conversation is refused by some providers). Pure: no I/O.
 */
import type { LanguageModelMiddleware } from "ai";

/** The call options a middleware sees (LanguageModelV3CallOptions), taken from the middleware's own type. */
export type ModelCallOptions = Parameters<
  NonNullable<LanguageModelMiddleware["transformParams"]>
>[0]["params"];
export type ModelPrompt = ModelCallOptions["prompt"];
type ModelMessage = ModelPrompt[number];

/** The text of the last user message (its text parts, joined); "" when there is none. */
export function lastUserText(prompt: ModelPrompt): string {
  const index = lastUserIndex(prompt);
  if (index === -1) return "";
  const message = prompt[index] as Extract<ModelMessage, { role: "user" }>;
  return message.content
    .flatMap((part) => (part.type === "text" ? [part.text] : []))
    .join("\n")
    .trim();
}

/**
 * The prompt with the frozen context first and the turn block in the last user message. Every
 * message of `prompt` is kept, in order; an empty context or block adds nothing.
 */
export function withMemoryContext(
  prompt: ModelPrompt,
  memory: { frozenContext: string; turnContext: string },
): ModelPrompt {
  const messages: ModelMessage[] = [...prompt];
  const index = lastUserIndex(messages);
  if (memory.turnContext !== "" && index !== -1) {
    const user = messages[index] as Extract<ModelMessage, { role: "user" }>;
    messages[index] = { ...user, content: [{ type: "text", text: memory.turnContext }, ...user.content] };
  }
  if (memory.frozenContext !== "") messages.unshift({ role: "system", content: memory.frozenContext });
  return messages;
}

function lastUserIndex(prompt: readonly ModelMessage[]): number {
  for (let index = prompt.length - 1; index >= 0; index--) {
    if (prompt[index]?.role === "user") return index;
  }
  return -1;
}
