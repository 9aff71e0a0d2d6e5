import { z } from "zod";
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
 * Codex CLI's session rollout (~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl): one
 * `{timestamp, type, payload}` a line. The first, `session_meta`, names the session (payload.id);
 * `response_item` lines are what the model exchanged: messages (role user or assistant, content
 * parts input_text / output_text), function calls and their outputs, reasoning. The developer
 * messages, the instructions and environment Codex puts in as user messages, reasoning,
 * `event_msg` (the terminal's view of the same turns) and `turn_context` are not conversation and
 * are skipped. Rollout lines have no ids: the ledger finds its place by position and hash.
 */
const rolloutLine = z.looseObject({
  type: z.string(),
  timestamp: z.string().optional(),
  payload: z.looseObject({}),
});

const messageItem = z.looseObject({
  type: z.literal("message"),
  role: z.string(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
});

/** User messages that are Codex's own context, not what the person typed. */
const INJECTED =
  /^\s*(<environment_context>|<user_instructions>|<permissions instructions>|# AGENTS\.md instructions)/;

export function parseCodexRollout(text: string): TranscriptParse {
  const read = jsonLines(text);
  if (!read.ok) return read;
  const messages: TranscriptMessage[] = [];
  let sessionId: string | undefined;
  for (const { line, value } of read.lines) {
    const parsed = rolloutLine.safeParse(value);
    if (!parsed.success) return failure(line, "not a rollout line: {timestamp, type, payload} expected");
    const { type, payload, timestamp } = parsed.data;
    if (type === "session_meta" && typeof payload.id === "string") sessionId ??= payload.id;
    if (type !== "response_item") continue;
    const at = timeOf(timestamp);
    const item = itemOf(payload);
    if (typeof item === "string") return failure(line, item);
    if (item !== undefined) messages.push({ ...(at ? { at } : {}), message: item });
  }
  return { ok: true, transcript: { format: "codex", sessionId, messages } };
}

/** The message a response item is, undefined for one that is no conversation, or what is wrong with it. */
function itemOf(payload: Record<string, unknown>): TranscriptMessage["message"] | string | undefined {
  if (payload.type === "message") {
    const parsed = messageItem.safeParse(payload);
    if (!parsed.success) return "a message item without role and content parts";
    const said = parsed.data.content
      .map((part) => part.text?.trim() ?? "")
      .filter((part) => part !== "")
      .join("\n\n");
    if (said === "") return undefined;
    if (parsed.data.role === "assistant") return { role: "assistant", content: said };
    if (parsed.data.role === "user" && !INJECTED.test(said)) return { role: "user", content: said };
    return undefined;
  }
  if (payload.type === "function_call" || payload.type === "custom_tool_call") {
    const input =
      typeof payload.arguments === "string" ? payload.arguments : JSON.stringify(payload.input ?? "");
    const call = {
      id: typeof payload.call_id === "string" ? payload.call_id : "",
      name: typeof payload.name === "string" ? payload.name : "tool",
      arguments: brief(input, TOOL_ARGUMENTS_CHARACTERS),
    };
    return { role: "assistant", content: "", toolCalls: [call] };
  }
  if (payload.type === "function_call_output" || payload.type === "custom_tool_call_output") {
    const output = typeof payload.output === "string" ? payload.output : JSON.stringify(payload.output ?? "");
    const toolCallId = typeof payload.call_id === "string" ? payload.call_id : "";
    return { role: "tool", toolCallId, content: brief(output, TOOL_RESULT_CHARACTERS) };
  }
  return undefined;
}
