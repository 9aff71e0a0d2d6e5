import { z } from "zod";
import { errorMessage } from "../../../errors.js";
import {
  brief,
  failure,
  TOOL_ARGUMENTS_CHARACTERS,
  TOOL_RESULT_CHARACTERS,
  type TranscriptMessage,
  type TranscriptParse,
} from "./transcript.js";

/**
 * OpenAI-style chat messages as JSON: `[{role, content}, ...]` or `{messages: [...]}`, as a chat
 * completion request, most agent frameworks and exported chats hold them. `content` is a string or
 * a list of parts of which the text ones are read; an assistant's `tool_calls` and the `tool`
 * messages answering them are kept in brief; system and developer messages are left out (they are
 * instructions, not conversation). A problem names the message by its number, counted from 1.
 */
const part = z.looseObject({ type: z.string(), text: z.string().optional() });

const message = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(part), z.null()]).optional(),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        function: z.looseObject({ name: z.string(), arguments: z.string().optional() }),
      }),
    )
    .optional(),
  tool_call_id: z.string().optional(),
});

export function parseOpenAiMessages(text: string): TranscriptParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return failure(1, `not JSON (${errorMessage(error)})`);
  }
  const list = Array.isArray(value) ? value : (value as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(list)) return failure(1, 'neither a list of messages nor an object with "messages"');
  const messages: TranscriptMessage[] = [];
  for (const [index, each] of list.entries()) {
    const parsed = message.safeParse(each);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failure(
        1,
        `message ${index + 1}: ${issue?.path.join(".") || "the message"}: ${issue?.message ?? "invalid"}`,
      );
    }
    const read = messageOf(parsed.data);
    if (read !== undefined) messages.push({ message: read });
  }
  return { ok: true, transcript: { format: "messages", messages } };
}

function messageOf(parsed: z.output<typeof message>): TranscriptMessage["message"] | undefined {
  const content = parsed.content;
  const said = (
    typeof content === "string" ? content : (content ?? []).map((each) => each.text ?? "").join("\n")
  ).trim();
  if (parsed.role === "user") return said === "" ? undefined : { role: "user", content: said };
  if (parsed.role === "tool")
    return {
      role: "tool",
      toolCallId: parsed.tool_call_id ?? "",
      content: brief(said, TOOL_RESULT_CHARACTERS),
    };
  if (parsed.role !== "assistant") return undefined;
  const toolCalls = (parsed.tool_calls ?? []).map((call) => ({
    id: call.id ?? "",
    name: call.function.name,
    arguments: brief(call.function.arguments ?? "", TOOL_ARGUMENTS_CHARACTERS),
  }));
  if (said === "" && toolCalls.length === 0) return undefined;
  return { role: "assistant", content: said, ...(toolCalls.length > 0 ? { toolCalls } : {}) };
}
