import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { errorMessage } from "../../errors.js";
import type { AgentSession } from "../../session/agent/agent-session.js";
import type { ToolCallRecord } from "../../session/agent/run-turn.js";
import type { ExtractionReport } from "../../session/extraction/extract-session.js";
import { formatExtractionReport, formatMemoryReport } from "./chat-reports.js";

export interface ChatTerminalOptions {
  session: AgentSession;
  input: Readable;
  /** The conversation: prompts and the agent's streamed answers. */
  output: Writable;
  /** Notes: tool calls, errors, the end-of-session report. */
  notes: Writable;
  /** A real terminal: show prompts and handle Ctrl+C through readline. */
  interactive: boolean;
}

export const CHAT_HELP = `Commands: /memory (what was loaded and written), /clear (new conversation, memory kept), /quit (end and save).
Ctrl+C or end of input also ends the session and saves what mattered.`;

/**
 * The terminal loop of `mnemo chat`: reads lines, streams answers, handles /clear, /memory, /quit,
 * and ends the session (extraction and summary) on /quit, end of input or Ctrl+C. Returns the
 * end-of-session extraction report.
 */
export async function runChatTerminal(options: ChatTerminalOptions): Promise<ExtractionReport | undefined> {
  const { session, output, notes } = options;
  const lines = createInterface({ input: options.input, output, terminal: options.interactive });
  let turn: AbortController | undefined;
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    turn?.abort(new Error("interrupted"));
    lines.close();
  };
  lines.on("SIGINT", interrupt);
  process.once("SIGINT", interrupt);
  const prompt = () => {
    if (options.interactive) lines.prompt();
  };
  lines.setPrompt("you> ");
  notes.write(`mnemo chat (session ${session.sessionId}). ${CHAT_HELP}\n`);
  prompt();
  try {
    for await (const line of lines) {
      const text = line.trim();
      if (text === "/quit" || text === "/exit") break;
      if (text === "/clear") {
        session.clear();
        notes.write("Conversation cleared; memory is kept.\n");
      } else if (text === "/memory") {
        notes.write(`${formatMemoryReport(session.report())}\n`);
      } else if (text === "/help") {
        notes.write(`${CHAT_HELP}\n`);
      } else if (text !== "") {
        turn = new AbortController();
        await answer(options, text, turn.signal);
        turn = undefined;
      }
      if (interrupted) break;
      prompt();
    }
  } finally {
    process.removeListener("SIGINT", interrupt);
    lines.close();
  }
  notes.write(interrupted ? "\nInterrupted: ending the session.\n" : "Ending the session.\n");
  notes.write("Saving what mattered from this session…\n");
  const report = await session.end();
  notes.write(`${formatExtractionReport(report)}\n`);
  return report;
}

async function answer(options: ChatTerminalOptions, text: string, signal: AbortSignal): Promise<void> {
  const { output, notes } = options;
  output.write("mnemo> ");
  let endsWithNewline = false;
  try {
    await options.session.send(text, {
      signal,
      onText: (piece) => {
        output.write(piece);
        endsWithNewline = piece.endsWith("\n");
      },
      onToolCall: (call) => notes.write(`\n${formatToolCall(call)}\n`),
    });
    if (!endsWithNewline) output.write("\n");
  } catch (error) {
    output.write("\n");
    if (signal.aborted) return;
    notes.write(
      `mnemo: error: ${errorMessage(error)}\n(Your message is kept; try again, or /quit to end and save.)\n`,
    );
  }
}

function formatToolCall(call: ToolCallRecord): string {
  const firstLine = call.text.split("\n")[0] ?? "";
  return `  [${call.name}${call.ok ? "" : " failed"}${call.fromWorkingMemory ? ", from working memory" : ""}] ${firstLine}`;
}
