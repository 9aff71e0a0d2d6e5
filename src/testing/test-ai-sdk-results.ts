/**
 * Test helpers for the AI SDK's mock model. Its types come from the mock itself, so that no test
 * imports @ai-sdk/provider, which mnemo does not depend on.
 */
import type { MockLanguageModelV3 } from "ai/test";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
type Prompt = MockLanguageModelV3["doGenerateCalls"][number]["prompt"];

/** What the AI SDK's mock model answers in these tests: content, a finish reason, some usage. */
export function mockResult(content: GenerateResult["content"]): GenerateResult {
  const calls = content.some((part) => part.type === "tool-call");
  return {
    content,
    finishReason: { unified: calls ? "tool-calls" : "stop", raw: undefined },
    usage: mockUsage(),
    warnings: [],
  };
}

export function mockUsage(): GenerateResult["usage"] {
  return {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  };
}

let calls = 0;

export function toolCall(toolName: string, input: Record<string, unknown>) {
  calls += 1;
  return { type: "tool-call" as const, toolCallId: `call-${calls}`, toolName, input: JSON.stringify(input) };
}

/** The outputs of the tool results in a prompt the model was sent, in order. */
export function toolOutputs(prompt: Prompt | undefined): { type: string; value?: unknown }[] {
  return (prompt ?? []).flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => (part.type === "tool-result" ? [part.output] : []))
      : [],
  ) as { type: string; value?: unknown }[];
}
