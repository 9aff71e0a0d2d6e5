import { Option } from "commander";
import { MnemoError } from "../../../errors.js";
import type { ExtractionReport, MemoryHome } from "../../../index.js";
import type { ScopeStack } from "../../../scopes.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { readTextFile } from "../read-input.js";

/** The role whose messages `mnemo chat` keeps in long-term message memory. */
const CHAT_ROLE = "mnemo-chat";

interface ChatOptions extends CommonOptions {
  basePromptFile?: string;
  model?: string;
  baseUrl?: string;
}

export const chat = defineCommand({
  name: "chat",
  summary: "Chat with an agent that remembers (needs an OpenAI-compatible model)",
  description:
    "A terminal chat: memory is loaded at start, the model reads and writes it through tools, and at the end what mattered is saved. /memory, /clear, /quit; Ctrl+C also ends and saves.",
  options: [
    new Option("--model <name>", "the chat model (default: llm.model in config.json or $MNEMO_LLM_MODEL)"),
    new Option(
      "--base-url <url>",
      "an OpenAI-compatible endpoint (default: llm.baseUrl or $MNEMO_LLM_BASE_URL)",
    ),
    new Option(
      "--base-prompt-file <file>",
      "the agent's own instructions, placed after the memory blocks (not -: stdin is the chat)",
    ),
  ],
  examples: [
    "OPENAI_API_KEY=sk-... mnemo chat --model gpt-4o-mini",
    "mnemo chat --base-url http://localhost:11434/v1 --model llama3.2",
  ],
  input: (_args, options: ChatOptions) => ({
    model: options.model,
    baseUrl: options.baseUrl === undefined ? undefined : validUrl(options.baseUrl),
    basePromptFile: options.basePromptFile,
  }),
  run: (input, { memory }) => runChat(input, memory),
  // The conversation was the output; --json adds the session and what was saved.
  render: (_data: ChatReport) => "",
  // Inside a repository with a .mnemo/ (and no --home): the project's layer and the user's home.
  scoped: { run: (input, { scopes }) => runChat(input, scopes.sessionHome, scopes), render: () => "" },
});

interface ChatReport {
  sessionId: string;
  extraction: ExtractionReport | null;
}

/** The chat on one home, or on a stack whose session home (the user's) keeps the log and the messages. */
async function runChat(
  input: { model?: string; baseUrl?: string; basePromptFile?: string },
  memory: MemoryHome,
  scopes?: ScopeStack,
): Promise<ChatReport> {
  // The agent and the terminal are loaded by this command only (issue 29: every other start is lighter).
  const [{ AgentSession, createChatModel }, { runChatTerminal }] = await Promise.all([
    import("../../../index.js"),
    import("../../chat/chat-terminal.js"),
  ]);
  const llm = {
    ...memory.config.llm,
    ...(input.model ? { model: input.model } : {}),
    ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
  };
  const model = await createChatModel(llm);
  const basePrompt = input.basePromptFile
    ? await readTextFile(input.basePromptFile, "the base prompt file")
    : undefined;
  const messages = memory.enabled ? await openMessageMemory(memory) : undefined;
  try {
    const longTerm = messages?.longTerm;
    const session = await AgentSession.start({ memory, scopes, model, basePrompt, longTerm });
    const report = await runChatTerminal({
      session,
      input: process.stdin,
      output: process.stdout,
      notes: process.stderr,
      interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
    });
    return { sessionId: session.sessionId, extraction: report ?? null };
  } finally {
    await messages?.store.close();
  }
}

/** Seed 004: the chat's messages are kept per role in the home's message store (.index/messages.sqlite in a folder). */
async function openMessageMemory(memory: MemoryHome) {
  const store = await memory.messageStore();
  const { LongTermMemory } = await import("../../../index.js");
  const longTerm = new LongTermMemory({ store, watch: ["user_input", "assistant_reply"] });
  return { store, longTerm: { memory: longTerm, roleId: CHAT_ROLE } };
}

function validUrl(value: string): string {
  if (!URL.canParse(value))
    throw new MnemoError("INVALID_INPUT", `--base-url must be a URL, not "${value}".`);
  return value;
}
