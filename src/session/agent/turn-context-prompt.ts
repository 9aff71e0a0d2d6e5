import type { ChatMessage } from "../../contracts/chat-model.js";
import { neutralizeBlockTags } from "../../engine/guard/neutralize-block-tags.js";

/** One memory found for the user's message, as the turn block shows it. */
export interface RelevantMemory {
  /** File and place, e.g. "memories/user_miso.md" or "USER.md ## Pets". */
  source: string;
  text: string;
  /** Typed memories: "updated 3 days ago (may be outdated)". */
  age?: string;
}

const MAX_MEMORY_CHARACTERS = 600;

/**
 * The volatile part of a turn's prompt: memories found by search for the user's message and the
 * session's working memory. It goes after the frozen block and the conversation, just before the
 * user's message, so the cacheable prefix never changes. "" when there is nothing to add.
 */
export function renderTurnContext(options: { memories: RelevantMemory[]; workingMemory: string }): string {
  const blocks: string[] = [];
  if (options.memories.length > 0) {
    const lines = options.memories.map((memory) => {
      const label = [memory.source, memory.age].filter((part) => part !== undefined).join(" · ");
      return `- [${oneLine(label)}] ${oneLine(memory.text)}`;
    });
    blocks.push(
      [
        "<relevant-memories>",
        "Found in memory by searching for the user's next message. They may be outdated or unrelated: use them only if they help, and verify before relying on them.",
        ...lines,
        "</relevant-memories>",
      ].join("\n"),
    );
  }
  if (options.workingMemory.trim() !== "") blocks.push(options.workingMemory.trim());
  return blocks.join("\n\n");
}

/**
 * The messages of one request: the frozen system prompt, the conversation so far, the volatile
 * turn block (a system message, when there is one), then the turn's own messages.
 */
export function turnMessages(options: {
  systemPrompt: string;
  history: readonly ChatMessage[];
  turnContext: string;
  turn: readonly ChatMessage[];
}): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (options.systemPrompt !== "") messages.push({ role: "system", content: options.systemPrompt });
  messages.push(...options.history);
  if (options.turnContext !== "") messages.push({ role: "system", content: options.turnContext });
  messages.push(...options.turn);
  return messages;
}

/** One line, neutralised: a memory can neither close this block nor open another. */
function oneLine(text: string): string {
  const flat = neutralizeBlockTags(text.replace(/\s+/g, " ").trim());
  return flat.length <= MAX_MEMORY_CHARACTERS ? flat : `${flat.slice(0, MAX_MEMORY_CHARACTERS - 1)}…`;
}
