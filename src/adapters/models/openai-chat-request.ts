import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { ChatMessage, ChatRequest } from "../../contracts/chat-model.js";

/**
 * The body of a `/chat/completions` request for a ChatRequest (without `stream`, which the caller
 * adds). Pure. Empty `tools` and `toolCalls` lists are left out: OpenAI refuses an empty array.
 * `defaultTemperature` is the model's configured one; the request's own wins.
 */
export function chatCompletionBody(
  model: string,
  request: ChatRequest,
  defaultTemperature: number | undefined,
): ChatCompletionCreateParamsNonStreaming {
  const body: ChatCompletionCreateParamsNonStreaming = {
    model,
    messages: request.messages.map(toOpenAIMessage),
  };
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    // A tool choice without tools is refused by OpenAI, so it only goes with them.
    if (request.toolChoice !== undefined) body.tool_choice = request.toolChoice;
  }
  if (request.responseFormat?.type === "json_object") body.response_format = { type: "json_object" };
  if (request.responseFormat?.type === "json_schema") {
    const { name, schema } = request.responseFormat;
    // Not strict: strict mode needs every property required and additionalProperties false,
    // which mnemo's schemas do not promise; the caller validates the answer anyway.
    body.response_format = { type: "json_schema", json_schema: { name, schema, strict: false } };
  }
  const temperature = request.temperature ?? defaultTemperature;
  if (temperature !== undefined) body.temperature = temperature;
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  return body;
}

function toOpenAIMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "tool":
      return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
    case "assistant": {
      if (message.toolCalls === undefined || message.toolCalls.length === 0) {
        return { role: "assistant", content: message.content };
      }
      return {
        role: "assistant",
        content: message.content,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.arguments },
        })),
      };
    }
  }
}
