import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import type { ChatRequest } from "../../contracts/chat-model.js";
import { MnemoError } from "../../errors.js";
import {
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../../testing/fake-openai-server.js";
import { OpenAIChatModel, type OpenAIChatModelOptions } from "./openai-chat-model.js";

let server: FakeOpenAiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Starts the fake server with a script and returns a model pointed at it (a short timeout, one retry). */
async function modelAnswering(
  reply: FakeReply[],
  options: Partial<OpenAIChatModelOptions> = {},
): Promise<{ model: OpenAIChatModel; fake: FakeOpenAiServer }> {
  server = await startFakeOpenAiServer({ reply });
  const model = new OpenAIChatModel({
    baseURL: server.baseURL,
    apiKey: "test-key",
    model: "test-chat",
    timeoutMs: 1000,
    maxRetries: 1,
    ...options,
  });
  return { model, fake: server };
}

const question: ChatRequest = { messages: [{ role: "user", content: "What is my cat called?" }] };

function streamed(request: ChatRequest = question): { request: ChatRequest; pieces: string[] } {
  const pieces: string[] = [];
  return { request: { ...request, onText: (text) => pieces.push(text) }, pieces };
}

/** The MnemoError a completion rejected with; checks that it names the endpoint and the model. */
async function failure(model: OpenAIChatModel, request: ChatRequest = question): Promise<MnemoError> {
  const error = await model.complete(request).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!MnemoError.isInstance(error)) throw new Error(`expected a MnemoError, got ${String(error)}`);
  expect(error.message).toContain(server?.baseURL);
  expect(error.message).toContain('"test-chat"');
  return error;
}

describe("OpenAIChatModel answers", () => {
  test("a plain answer, with usage, sent with the API key", async () => {
    const { model, fake } = await modelAnswering([
      { content: "Your cat is called Miso.", usage: { promptTokens: 12, completionTokens: 6 } },
    ]);
    expect(model.id).toBe("openai:test-chat");
    expect(await model.complete(question)).toEqual({
      content: "Your cat is called Miso.",
      toolCalls: [],
      finishReason: "stop",
      usage: { promptTokens: 12, completionTokens: 6 },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer test-key");
    expect(fake.requests[0]?.body.stream).toBeUndefined();
  });

  test("maps messages, tool calls, tool results, tools and response format into the request body", async () => {
    const { model, fake } = await modelAnswering([{ content: "{}" }], { temperature: 0.3 });
    const parameters = { type: "object", properties: { name: { type: "string" } } };
    await model.complete({
      messages: [
        { role: "system", content: "You remember things." },
        { role: "user", content: "Remember my cat." },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "call_1", name: "remember", arguments: '{"name":"Miso"}' }],
        },
        { role: "tool", toolCallId: "call_1", content: "saved" },
        { role: "assistant", content: "Done." },
      ],
      tools: [{ name: "remember", description: "Saves a fact.", parameters }],
      toolChoice: "required",
      responseFormat: { type: "json_schema", name: "fact", schema: parameters },
      maxTokens: 50,
    });
    expect(fake.requests[0]?.body).toEqual({
      model: "test-chat",
      messages: [
        { role: "system", content: "You remember things." },
        { role: "user", content: "Remember my cat." },
        {
          role: "assistant",
          content: "",
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "remember", arguments: '{"name":"Miso"}' } },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "saved" },
        { role: "assistant", content: "Done." },
      ],
      tools: [{ type: "function", function: { name: "remember", description: "Saves a fact.", parameters } }],
      tool_choice: "required",
      response_format: {
        type: "json_schema",
        json_schema: { name: "fact", schema: parameters, strict: false },
      },
      temperature: 0.3,
      max_tokens: 50,
    });
  });

  test("a request's temperature wins over the model's; json_object is passed on", async () => {
    const { model, fake } = await modelAnswering([{ content: "{}" }], { temperature: 0.3 });
    await model.complete({ ...question, temperature: 0, responseFormat: { type: "json_object" } });
    expect(fake.requests[0]?.body).toMatchObject({
      temperature: 0,
      response_format: { type: "json_object" },
    });
  });

  test("non-streamed tool calls", async () => {
    const { model } = await modelAnswering([
      {
        toolCalls: [
          { id: "call_a", name: "search", arguments: '{"query":"cat"}' },
          { name: "recall", arguments: "{}" },
        ],
      },
    ]);
    expect(await model.complete(question)).toEqual({
      content: "",
      toolCalls: [
        { id: "call_a", name: "search", arguments: '{"query":"cat"}' },
        { id: "call_fake_1", name: "recall", arguments: "{}" },
      ],
      finishReason: "tool_calls",
    });
  });
});

