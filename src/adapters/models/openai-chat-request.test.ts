import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { ChatMessage, ChatToolSpec } from "../../contracts/chat-model.js";
import { chatCompletionBody } from "./openai-chat-request.js";

const toolCallArbitrary = fc.record({ id: fc.string(), name: fc.string(), arguments: fc.string() });

const messageArbitrary: fc.Arbitrary<ChatMessage> = fc.oneof(
  fc.record({ role: fc.constantFrom("system" as const, "user" as const), content: fc.string() }),
  fc.record(
    { role: fc.constant("assistant" as const), content: fc.string(), toolCalls: fc.array(toolCallArbitrary) },
    { requiredKeys: ["role", "content"] },
  ),
  fc.record({ role: fc.constant("tool" as const), toolCallId: fc.string(), content: fc.string() }),
);

const toolArbitrary: fc.Arbitrary<ChatToolSpec> = fc.record({
  name: fc.string(),
  description: fc.string(),
  parameters: fc.constant({ type: "object" }),
});

describe("chatCompletionBody", () => {
  test.prop([
    fc.array(messageArbitrary),
    fc.array(toolArbitrary, { maxLength: 2 }),
    fc.constantFrom("auto" as const, "none" as const, "required" as const, undefined),
  ])(
    "keeps every message's role, text and tool calls, in order; never sends an empty list or a tool choice without tools",
    (messages, tools, toolChoice) => {
      const body = chatCompletionBody(
        "m",
        { messages, tools, ...(toolChoice ? { toolChoice } : {}) },
        undefined,
      );
      expect(body.messages.map((message) => [message.role, message.content])).toEqual(
        messages.map((message) => [message.role, message.content]),
      );
      for (const [position, message] of body.messages.entries()) {
        const original = messages[position] as ChatMessage;
        const calls = original.role === "assistant" ? (original.toolCalls ?? []) : [];
        const sent = "tool_calls" in message ? message.tool_calls : undefined;
        expect(
          sent?.map(
            (call) => call.type === "function" && [call.id, call.function.name, call.function.arguments],
          ),
        ).toEqual(calls.length === 0 ? undefined : calls.map((call) => [call.id, call.name, call.arguments]));
      }
      expect(body.tools?.length).toBe(tools.length === 0 ? undefined : tools.length);
      expect(body.tool_choice).toBe(tools.length === 0 ? undefined : toolChoice);
      expect("temperature" in body || "max_tokens" in body || "response_format" in body).toBe(false);
    },
  );
});
