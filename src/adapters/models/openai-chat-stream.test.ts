import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { type FakeAnswer, replyChunks, replyCompletion } from "../../testing/fake-openai-replies.js";
import { readChatCompletion } from "./openai-chat-response.js";
import { addStreamChunk, finishStreamedAnswer, startStreamedAnswer } from "./openai-chat-stream.js";

const answerArbitrary: fc.Arbitrary<FakeAnswer> = fc.record({
  content: fc.string({ unit: "grapheme", maxLength: 60 }),
  toolCalls: fc.array(
    fc.record({
      id: fc.stringMatching(/^call_[a-z0-9]{1,6}$/),
      name: fc.stringMatching(/^[a-z_]{1,12}$/),
      arguments: fc.json(),
    }),
    { maxLength: 3 },
  ),
  chunkSize: fc.integer({ min: 1, max: 8 }),
  usage: fc.record({ promptTokens: fc.nat(), completionTokens: fc.nat() }),
});

function expected(answer: FakeAnswer) {
  const toolCalls = answer.toolCalls ?? [];
  return {
    content: answer.content,
    toolCalls,
    finishReason: toolCalls.length > 0 ? "tool_calls" : "stop",
    usage: answer.usage,
  };
}

describe("a streamed answer", () => {
  test.prop([answerArbitrary])(
    "assembled from its chunks is the answer the server sent, and the text pieces join to its content",
    (answer) => {
      const assembled = startStreamedAnswer();
      const pieces: string[] = [];
      for (const chunk of replyChunks(answer, { model: "m", includeUsage: true })) {
        const added = addStreamChunk(assembled, chunk);
        if (!added.ok) throw new Error(added.problem);
        if (added.text !== "") pieces.push(added.text);
      }
      expect(pieces.join("")).toBe(answer.content);
      expect(finishStreamedAnswer(assembled)).toEqual(expected(answer));
    },
  );

  test.prop([answerArbitrary])("read from one body is the same answer", (answer) => {
    expect(readChatCompletion(replyCompletion(answer, { model: "m", includeUsage: false }))).toEqual({
      ok: true,
      response: expected(answer),
    });
  });

  test("fragments without an index or an id still make whole tool calls", () => {
    const assembled = startStreamedAnswer();
    const fragments = [
      { function: { name: "search", arguments: '{"q":' } },
      { function: { arguments: '"cat"}' } },
    ];
    for (const fragment of fragments) {
      expect(addStreamChunk(assembled, { choices: [{ delta: { tool_calls: [fragment] } }] }).ok).toBe(true);
    }
    expect(finishStreamedAnswer(assembled)).toEqual({
      content: "",
      toolCalls: [{ id: "call_0", name: "search", arguments: '{"q":"cat"}' }],
      finishReason: "other",
    });
  });

  test("a chunk without choices, or with text that is not a string, is a problem", () => {
    const assembled = startStreamedAnswer();
    expect(addStreamChunk(assembled, { answer: "Miso" })).toMatchObject({ ok: false });
    expect(addStreamChunk(assembled, { choices: [{ delta: { content: 7 } }] })).toMatchObject({ ok: false });
    expect(readChatCompletion({ choices: [] })).toMatchObject({ ok: false });
  });
});
