import { join } from "node:path";
import type { Command } from "commander";
import { runChatTerminal } from "../../chat/chat-terminal.js";
import { AgentSession, createChatModel, LongTermMemory, type MemoryHome, MnemoError } from "../../index.js";
import { MESSAGE_STORE_PATH, SqliteMessageStore } from "../../sqlite.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData } from "../output.js";
import { readTextFile } from "../read-input.js";

/** The role whose messages `mnemo chat` keeps in long-term message memory. */
const CHAT_ROLE = "mnemo-chat";

interface ChatOptions extends CommonOptions {
  basePromptFile?: string;
  model?: string;
  baseUrl?: string;
}

export function registerChat(program: Command): void {
  const chat = program
    .command("chat")
    .summary("Chat with an agent that remembers (needs an OpenAI-compatible model)")
    .description(
      "A terminal chat: memory is loaded at start, the model reads and writes it through tools, and at the end what mattered is saved. /memory, /clear, /quit; Ctrl+C also ends and saves.",
    )
    .option("--model <name>", "the chat model (default: llm.model in config.json or $MNEMO_LLM_MODEL)")
    .option("--base-url <url>", "an OpenAI-compatible endpoint (default: llm.baseUrl or $MNEMO_LLM_BASE_URL)")
    .option(
      "--base-prompt-file <file>",
      "the agent's own instructions, placed after the memory blocks (not -: stdin is the chat)",
    );
  withCommonOptions(chat, [
    "OPENAI_API_KEY=sk-... mnemo chat --model gpt-4o-mini",
    "mnemo chat --base-url http://localhost:11434/v1 --model llama3.2",
  ]);
  chat.action(
    commandAction<[], ChatOptions>(async (_args, options) => {
      const memory = await openHome(options);
      let messages: Awaited<ReturnType<typeof openMessageMemory>> | undefined;
      try {
        const llm = {
          ...memory.config.llm,
          ...(options.model ? { model: options.model } : {}),
          ...(options.baseUrl ? { baseUrl: validUrl(options.baseUrl) } : {}),
        };
        const model = await createChatModel(llm);
        const basePrompt = options.basePromptFile
          ? await readTextFile(options.basePromptFile, "the base prompt file")
          : undefined;
        messages = memory.enabled ? await openMessageMemory(memory) : undefined;
        const session = await AgentSession.start({ memory, model, basePrompt, longTerm: messages?.longTerm });
        const report = await runChatTerminal({
          session,
          input: process.stdin,
          output: process.stdout,
          notes: process.stderr,
          interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
        });
        if (options.json)
          printData(options, { sessionId: session.sessionId, extraction: report ?? null }, "");
        return EXIT_CODES.ok;
      } finally {
        await messages?.store.close();
        await memory.close();
      }
    }),
  );
}

/**
 * Seed 004: the chat's messages are kept per role in .index/messages.sqlite. The chat never asks
 * for "news", so the note that similarity checks need an embedding model does not apply here.
 */
async function openMessageMemory(memory: MemoryHome) {
  const store = new SqliteMessageStore({ home: memory.home, path: join(memory.home, MESSAGE_STORE_PATH) });
  const longTerm = new LongTermMemory({
    store,
    watch: ["user_input", "assistant_reply"],
    onWarning: (message) => {
      if (!/has no embedding model/.test(message)) process.stderr.write(`mnemo: warning: ${message}\n`);
    },
  });
  return { store, longTerm: { memory: longTerm, roleId: CHAT_ROLE } };
}

function validUrl(value: string): string {
  if (!URL.canParse(value))
    throw new MnemoError("INVALID_INPUT", `--base-url must be a URL, not "${value}".`);
  return value;
}
