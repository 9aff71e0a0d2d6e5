import { z } from "zod";
import type { ToolCall } from "../../../contracts/chat-model.js";
import {
  brief,
  failure,
  jsonLines,
  TOOL_ARGUMENTS_CHARACTERS,
  TOOL_RESULT_CHARACTERS,
  type TranscriptMessage,
  type TranscriptParse,
  timeOf,
} from "./transcript.js";

/**
 * Claude Code's session transcript (~/.claude/projects/<project>/<sessionId>.jsonl, the
 * `transcript_path` of its hooks): one JSON object a line. Lines of type "user" and "assistant"
 * carry `message.role` and `message.content`, a string or a list of blocks (text, thinking,
 * tool_use, tool_result); each line has its own `uuid`, `timestamp` and `sessionId`. Other lines
 * (summary, system, file-history-snapshot, progress) are not conversation and are skipped, as are a
 * subagent's lines (isSidechain), lines Claude Code injected itself (isMeta) and the summary it
 * writes at a compaction (isCompactSummary): it retells what was already said.
 */
const block = z.looseObject({ type: z.string() });

const conversationLine = z.looseObject({
  type: z.enum(["user", "assistant"]),
  uuid: z.string().min(1).optional(),
  sessionId: z.string().optional(),
  timestamp: z.string().optional(),
  isSidechain: z.boolean().optional(),
  isMeta: z.boolean().optional(),
  isCompactSummary: z.boolean().optional(),
  message: z.looseObject({ content: z.union([z.string(), z.array(block)]) }),
});

type ConversationLine = z.output<typeof conversationLine>;

export function parseClaudeCodeTranscript(text: string): TranscriptParse {
  const read = jsonLines(text);
  if (!read.ok) return read;
  const messages: TranscriptMessage[] = [];
  let sessionId: string | undefined;
  for (const { line, value } of read.lines) {
    const type = (value as { type?: unknown } | null)?.type;
    if (type !== "user" && type !== "assistant") continue;
    const parsed = conversationLine.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failure(line, `a ${type} line ${issue?.path.join(".") || ""}: ${issue?.message ?? "invalid"}`);
    }
    sessionId ??= parsed.data.sessionId;
    if (parsed.data.isSidechain || parsed.data.isMeta || parsed.data.isCompactSummary) continue;
    messages.push(...messagesOf(parsed.data));
  }
  return { ok: true, transcript: { format: "claude-code", sessionId, messages } };
}

function messagesOf(line: ConversationLine): TranscriptMessage[] {
  const at = timeOf(line.timestamp);
  const base = { ...(line.uuid === undefined ? {} : { id: line.uuid }), ...(at ? { at } : {}) };
  const content = line.message.content;
  const blocks = typeof content === "string" ? [{ type: "text", text: content }] : content;
  const text = blocks
    .filter((each) => each.type === "text" && typeof each.text === "string")
    .map((each) => (each.text as string).trim())
    .filter((each) => each !== "")
    .join("\n\n");
  if (line.type === "assistant") {
    const toolCalls = blocks.filter((each) => each.type === "tool_use").map(toolCallOf);
    if (text === "" && toolCalls.length === 0) return [];
    const message = { role: "assistant" as const, content: text, ...(toolCalls.length ? { toolCalls } : {}) };
    return [{ ...base, message }];
  }
  const results = blocks.filter((each) => each.type === "tool_result");
  const said: TranscriptMessage[] =
    text === "" ? [] : [{ ...base, message: { role: "user", content: text } }];
  // A line of several results keeps one id: the ledger needs the line's uuid once, on its last message.
  const answered = results.map((result, index): TranscriptMessage => {
    const id = index === results.length - 1 && said.length === 0 ? base : at ? { at } : {};
    const toolCallId = typeof result.tool_use_id === "string" ? result.tool_use_id : "";
    return {
      ...id,
      message: {
        role: "tool",
        toolCallId,
        content: brief(resultText(result.content), TOOL_RESULT_CHARACTERS),
      },
    };
  });
  return [...answered, ...said];
}

function toolCallOf(use: Record<string, unknown>): ToolCall {
  const input = use.input === undefined ? "" : JSON.stringify(use.input);
  return {
    id: typeof use.id === "string" ? use.id : "",
    name: typeof use.name === "string" ? use.name : "tool",
    arguments: brief(input, TOOL_ARGUMENTS_CHARACTERS),
  };
}

/** A tool result's content: a string, or blocks of which the text ones are read (an image is named). */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((each: { type?: unknown; text?: unknown }) =>
      each?.type === "text" && typeof each.text === "string" ? each.text : `[${String(each?.type)}]`,
    )
    .join(" ");
}
