import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { MnemoError } from "../../errors.js";
import { OpenAIEmbeddingModel, type OpenAIEmbeddingModelOptions } from "./openai-embedding-model.js";

/**
 * A real OpenAI-compatible server on 127.0.0.1: POST /v1/embeddings answers with 3-number vectors
 * derived from each text, in reverse order with their indexes (so the client must reorder), unless
 * the test scripted a fault for the next requests.
 */
type Fault = "500" | "401" | "malformed-json" | "wrong-count" | "four-numbers" | "hang" | "stall-body";

interface ReceivedRequest {
  authorization: string | undefined;
  body: { model: string; input: string[]; encoding_format?: string };
}

const received: ReceivedRequest[] = [];
let faults: Fault[] = [];
let server: Server;
let baseURL: string;

function vectorOf(text: string): number[] {
  return [text.length, text.charCodeAt(0) || 0, 1];
}

function answer(response: ServerResponse, request: ReceivedRequest, fault: Fault | undefined): void {
  const json = (status: number, value: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "retry-after-ms": "1" });
    response.end(JSON.stringify(value));
  };
  const inputs = request.body.input;
  if (fault === "hang") return;
  if (fault === "stall-body") {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"data": [');
    return;
  }
  if (fault === "500" || fault === "401") {
    json(Number(fault), {
      error: { message: fault === "500" ? "the model crashed" : "Incorrect API key provided" },
    });
    return;
  }
  if (fault === "malformed-json") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"data": [{"embedding": [0.1, 0.2');
    return;
  }
  const data = inputs.map((text, index) => ({
    object: "embedding",
    index,
    embedding: fault === "four-numbers" ? [...vectorOf(text), 0] : vectorOf(text),
  }));
  if (fault === "wrong-count") data.pop();
  json(200, { object: "list", model: request.body.model, data: data.reverse(), usage: { prompt_tokens: 1 } });
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let text = "";
  for await (const chunk of request) text += chunk;
  if (request.method !== "POST" || request.url !== "/v1/embeddings") {
    response.writeHead(404).end();
    return;
  }
  const recorded: ReceivedRequest = { authorization: request.headers.authorization, body: JSON.parse(text) };
  received.push(recorded);
  answer(response, recorded, faults.shift());
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  received.length = 0;
  faults = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function model(options: Partial<OpenAIEmbeddingModelOptions> = {}): OpenAIEmbeddingModel {
  return new OpenAIEmbeddingModel({
    baseURL,
    apiKey: "test-key",
    model: "test-embedder",
    timeoutMs: 300,
    maxRetries: 1,
    batchSize: 2,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<MnemoError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!MnemoError.isInstance(error)) throw new Error(`expected a MnemoError, got ${String(error)}`);
  expect(error.message).toContain(baseURL);
  expect(error.message).toContain('"test-embedder"');
  return error;
}

describe("OpenAIEmbeddingModel", () => {
  test("asks for floats in batches, with the API key, and returns the vectors in input order", async () => {
    const embedder = model();
    expect(embedder.id).toBe("openai:test-embedder");
    const vectors = await embedder.embed(["alpha", "be", "gamma", "d", "epsilon"], { purpose: "document" });
    expect(vectors.map((vector) => [...vector])).toEqual(
      ["alpha", "be", "gamma", "d", "epsilon"].map(vectorOf),
    );
    expect(received.map((request) => request.body.input)).toEqual([
      ["alpha", "be"],
      ["gamma", "d"],
      ["epsilon"],
    ]);
    for (const request of received) {
      expect(request.body.encoding_format).toBe("float");
      expect(request.body.model).toBe("test-embedder");
      expect(request.authorization).toBe("Bearer test-key");
    }
  });

  test("open() learns the size from one probe text, once; a configured size needs no request", async () => {
    const embedder = model();
    expect(await embedder.open()).toEqual({ dimensions: 3 });
    expect(await embedder.open()).toEqual({ dimensions: 3 });
    expect(received).toHaveLength(1);
    expect(await model({ dimensions: 3 }).open()).toEqual({ dimensions: 3 });
    expect(received).toHaveLength(1);
  });

  test("an empty list sends nothing; blank texts are not sent and get the zero vector", async () => {
    const embedder = model({ dimensions: 3 });
    expect(await embedder.embed([])).toEqual([]);
    expect(received).toHaveLength(0);
    const vectors = await embedder.embed(["", "kitten", "  \n"]);
    expect(vectors.map((vector) => [...vector])).toEqual([[0, 0, 0], vectorOf("kitten"), [0, 0, 0]]);
    expect(received.map((request) => request.body.input)).toEqual([["kitten"]]);
  });

  test("retries a server error and then succeeds", async () => {
    faults = ["500"];
    const vectors = await model().embed(["kitten"]);
    expect([...(vectors[0] ?? [])]).toEqual(vectorOf("kitten"));
    expect(received).toHaveLength(2);
  });

  test("the client logs nothing of its own, even with OPENAI_LOG set: the caller gets the error, once", async () => {
    vi.stubEnv("OPENAI_LOG", "debug");
    const logged = (["debug", "info", "warn", "error", "log"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => undefined),
    );
    try {
      faults = ["500", "500"];
      const error = await failure(model().embed(["kitten"]));
      expect(error.message).toContain("HTTP 500");
      expect(received).toHaveLength(2);
      for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of logged) spy.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  test("a server that keeps failing gives a clear error after the retries", async () => {
    faults = ["500", "500"];
    const error = await failure(model().embed(["kitten"]));
    expect(error.code).toBe("IO");
    expect(error.message).toContain("HTTP 500");
    expect(error.message).toContain("2 attempts");
    expect(received).toHaveLength(2);
  });

  test("a refused API key is a configuration error", async () => {
    faults = ["401"];
    const error = await failure(model().embed(["kitten"]));
    expect(error.code).toBe("INVALID_CONFIG");
    expect(error.message).toContain("Check the API key");
  });

  test("malformed JSON, a wrong vector count and a wrong vector size are clear errors", async () => {
    faults = ["malformed-json"];
    expect((await failure(model().embed(["kitten"]))).message).toContain("not valid JSON");
    faults = ["wrong-count"];
    expect((await failure(model().embed(["kitten", "puppy"]))).message).toContain(
      "returned 1 vectors for 2 texts",
    );
    faults = ["four-numbers"];
    expect((await failure(model({ dimensions: 3 }).embed(["kitten"]))).message).toContain(
      "has 4 numbers where 3 were expected",
    );
  });

  test("a server that never answers is abandoned after the timeout", async () => {
    faults = ["hang", "hang"];
    const started = Date.now();
    const error = await failure(model({ timeoutMs: 150 }).embed(["kitten"]));
    expect(error.message).toContain("did not answer within 150 ms");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test("a body that stalls after its headers is abandoned too", async () => {
    faults = ["stall-body"];
    const error = await failure(model({ timeoutMs: 150, maxRetries: 0 }).embed(["kitten"]));
    expect(error.message).toContain("did not answer within 150 ms");
  });

  test("an unreachable server is a clear error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const embedder = model({ baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
    const error = await embedder.embed(["kitten"]).catch((reason: unknown) => reason);
    expect(MnemoError.isInstance(error) && error.code).toBe("IO");
    expect((error as MnemoError).message).toContain(`127.0.0.1:${port}`);
    expect((error as MnemoError).message).toContain("could not be reached");
  });

  test("the caller's abort stops the request and rejects with its reason", async () => {
    faults = ["hang"];
    const controller = new AbortController();
    const pending = model({ timeoutMs: 10_000 }).embed(["kitten"], { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("caller gave up")), 50);
    await expect(pending).rejects.toThrow("caller gave up");
  });

  test("rejects impossible options before any request", () => {
    expect(() => model({ batchSize: 0 })).toThrow(/batchSize must be a whole number/);
    expect(() => model({ model: " " })).toThrow(/needs a model name/);
  });
});