describe("OpenAIChatModel streams", () => {
  test("passes each piece of text on, in order, and returns the whole answer with usage", async () => {
    const content = "Your cat is called Miso 🐈, she is three.";
    const { model, fake } = await modelAnswering([
      { content, chunkSize: 4, usage: { promptTokens: 9, completionTokens: 11 } },
    ]);
    const { request, pieces } = streamed();
    const response = await model.complete(request);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join("")).toBe(content);
    expect(response).toEqual({
      content,
      toolCalls: [],
      finishReason: "stop",
      usage: { promptTokens: 9, completionTokens: 11 },
    });
    expect(fake.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  test("assembles tool calls whose arguments arrive in fragments", async () => {
    const searchArguments = '{"query":"what is the name of my cat","limit":5}';
    const { model } = await modelAnswering([
      {
        content: "Let me look.",
        chunkSize: 5,
        toolCalls: [
          { id: "call_a", name: "search", arguments: searchArguments },
          { id: "call_b", name: "recall", arguments: '{"topic":"pets"}' },
        ],
      },
    ]);
    const { request, pieces } = streamed();
    const response = await model.complete(request);
    expect(pieces.join("")).toBe("Let me look.");
    expect(response.toolCalls).toEqual([
      { id: "call_a", name: "search", arguments: searchArguments },
      { id: "call_b", name: "recall", arguments: '{"topic":"pets"}' },
    ]);
    expect(response.finishReason).toBe("tool_calls");
  });

  test("an unknown finish reason is reported as other", async () => {
    const { model } = await modelAnswering([{ content: "hm", finishReason: "eos_token" }]);
    expect((await model.complete(streamed().request)).finishReason).toBe("other");
  });
});

describe("OpenAIChatModel retries and errors", () => {
  test("retries a server error and then succeeds", async () => {
    const { model, fake } = await modelAnswering([{ status: 500 }, { content: "Miso" }]);
    expect((await model.complete(question)).content).toBe("Miso");
    expect(fake.requests).toHaveLength(2);
  });

  test("retries a streamed request that failed before it began", async () => {
    const { model, fake } = await modelAnswering([{ status: 503 }, { content: "Miso" }]);
    const { request, pieces } = streamed();
    expect((await model.complete(request)).content).toBe("Miso");
    expect(pieces.join("")).toBe("Miso");
    expect(fake.requests).toHaveLength(2);
  });

  test("a server that keeps failing gives an IO error after maxRetries + 1 attempts", async () => {
    const { model, fake } = await modelAnswering([{ status: 500 }, { status: 502 }, { status: 500 }], {
      maxRetries: 2,
    });
    const error = await failure(model);
    expect(error.code).toBe("IO");
    expect(error.message).toContain("HTTP 500");
    expect(error.message).toContain("3 attempts");
    expect(fake.requests).toHaveLength(3);
  });

  test.each([
    { status: 401, code: "INVALID_CONFIG", hint: "Check the API key" },
    { status: 403, code: "INVALID_CONFIG", hint: "Check the API key" },
    { status: 404, code: "INVALID_CONFIG", hint: "Check the base URL" },
    { status: 400, code: "INVALID_INPUT", hint: "The server refused the request" },
    { status: 422, code: "INVALID_INPUT", hint: "The server refused the request" },
  ])("HTTP $status is $code and is not retried", async ({ status, code, hint }) => {
    const { model, fake } = await modelAnswering([{ status }, { content: "never sent" }]);
    const error = await failure(model);
    expect(error.code).toBe(code);
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).toContain(hint);
    expect(fake.requests).toHaveLength(1);
  });

  test("a body that is not JSON, or lacks choices, is an IO error", async () => {
    let { model } = await modelAnswering([{ malformed: true }], { maxRetries: 0 });
    const error = await failure(model);
    expect(error.code).toBe("IO");
    expect(error.message).toContain("not valid JSON");
    await server?.close();
    ({ model } = await modelAnswering([{ status: 200, body: { answer: "Miso" } }]));
    expect((await failure(model)).message).toContain('is not {"choices"');
  });

  test("a streamed chunk that is not JSON, or lacks choices, is an IO error", async () => {
    let { model } = await modelAnswering([{ malformed: true }], { maxRetries: 0 });
    const error = await failure(model, streamed().request);
    expect(error.code).toBe("IO");
    expect(error.message).toContain("not valid JSON");
    await server?.close();
    ({ model } = await modelAnswering([
      { status: 200, body: 'data: {"answer": "Miso"}\n\n', headers: { "content-type": "text/event-stream" } },
    ]));
    expect((await failure(model, streamed().request)).message).toContain(
      'a streamed chunk is not {"choices"',
    );
  });

  test("a stream request answered with a plain JSON body is an IO error, not an empty answer", async () => {
    const { model } = await modelAnswering([
      { status: 200, body: { choices: [{ message: { content: "Miso" } }] } },
    ]);
    expect((await failure(model, streamed().request)).message).toContain("without a single `data:` chunk");
  });

  test("an error thrown by onText reaches the caller as is", async () => {
    const { model } = await modelAnswering([{ content: "Your cat is Miso." }]);
    const onText = () => {
      throw new RangeError("the terminal is gone");
    };
    await expect(model.complete({ ...question, onText })).rejects.toThrow(RangeError);
  });

  test("a server that does not answer in time is an IO error naming the timeout", async () => {
    const { model, fake } = await modelAnswering([{ delayMs: 2000 }, { delayMs: 2000 }], { timeoutMs: 150 });
    const started = Date.now();
    const error = await failure(model);
    expect(error.code).toBe("IO");
    expect(error.message).toContain("did not answer within 150 ms (2 attempts)");
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1900);
  });

  test("a stream that stalls after some text is an IO error, not retried", async () => {
    const { model, fake } = await modelAnswering([{ content: "Your cat is Miso.", stallAfterChunks: 3 }], {
      timeoutMs: 200,
    });
    const { request, pieces } = streamed();
    const error = await failure(model, request);
    expect(error.code).toBe("IO");
    expect(error.message).toContain("nothing arrived for 200 ms");
    expect(error.message).toContain("not retried");
    expect(pieces.join("")).toBe("Your c");
    expect(fake.requests).toHaveLength(1);
  });

  test("a non-streamed body that stalls after its headers is an IO error", async () => {
    const { model } = await modelAnswering([{ content: "Miso", stallAfterChunks: 0 }], { timeoutMs: 200 });
    const error = await failure(model);
    expect(error.code).toBe("IO");
    expect(error.message).toContain("nothing arrived for 200 ms");
  });

  test("an unreachable server is an IO error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const model = new OpenAIChatModel({
      baseURL: `http://127.0.0.1:${port}/v1`,
      apiKey: "k",
      model: "m",
      maxRetries: 0,
    });
    const error = await model.complete(question).catch((reason: unknown) => reason);
    expect(MnemoError.isInstance(error) && error.code).toBe("IO");
    expect((error as MnemoError).message).toContain("could not be reached");
  });

  test("the caller's abort rejects with its reason, before the headers and mid-stream", async () => {
    const { model } = await modelAnswering(
      [{ delayMs: 5000 }, { content: "Your cat is Miso.", stallAfterChunks: 2 }],
      {
        timeoutMs: 10_000,
      },
    );
    const early = new AbortController();
    setTimeout(() => early.abort(new Error("caller gave up")), 50);
    await expect(model.complete({ ...question, signal: early.signal })).rejects.toThrow("caller gave up");
    const midStream = new AbortController();
    const onText = () => midStream.abort(new Error("user pressed stop"));
    await expect(model.complete({ ...question, signal: midStream.signal, onText })).rejects.toThrow(
      "user pressed stop",
    );
  });

  test("rejects impossible options before any request", () => {
    const base = { apiKey: "k", model: "m" };
    expect(() => new OpenAIChatModel({ ...base, model: " " })).toThrow(/needs a model name/);
    expect(() => new OpenAIChatModel({ ...base, timeoutMs: 0 })).toThrow(/timeoutMs must be a whole number/);
    expect(() => new OpenAIChatModel({ ...base, temperature: -1 })).toThrow(/temperature must be a number/);
  });
});
