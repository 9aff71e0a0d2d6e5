/**
 * What the fake OpenAI server (fake-openai-server.ts) can be scripted to answer, and the pure
 * functions that turn an answer into a `/chat/completions` body or into its SSE chunks.
 */

export interface FakeToolCall {
  /** Default "call_fake_<position>". */
  id?: string;
  name: string;
  /** The raw JSON text of the arguments, sent as is (so it may be made invalid on purpose). */
  arguments: string;
}

interface FakeDelay {
  /** Waits this long before sending the headers (to make a client time out). */
  delayMs?: number;
}

/** A normal answer: one JSON body, or SSE chunks when the request asked for `stream: true`. */
export interface FakeAnswer extends FakeDelay {
  content?: string;
  toolCalls?: FakeToolCall[];
  /** Default "tool_calls" when there are tool calls, else "stop". */
  finishReason?: string;
  /** Characters of text, and of tool-call arguments, per streamed chunk. Default 3. */
  chunkSize?: number;
  /** Included when given; in a stream only when the request asked for it (`stream_options.include_usage`). */
  usage?: { promptTokens: number; completionTokens: number };
  /**
   * Sends this many chunks and then hangs, the stream unfinished, until the client goes away. On a
   * request without `stream`: sends the headers and half the body, then hangs.
   */
  stallAfterChunks?: number;
}

/**
 * Exactly this status, body and headers: an HTTP error, or a body no scripted answer produces. A
 * string body is sent as is, anything else as JSON; the default is `{"error": {"message": "fake HTTP <status>"}}`.
 */
export interface FakeHttpResponse extends FakeDelay {
  status: number;
  body?: unknown;
  /** Default `content-type: application/json` and `retry-after-ms: 1` (so that clients retry at once). */
  headers?: Record<string, string>;
}

/** A status 200 with a body that is not JSON; in a stream, a `data:` line that is not JSON. */
export interface FakeMalformedBody extends FakeDelay {
  malformed: true;
}

export type FakeReply = FakeAnswer | FakeHttpResponse | FakeMalformedBody;

/** What the answer echoes from the request. */
export interface ReplyShape {
  model: string;
  includeUsage: boolean;
}

const COMPLETION_ID = "chatcmpl-fake";
const CREATED = 1_700_000_000;

/** The JSON body of a non-streamed answer. */
export function replyCompletion(answer: FakeAnswer, shape: ReplyShape): Record<string, unknown> {
  const toolCalls = answer.toolCalls ?? [];
  return {
    id: COMPLETION_ID,
    object: "chat.completion",
    created: CREATED,
    model: shape.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: answer.content ?? (toolCalls.length > 0 ? null : ""),
          ...(toolCalls.length > 0
            ? {
                tool_calls: toolCalls.map((call, position) => ({
                  id: toolCallId(call, position),
                  type: "function",
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        },
        finish_reason: finishReason(answer),
      },
    ],
    ...(answer.usage ? { usage: openAIUsage(answer.usage) } : {}),
  };
}

/**
 * The SSE chunks of a streamed answer, in order (without the final `[DONE]`): the role, the text in
 * pieces, each tool call's id and name and then its arguments in pieces, the finish reason, and the
 * usage when asked for.
 */
export function replyChunks(answer: FakeAnswer, shape: ReplyShape): Record<string, unknown>[] {
  const size = answer.chunkSize ?? 3;
  const chunk = (delta: Record<string, unknown>, reason: string | null = null) => ({
    id: COMPLETION_ID,
    object: "chat.completion.chunk",
    created: CREATED,
    model: shape.model,
    choices: [{ index: 0, delta, finish_reason: reason }],
  });
  const chunks: Record<string, unknown>[] = [chunk({ role: "assistant", content: "" })];
  for (const piece of pieces(answer.content ?? "", size)) chunks.push(chunk({ content: piece }));
  for (const [index, call] of (answer.toolCalls ?? []).entries()) {
    const named = { index, id: toolCallId(call, index), type: "function" };
    chunks.push(chunk({ tool_calls: [{ ...named, function: { name: call.name, arguments: "" } }] }));
    for (const piece of pieces(call.arguments, size)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  }
  chunks.push(chunk({}, finishReason(answer)));
  if (shape.includeUsage && answer.usage) {
    chunks.push({ ...chunk({}), choices: [], usage: openAIUsage(answer.usage) });
  }
  return chunks;
}

/** Splits text into pieces of `size` characters (whole code points, so emoji stay whole). */
export function pieces(text: string, size: number): string[] {
  const characters = Array.from(text);
  const result: string[] = [];
  for (let start = 0; start < characters.length; start += Math.max(1, size)) {
    result.push(characters.slice(start, start + Math.max(1, size)).join(""));
  }
  return result;
}

function toolCallId(call: FakeToolCall, position: number): string {
  return call.id ?? `call_fake_${position}`;
}

function finishReason(answer: FakeAnswer): string {
  return answer.finishReason ?? ((answer.toolCalls ?? []).length > 0 ? "tool_calls" : "stop");
}

function openAIUsage(usage: { promptTokens: number; completionTokens: number }) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}
