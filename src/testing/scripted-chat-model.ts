import type { ChatModel, ChatRequest, ChatResponse } from "../contracts/chat-model.js";

/**
 * One scripted step: the answer's text, a whole response, an error to throw, or a function of the
 * request that returns any of these.
 */
export type ScriptedReply =
  | string
  | ChatResponse
  | { throws: unknown }
  | ((request: ChatRequest, callIndex: number) => ScriptedReply | Promise<ScriptedReply>);

export interface ScriptedChatModelOptions {
  /** Replies in call order; when they run out, the last one is repeated. */
  replies: ScriptedReply[];
  id?: string;
}

/**
 * An in-process ChatModel for tests: answers from a script, records every request it received,
 * and can throw a given error. Streams a text answer to `onText` in one piece.
 *
 *     const model = new ScriptedChatModel({ replies: ['{"entries": []}', { throws: new Error("down") }] });
 */
export class ScriptedChatModel implements ChatModel {
  readonly id: string;
  readonly requests: ChatRequest[] = [];
  private readonly replies: ScriptedReply[];

  constructor(options: ScriptedChatModelOptions) {
    if (options.replies.length === 0) throw new Error("ScriptedChatModel needs at least one reply.");
    this.id = options.id ?? "scripted";
    this.replies = options.replies;
  }

  get callCount(): number {
    return this.requests.length;
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const callIndex = this.requests.length;
    this.requests.push(request);
    request.signal?.throwIfAborted();
    let reply = this.replies[Math.min(callIndex, this.replies.length - 1)] as ScriptedReply;
    while (typeof reply === "function") reply = await reply(request, callIndex);
    if (typeof reply === "object" && "throws" in reply) throw reply.throws;
    const response: ChatResponse =
      typeof reply === "string" ? { content: reply, toolCalls: [], finishReason: "stop" } : reply;
    if (response.content !== "") request.onText?.(response.content);
    return response;
  }
}
