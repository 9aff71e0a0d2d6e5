import { z } from "zod";
import type { ChatResponse, ToolCall } from "../../contracts/chat-model.js";
import { fallbackToolCallId, toFinishReason, toUsage, usageSchema } from "./openai-chat-response.js";

/**
 * Assembles a streamed `/chat/completions` answer from its chunks. Pure apart from updating the
 * accumulator it is given. Text arrives in pieces; a tool call arrives in fragments sharing an
 * `index`: the first names the call (id, name), the others add pieces of its `arguments`.
 *
 * @example
 * const answer = startStreamedAnswer();
 * for await (const chunk of stream) {
 *   const added = addStreamChunk(answer, chunk);
 *   if (!added.ok) throw new Error(added.problem);
 *   if (added.text !== "") show(added.text);
 * }
 * const response = finishStreamedAnswer(answer);
 */
export interface StreamedAnswer {
  content: string;
  /** By the `index` the server gave each call. */
  toolCalls: Map<number, ToolCall>;
  finishReason: string | undefined;
  usage: ChatResponse["usage"];
}

const chunkSchema = z.object({
  choices: z.array(
    z.object({
      delta: z
        .object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                /** Some servers leave it out; the fragment's position in the chunk stands in for it then. */
                index: z.number().int().nonnegative().optional(),
                id: z.string().nullish(),
                function: z
                  .object({ name: z.string().nullish(), arguments: z.string().nullish() })
                  .optional(),
              }),
            )
            .nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: usageSchema,
});

export type AddChunkResult = { ok: true; text: string } | { ok: false; problem: string };

export function startStreamedAnswer(): StreamedAnswer {
  return { content: "", toolCalls: new Map(), finishReason: undefined, usage: undefined };
}

/** Adds one chunk (the parsed JSON of one SSE event); `text` is the new piece of the answer's text. */
export function addStreamChunk(answer: StreamedAnswer, chunk: unknown): AddChunkResult {
  const parsed = chunkSchema.safeParse(chunk);
  if (!parsed.success) {
    return {
      ok: false,
      problem: `a streamed chunk is not {"choices": [{"delta": {"content", "tool_calls"}}]}: ${z.prettifyError(parsed.error)}`,
    };
  }
  answer.usage = toUsage(parsed.data.usage) ?? answer.usage;
  const choice = parsed.data.choices[0];
  if (choice === undefined) return { ok: true, text: "" };
  answer.finishReason = choice.finish_reason ?? answer.finishReason;
  const text = choice.delta?.content ?? "";
  answer.content += text;
  for (const [position, fragment] of (choice.delta?.tool_calls ?? []).entries()) {
    const index = fragment.index ?? position;
    const call = answer.toolCalls.get(index) ?? { id: "", name: "", arguments: "" };
    call.id ||= fragment.id ?? "";
    call.name ||= fragment.function?.name ?? "";
    call.arguments += fragment.function?.arguments ?? "";
    answer.toolCalls.set(index, call);
  }
  return { ok: true, text };
}

export function finishStreamedAnswer(answer: StreamedAnswer): ChatResponse {
  const toolCalls = [...answer.toolCalls.entries()]
    .sort(([left], [right]) => left - right)
    .map(([, call], position) => ({ ...call, id: call.id || fallbackToolCallId(position) }));
  const response: ChatResponse = {
    content: answer.content,
    toolCalls,
    finishReason: toFinishReason(answer.finishReason),
  };
  if (answer.usage !== undefined) response.usage = answer.usage;
  return response;
}
