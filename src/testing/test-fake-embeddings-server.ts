import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { HashingEmbeddingModel } from "./hashing-embedding-model.js";

/**
 * An OpenAI-compatible embeddings server on 127.0.0.1 that takes its time: `POST /v1/embeddings`
 * answers with bag-of-words vectors (HashingEmbeddingModel) after `delayMs`. Tests and benches of a
 * home configured with `search.embedder: "openai"` and this `baseURL` see what a slow model does to
 * a search (issue 29: a search answers while the vectors are still being filled).
 */
export interface FakeEmbeddingsServer {
  /** e.g. "http://127.0.0.1:41234/v1": the home's search.openaiBaseUrl. */
  baseURL: string;
  /** Texts embedded so far, per request. */
  requests: string[][];
  close(): Promise<void>;
}

export async function startFakeEmbeddingsServer(
  options: { delayMs?: number; dimensions?: number } = {},
): Promise<FakeEmbeddingsServer> {
  const model = new HashingEmbeddingModel({ dimensions: options.dimensions ?? 64 });
  const requests: string[][] = [];
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = "";
    for await (const chunk of request) text += chunk;
    if (request.method !== "POST" || request.url !== "/v1/embeddings") {
      sendJson(response, 404, {
        error: { message: `only POST /v1/embeddings, not ${request.method} ${request.url}` },
      });
      return;
    }
    const body = JSON.parse(text) as { input?: unknown; model?: unknown };
    const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
    requests.push(inputs);
    await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
    const vectors = await model.embed(inputs);
    sendJson(response, 200, {
      object: "list",
      model: String(body.model),
      data: vectors.map((vector, index) => ({ object: "embedding", index, embedding: [...vector] })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
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

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
