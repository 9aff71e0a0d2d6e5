import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnMnemo, startMnemoServe } from "../../testing/test-cli.js";
import {
  type FakeEmbeddingsServer,
  startFakeEmbeddingsServer,
} from "../../testing/test-fake-embeddings-server.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { connectOverStdio } from "../../testing/test-mcp-connections.js";
import { writeFactMemories } from "../../testing/test-memory-files.js";

/**
 * Issue 29: a grown home is searchable at once. Its first search answers by BM25 while the vectors
 * are filled in the background, and every surface says how many chunks still wait for theirs. The
 * embedding model is an OpenAI-compatible server in this process that takes 300 ms a request (a
 * request embeds a step of 16 chunks), so filling 200 memories takes seconds: the searches below
 * run while it goes on.
 */
const MEMORIES = 200;
let home: string;
let embeddings: FakeEmbeddingsServer;

beforeEach(async () => {
  embeddings = await startFakeEmbeddingsServer({ delayMs: 300 });
  home = await makeTempDir("mnemo-vectors-in-background-");
  const search = { embedder: "openai", openaiBaseUrl: embeddings.baseURL, openaiModel: "slow-test" };
  await writeFile(join(home, "config.json"), JSON.stringify({ search }));
  await writeFactMemories(home, MEMORIES, new Date());
});
afterEach(async () => {
  await embeddings.close();
  await removeDir(home);
});

const embeddedTexts = () => embeddings.requests.reduce((sum, texts) => sum + texts.length, 0);

interface Indexing {
  done: number;
  total: number;
}

describe("a search while the vectors are filled in the background", { timeout: 180_000 }, () => {
  it("mnemo recall answers by keyword first, says so, then fills the vectors with progress on stderr", async () => {
    const first = await spawnMnemo(["recall", "fact 123", "--json", "--limit", "3", "--home", home]);
    expect(first.status).toBe(0);
    const answer = JSON.parse(first.stdout) as {
      mode: string;
      hits: { locator: string }[];
      indexing?: Indexing;
    };
    expect(answer.hits[0]?.locator).toBe("Fact 123");
    expect(answer.mode).toBe("lexical");
    expect(answer.indexing?.total).toBeGreaterThanOrEqual(MEMORIES);
    expect(answer.indexing?.done).toBeLessThan(answer.indexing?.total ?? 0);
    expect(first.stderr).toMatch(/keyword search only: \d+ of the index's \d+ chunks have no vector yet/);
    // After the answer, the same call filled every vector, with a progress line at each tenth.
    const total = answer.indexing?.total ?? 0;
    expect(first.stderr).toContain(`vectors: ${total}/${total}`);
    expect(embeddedTexts()).toBeGreaterThanOrEqual(total);

    const fast = await spawnMnemo(["recall", "fact 123", "--fast", "--json", "--home", home]);
    expect(JSON.parse(fast.stdout)).toMatchObject({ mode: "lexical" });
    expect(JSON.parse(fast.stdout)).not.toHaveProperty("indexing");
    const hybrid = await spawnMnemo(["recall", "fact 123", "--json", "--home", home]);
    expect(JSON.parse(hybrid.stdout)).toMatchObject({ mode: "hybrid" });
    expect(JSON.parse(hybrid.stdout)).not.toHaveProperty("indexing");
  });

  it("HTTP: /v1/search answers at once with indexing { done, total } until every chunk has its vector", async () => {
    const served = await startMnemoServe(home);
    try {
      const search = async () => {
        const started = performance.now();
        const response = await fetch(`${served.endpoints.api}/search?query=fact%20123&limit=3`);
        const body = (await response.json()) as {
          mode: string;
          hits: { locator: string }[];
          indexing?: Indexing;
        };
        return { body, ms: performance.now() - started };
      };
      const first = await search();
      expect(first.body.hits[0]?.locator).toBe("Fact 123");
      expect(first.body.mode).toBe("lexical");
      expect(first.body.indexing?.done).toBeLessThan(first.body.indexing?.total ?? 0);
      // While the fill goes on, a search waits for it 1 s at most (slack for a busy machine).
      const during = await search();
      expect(during.body.indexing?.done).toBeLessThan(during.body.indexing?.total ?? 0);
      expect(during.ms).toBeLessThan(3_000);
      let last = during.body;
      for (let tries = 0; last.indexing && tries < 120; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        last = (await search()).body;
      }
      expect(last.indexing).toBeUndefined();
      expect(last.mode).toBe("hybrid");
    } finally {
      await served.stop();
    }
  });

  it("MCP: memory_search says in its text and its data how many chunks still wait for a vector", async () => {
    const { client, close } = await connectOverStdio(home);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("memory_search");
      const result = (await client.callTool({
        name: "memory_search",
        arguments: { query: "fact 123", limit: 3 },
      })) as CallToolResult;
      const data = result.structuredContent as { mode: string; indexing?: Indexing };
      expect(data.mode).toBe("lexical");
      expect(data.indexing?.done).toBeLessThan(data.indexing?.total ?? 0);
      const text = result.content[0]?.type === "text" ? result.content[0].text : "";
      expect(text).toContain("Fact 123");
      expect(text).toMatch(/vectors still being filled: \d+ of \d+ chunks have one/);
    } finally {
      await close();
    }
  });
});
