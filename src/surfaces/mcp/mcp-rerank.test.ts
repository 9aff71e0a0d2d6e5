import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, expect, test } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { connectOverStdio, type McpConnection } from "../../testing/test-mcp-connections.js";
import { COFFEE_PATHS, reversing, writeCoffeeHome } from "../../testing/test-rerank-home.js";

/**
 * memory_search's `rerank` through the built `mnemo mcp` over stdio and the SDK's client, the home's
 * config naming a scripted chat server that reverses the order it is given.
 */
let server: FakeOpenAiServer | undefined;
let connection: McpConnection | undefined;
let home = "";
afterEach(async () => {
  await connection?.close();
  await server?.close();
  await removeDir(home);
});

test("memory_search with rerank: true returns the model's order and says so", async () => {
  server = await startFakeOpenAiServer({ reply: reversing });
  home = await makeTempDir();
  await writeCoffeeHome(home, server.baseURL);
  connection = await connectOverStdio(home);
  const search = async (args: Record<string, unknown>) => {
    const result = (await connection?.client.callTool({
      name: "memory_search",
      arguments: args,
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as {
      hits: { path: string; rerankPosition?: number }[];
      rerank?: unknown;
    };
    const first = result.content[0];
    return { data, text: first?.type === "text" ? first.text : "", paths: data.hits.map((hit) => hit.path) };
  };

  const fused = await search({ query: "coffee", limit: 4 });
  expect(fused.paths).toEqual(COFFEE_PATHS);
  expect(fused.data.rerank).toBeUndefined();
  expect(server.requests).toHaveLength(0);

  const reranked = await search({ query: "coffee", limit: 4, rerank: true });
  expect(reranked.paths).toEqual([...COFFEE_PATHS].reverse());
  expect(reranked.data.hits.map((hit) => hit.rerankPosition)).toEqual([1, 2, 3, 4]);
  expect(reranked.data.rerank).toMatchObject({ applied: true, candidates: 4, model: "openai:fake-model" });
  expect(reranked.text).toMatch(
    /^4 matches for "coffee" \(keyword search only: .*; reranked by openai:fake-model\):/,
  );
  expect(server.requests).toHaveLength(1);
});
