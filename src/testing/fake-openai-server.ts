import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeReply, replyChunks, replyCompletion } from "./fake-openai-replies.js";

export type {
  FakeAnswer,
  FakeHttpResponse,
  FakeMalformedBody,
  FakeReply,
  FakeToolCall,
} from "./fake-openai-replies.js";

/** One request to `POST /v1/chat/completions`, as the fake server received it. */
export interface RecordedChatRequest {
  headers: IncomingHttpHeaders;
  /** The parsed JSON body: model, messages, tools, stream, ... as the client sent them. */
  body: Record<string, unknown>;
}

export interface FakeOpenAiServerOptions {
  /** The answers, in order; or a function choosing one for each request (`index` counts from 0). */
  reply: FakeReply[] | ((request: RecordedChatRequest, index: number) => FakeReply | Promise<FakeReply>);
}

export interface FakeOpenAiServer {
  /** e.g. "http://127.0.0.1:41234/v1": give it to the client as its base URL. */
  baseURL: string;
  /** Every chat request received, in order. */
  requests: RecordedChatRequest[];
  /** Stops the server and cuts open connections (a stalled stream included). */
  close(): Promise<void>;
}

/**
 * A scripted OpenAI-compatible chat server on 127.0.0.1, for tests of code that talks to
 * `/v1/chat/completions` over real HTTP: it answers each request with the next scripted reply,
 * as SSE chunks when the request asked for `stream: true` and as one JSON body otherwise. When a
 * list of replies runs out it answers HTTP 500 (marked not to be retried) saying so.
 *
 * @example
 * const server = await startFakeOpenAiServer({ reply: [{ status: 503 }, { content: "Miso" }] });
 * const model = new OpenAIChatModel({ baseURL: server.baseURL, apiKey: "test", model: "fake" });
 * await model.complete({ messages: [{ role: "user", content: "My cat's name?" }] }); // retried, then "Miso"
 * await server.close();
 */
export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions): Promise<FakeOpenAiServer> {
  const requests: RecordedChatRequest[] = [];
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = "";
    for await (const chunk of request) text += chunk;
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      sendJson(response, 404, {
        error: {
          message: `The fake OpenAI server only serves POST /v1/chat/completions, not ${request.method} ${request.url}.`,
        },
      });
      return;
    }
    const body = parseObject(text);
    if (body === undefined) {
      sendJson(response, 400, { error: { message: "The fake OpenAI server needs a JSON object body." } });
      return;
    }
    const recorded: RecordedChatRequest = { headers: request.headers, body };
    const index = requests.push(recorded) - 1;
    const reply = Array.isArray(options.reply) ? options.reply[index] : await options.reply(recorded, index);
    if (reply === undefined) {
      sendJson(
        response,
        500,
        {
          error: {
            message: `The fake OpenAI server's script of ${index} replies ran out at request ${index + 1}.`,
          },
        },
        { "x-should-retry": "false" },
      );
      return;
    }
    await serve(reply, body, response);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(
  reply: FakeReply,
  body: Record<string, unknown>,
  response: ServerResponse,
): Promise<void> {
  const streamed = body.stream === true;
  if (reply.delayMs !== undefined && !(await waitUnlessGone(reply.delayMs, response))) return;
  if ("status" in reply) {
    const body = reply.body ?? { error: { message: `fake HTTP ${reply.status}` } };
    response.writeHead(reply.status, {
      "content-type": "application/json",
      "retry-after-ms": "1",
      ...reply.headers,
    });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
    return;
  }
  if ("malformed" in reply) {
    const contentType = streamed ? "text/event-stream" : "application/json";
    response.writeHead(200, { "content-type": contentType });
    response.end(streamed ? 'data: {"choices": [{"delta": \n\n' : '{"choices": [{"message": ');
    return;
  }
  const shape = { model: String(body.model), includeUsage: includesUsage(body) };
  if (streamed) {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const chunk of replyChunks(reply, shape).slice(0, reply.stallAfterChunks)) {
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    // With stallAfterChunks the stream stays open, unfinished, until the client goes away.
    if (reply.stallAfterChunks === undefined) response.end("data: [DONE]\n\n");
    return;
  }
  const json = JSON.stringify(replyCompletion(reply, shape));
  response.writeHead(200, { "content-type": "application/json" });
  if (reply.stallAfterChunks !== undefined) response.write(json.slice(0, json.length / 2));
  else response.end(json);
}

function includesUsage(body: Record<string, unknown>): boolean {
  const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
  return streamOptions?.include_usage === true;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Waits `ms`; false when the client went away meanwhile (then there is no one to answer). */
function waitUnlessGone(ms: number, response: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      response.off("close", onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    response.once("close", onClose);
  });
}
