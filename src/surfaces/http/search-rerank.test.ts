import { afterEach, expect, test } from "vitest";
import { z } from "zod";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { serveTestHome } from "../../testing/test-http-server.js";
import { COFFEE_PATHS, reversing, saveCoffeeMemories } from "../../testing/test-rerank-home.js";

/**
 * GET /v1/search's `rerank` through the real server on loopback and fetch, the home's `llm`
 * config naming a scripted chat server that reverses the order it is given; answers are checked
 * against the server's own OpenAPI document.
 */
let chat: FakeOpenAiServer | undefined;
afterEach(async () => {
  await chat?.close();
});

type Operation = {
  parameters: { name: string }[];
  responses: Record<string, { content: { "application/json": { schema: unknown } } }>;
};

test("rerank=true returns the model's order, as documented; rerank=maybe is refused", async () => {
  chat = await startFakeOpenAiServer({ reply: reversing });
  const { memory, url } = await serveTestHome({
    config: { llm: { baseUrl: chat.baseURL, model: "fake-model", maxRetries: 0 } },
  });
  await saveCoffeeMemories(memory);
  const openapi = (await (await fetch(`${url}/openapi.json`)).json()) as {
    paths: Record<string, { get: Operation }>;
  };
  const search = openapi.paths["/v1/search"]?.get as Operation;
  expect(search.parameters.map((parameter) => parameter.name)).toContain("rerank");
  const documented = z.fromJSONSchema(
    search.responses["200"]?.content["application/json"].schema as Parameters<typeof z.fromJSONSchema>[0],
  );

  const answer = async (query: string) => {
    const response = await fetch(`${url}/v1/search?${query}`);
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const fused = await answer("query=coffee");
  const reranked = await answer("query=coffee&rerank=true");
  expect(documented.safeParse(reranked.json).error).toBeUndefined();
  const paths = (json: Record<string, unknown>) => (json.hits as { path: string }[]).map((hit) => hit.path);
  expect(paths(fused.json)).toEqual(COFFEE_PATHS);
  expect(paths(reranked.json)).toEqual([...COFFEE_PATHS].reverse());
  expect(reranked.json.rerank).toMatchObject({ applied: true, candidates: 4, model: "openai:fake-model" });
  expect((reranked.json.hits as { rerankPosition: number }[])[0]?.rerankPosition).toBe(1);
  expect(chat.requests).toHaveLength(1);

  const refused = await answer("query=coffee&rerank=maybe");
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.json)).toMatch(/rerank/);
});
