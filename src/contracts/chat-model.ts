/**
 * A chat-completion model that can call tools. Implementation: any OpenAI-compatible endpoint
 * (OpenAI, Ollama, vLLM, LM Studio) through src/adapters/models/openai-chat-model.ts. The engine and the
 * agent talk to this contract only.
 */
export interface ChatModel {
  /** Names the endpoint's model, e.g. "openai:gpt-4o-mini" (for logs and provenance). */
  readonly id: string;
  /**
   * One completion. With `onText` the answer is streamed and each piece of text is passed on as
   * it arrives; the resolved response holds the whole answer either way.
   *
   * Rejects with a MnemoError: "IO" for timeouts, unreachable servers, 429/5xx after the retries
   * and bodies that are not the expected JSON; "INVALID_CONFIG" for 401/403/404; "INVALID_INPUT"
   * for 400/413/422. When `signal` fires, its reason is thrown as is.
   */
  complete(request: ChatRequest): Promise<ChatResponse>;
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; content: string };

/** A tool call as the model made it; `arguments` is the model's raw JSON text, not yet validated. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A tool the model may call: `parameters` is a JSON Schema object. */
export interface ChatToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ChatToolSpec[];
  toolChoice?: "auto" | "none" | "required";
  /** Ask for a JSON answer; with a schema, for one that fits it (the answer is still validated by the caller). */
  responseFormat?:
    | { type: "json_object" }
    | { type: "json_schema"; name: string; schema: Record<string, unknown> };
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  /** Streams the answer: called with each piece of text as it arrives. */
  onText?: (text: string) => void;
}

export interface ChatResponse {
  /** The answer's text ("" when the model only called tools). */
  content: string;
  toolCalls: ToolCall[];
  finishReason: "stop" | "length" | "tool_calls" | "content_filter" | "other";
  usage?: { promptTokens: number; completionTokens: number };
}
