/**
 * The AI SDK's way to give a model memory (language model middleware, `transformParams`): each
 * call gets the home's frozen session context and the memories that search finds for the user's
 * latest message. Wrap one model per conversation: the context is loaded on the first call and then
 * kept, so every call of the session sends the same prefix.
 */
import type { LanguageModelMiddleware } from "ai";
import { MEMORY_INSTRUCTIONS_PROMPT } from "../../engine/context/memory-instructions-prompt.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { writeWarning } from "../../rules/write-warning.js";
import { findRelevantMemories } from "../../session/agent/relevant-memories.js";
import { renderTurnContext } from "../../session/agent/turn-context-prompt.js";
import { lastUserText, withMemoryContext } from "./memory-prompt.js";

const NO_CONVERSATION_FILE = "\u0000ai-sdk";

export interface MemoryMiddlewareOptions {
  /** Memories found by search and shown with the user's latest message (0: none). Default 3. */
  relevantMemories?: number;
  /** Where a failed search is reported (the call goes on without it); default: stderr. */
  onWarning?: (message: string) => void;
}

/**
 * @example
 * const model = wrapLanguageModel({ model: openai("gpt-4o-mini"), middleware: memoryMiddleware(memory) });
 * await generateText({ model, tools: memoryTools(memory), stopWhen: stepCountIs(5), prompt: "Hi, I'm Ada." });
 */
export function memoryMiddleware(
  memory: MemoryHome,
  options: MemoryMiddlewareOptions = {},
): LanguageModelMiddleware {
  const onWarning = options.onWarning ?? writeWarning;
  let frozen: Promise<string> | undefined;
  // The steps of one tool loop share the user's message: search once, and keep the block the same.
  let turn: { text: string; block: Promise<string> } | undefined;
  return {
    specificationVersion: "v3",
    async transformParams({ params }) {
      if (!memory.enabled) return params;
      frozen ??= frozenContext(memory).catch((error: unknown) => {
        frozen = undefined;
        throw error;
      });
      const text = lastUserText(params.prompt);
      if (turn?.text !== text) {
        const memories = findRelevantMemories(memory, text, {
          limit: options.relevantMemories ?? 3,
          // No transcript of this conversation is kept here, so no file of the home is its own.
          sessionId: NO_CONVERSATION_FILE,
          signal: params.abortSignal,
          onWarning,
        });
        turn = {
          text,
          block: memories.then((found) => renderTurnContext({ memories: found, workingMemory: "" })),
        };
      }
      const [frozenText, turnText] = await Promise.all([frozen, turn.block]);
      return {
        ...params,
        prompt: withMemoryContext(params.prompt, { frozenContext: frozenText, turnContext: turnText }),
      };
    },
  };
}

/**
 * The memory blocks and the memory instructions, without a base prompt (the caller's `system` comes
 * after them) and without writing a default identity: the program's own system prompt says who the
 * agent is. A home with nothing in it yet still gets the instructions, which say what the tools are for.
 */
async function frozenContext(memory: MemoryHome): Promise<string> {
  const context = await memory.buildContext({ defaultIdentity: false });
  return context.trim() === "" ? `${MEMORY_INSTRUCTIONS_PROMPT.trim()}\n` : context;
}
