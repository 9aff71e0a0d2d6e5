import { z } from "zod";
import type { ChatResponse } from "../../contracts/chat-model.js";

/**
 * Reads the body of a non-streamed OpenAI-compatible `/chat/completions` answer into a
 * ChatResponse. Pure: a failure is returned as a `problem` sentence for the caller to put in its
 * error. Only the first choice is read (mnemo never asks for more than one).
 */
export type ReadChatResult = { ok: true; response: ChatResponse } | { ok: false; problem: string };

export const usageSchema = z
  .object({
    prompt_tokens: z.number().int().nonnegative(),
    completion_tokens: z.number().int().nonnegative(),
  })
  .nullish();

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                /** Some servers leave it out; the call's position stands in for it then. */
                id: z.string().nullish(),
                function: z.object({ name: z.string(), arguments: z.string() }),
              }),
            )
            .nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: usageSchema,
});

export function readChatCompletion(body: unknown): ReadChatResult {
  const parsed = completionSchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      problem: `the answer is not {"choices": [{"message": {"content", "tool_calls"}}]}: ${z.prettifyError(parsed.error)}`,
    };
  }
  const [choice] = parsed.data.choices as [(typeof parsed.data.choices)[number]];
  const response: ChatResponse = {
    content: choice.message.content ?? "",
    toolCalls: (choice.message.tool_calls ?? []).map((call, position) => ({
      id: call.id ?? fallbackToolCallId(position),
      name: call.function.name,
      arguments: call.function.arguments,
    })),
    finishReason: toFinishReason(choice.finish_reason),
  };
  const usage = toUsage(parsed.data.usage);
  if (usage !== undefined) response.usage = usage;
  return { ok: true, response };
}

/** The id given to a tool call the server sent without one. */
export function fallbackToolCallId(position: number): string {
  return `call_${position}`;
}

const KNOWN_FINISH_REASONS = new Set<string>(["stop", "length", "tool_calls", "content_filter"]);

/** The contract's finish reason for the server's; "other" for anything else, or none. */
export function toFinishReason(reason: string | null | undefined): ChatResponse["finishReason"] {
  return reason != null && KNOWN_FINISH_REASONS.has(reason)
    ? (reason as ChatResponse["finishReason"])
    : "other";
}

export function toUsage(usage: z.infer<typeof usageSchema>): ChatResponse["usage"] {
  return usage == null
    ? undefined
    : { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens };
}
