import { afterEach, describe, expect, test } from "vitest";
import { openMemory } from "../../open-memory.js";
import {
  type FakeOpenAiServer,
  type FakeReply,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../../testing/fake-openai-server.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import {
  COFFEE_MEMORIES,
  COFFEE_PATHS,
  numbersSent,
  promptOf,
  reversing,
  saveCoffeeMemories,
} from "../../testing/test-rerank-home.js";
import type { MnemoConfigInput } from "../config/schema.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * The optional LLM rerank through the real path: a home on disk (files, SQLite's index, BM25), the
 * real openai client made from the home's `llm` config, and a scripted OpenAI-compatible server on
 * 127.0.0.1 answering the rerank call.
 */
let memory: MemoryHome | undefined;
let home = "";
let server: FakeOpenAiServer | undefined;
let warnings: string[] = [];

afterEach(async () => {
  await memory?.close();
  await server?.close();
  await removeDir(home);
  memory = server = undefined;
});

async function openHome(
  reply: FakeReply[] | ((request: RecordedChatRequest) => FakeReply),
  config: { search?: MnemoConfigInput["search"]; llm?: MnemoConfigInput["llm"]; noModel?: boolean } = {},
) {
  server = await startFakeOpenAiServer({ reply });
  const llm = config.noModel ? {} : { baseUrl: server.baseURL, model: "fake-model", ...config.llm };
  ({ memory, home, warnings } = await openTestMemory({
    config: { search: { embedder: "none", ...config.search }, llm },
  }));
  await saveCoffeeMemories(memory);
  return memory;
}

const paths = (hits: { path: string }[]) => hits.map((hit) => hit.path);

describe("LLM rerank of recall", () => {
  test("the hits come back in the model's order, each keeping its fused score", async () => {
    const memory = await openHome(reversing);
    const fused = await memory.recall("coffee", { rerank: false });
    expect(paths(fused.hits)).toEqual(COFFEE_PATHS);
    expect(server?.requests).toHaveLength(0);
    const reranked = await memory.recall("coffee", { rerank: true });
    expect(paths(reranked.hits)).toEqual(paths(fused.hits).reverse());
    expect(reranked.hits.map((hit) => hit.rerankPosition)).toEqual([1, 2, 3, 4]);
    expect(reranked.hits.map((hit) => hit.score)).toEqual(fused.hits.map((hit) => hit.score).reverse());
    expect(reranked.rerank).toMatchObject({ applied: true, candidates: 4, model: "openai:fake-model" });
    expect(reranked.rerank?.warning).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  test("the model is sent the query and every candidate's text, numbered in fused order", async () => {
    const memory = await openHome(reversing);
    const fused = await memory.recall("coffee", { rerank: false });
    await memory.recall("coffee", { rerank: true });
    const [request] = server?.requests ?? [];
    const prompt = promptOf(request);
    expect(prompt).toContain("<query>\ncoffee\n</query>");
    for (const [position, hit] of fused.hits.entries())
      expect(prompt).toContain(
        `[${position + 1}] memory · ${hit.date}\n${hit.text.replace(/\s+/g, " ").trim()}`,
      );
    for (const [, content] of COFFEE_MEMORIES) expect(prompt).toContain(content);
    expect(request?.body.model).toBe("fake-model");
  });

  test("candidates reach past the limit: the model may bring up a hit the fused top would have left out", async () => {
    const memory = await openHome(reversing, { search: { rerankCandidates: 20 } });
    const fused = await memory.recall("coffee", { rerank: false });
    const reranked = await memory.recall("coffee", { rerank: true, limit: 2 });
    expect(numbersSent(server?.requests[0])).toEqual([1, 2, 3, 4]);
    expect(paths(reranked.hits)).toEqual(paths(fused.hits).reverse().slice(0, 2));
  });

  test("only the best rerankCandidates go to the model; the rest follow in fused order", async () => {
    const memory = await openHome(reversing, { search: { rerankCandidates: 2 } });
    const fused = paths((await memory.recall("coffee", { rerank: false })).hits);
    const reranked = await memory.recall("coffee", { rerank: true });
    expect(numbersSent(server?.requests[0])).toEqual([1, 2]);
    expect(paths(reranked.hits)).toEqual([fused[1], fused[0], fused[2], fused[3]]);
    expect(reranked.hits.map((hit) => hit.rerankPosition)).toEqual([1, 2, undefined, undefined]);
  });

  test.each<[string, FakeReply, RegExp]>([
    ["HTTP 500", { status: 500 }, /the rerank call to openai:fake-model failed \(.*500/],
    [
      "a reply that is not JSON",
      { content: "The espresso one, I think." },
      /was not usable \(it is not JSON/,
    ],
    [
      "numbers out of range",
      { content: '```json\n{"ranking": [0, 9, 42]}\n```' },
      /named none of the candidates 1 to 4/,
    ],
    [
      "a reply slower than the timeout",
      { delayMs: 5_000, content: '{"ranking": [4, 3, 2, 1]}' },
      /took longer than 300 ms/,
    ],
  ])("%s: the fused order stands, with a warning the caller sees", async (_fault, reply, warning) => {
    const memory = await openHome(() => reply, { search: { rerankTimeoutMs: 300 }, llm: { maxRetries: 0 } });
    const fused = await memory.recall("coffee", { rerank: false });
    const started = performance.now();
    const result = await memory.recall("coffee", { rerank: true });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(paths(result.hits)).toEqual(paths(fused.hits));
    expect(result.hits.every((hit) => hit.rerankPosition === undefined)).toBe(true);
    expect(result.rerank).toMatchObject({
      applied: false,
      candidates: 4,
      warning: expect.stringMatching(warning),
    });
    expect(warnings).toEqual([result.rerank?.warning]);
  });

  test("the caller's own abort during the rerank call is not a fault: it is thrown", async () => {
    const controller = new AbortController();
    const memory = await openHome(() => {
      controller.abort(new Error("the user hung up"));
      return { delayMs: 5_000, content: '{"ranking": [1]}' };
    });
    const recalling = memory.recall("coffee", { rerank: true, signal: controller.signal });
    await expect(recalling).rejects.toThrow("the user hung up");
    expect(server?.requests).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  test("off by default: recall sends the chat server nothing", async () => {
    const memory = await openHome(reversing);
    const result = await memory.recall("coffee");
    expect(result.hits).toHaveLength(4);
    expect(result.rerank).toBeUndefined();
    expect(server?.requests).toHaveLength(0);
  });

  test('search.rerank "llm" reranks every recall, and a call can still turn it off', async () => {
    const memory = await openHome(reversing, { search: { rerank: "llm" } });
    expect((await memory.recall("coffee")).rerank?.applied).toBe(true);
    expect(server?.requests).toHaveLength(1);
    expect((await memory.recall("coffee", { rerank: false })).rerank).toBeUndefined();
    expect(server?.requests).toHaveLength(1);
  });

  test("fewer than 2 candidates: no call", async () => {
    const memory = await openHome(reversing);
    const result = await memory.recall("espresso", { rerank: true });
    expect(result.hits).toHaveLength(1);
    expect(result.rerank).toEqual({ applied: false, candidates: 0, ms: 0 });
    expect(server?.requests).toHaveLength(0);
  });

  test("no chat model configured: said once, and every reranked recall keeps the fused order", async () => {
    const memory = await openHome(reversing, { noModel: true });
    const fused = await memory.recall("coffee");
    for (const _ of [1, 2]) {
      const result = await memory.recall("coffee", { rerank: true });
      expect(paths(result.hits)).toEqual(paths(fused.hits));
      expect(result.rerank?.warning).toMatch(/no chat model could be made \(No chat model is configured/);
    }
    expect(warnings).toHaveLength(1);
    expect(server?.requests).toHaveLength(0);
  });

  test("a program's own chat model (openMemory's chatModel) is the one asked, over the config's", async () => {
    await openHome(reversing);
    await memory?.close();
    const model = new ScriptedChatModel({ replies: ['{"ranking": [2, 1]}'], id: "mine" });
    memory = await openMemory({
      home,
      env: {},
      config: { search: { embedder: "none" }, llm: { baseUrl: server?.baseURL, model: "fake-model" } },
      chatModel: model,
      onWarning: (message) => warnings.push(message),
    });
    const result = await memory.recall("coffee", { rerank: true, limit: 2 });
    expect(paths(result.hits)).toEqual([COFFEE_PATHS[1], COFFEE_PATHS[0]]);
    expect(result.rerank).toMatchObject({ applied: true, model: "mine", candidates: 4 });
    expect(model.callCount).toBe(1);
    expect(server?.requests).toHaveLength(0);
    expect(warnings).toEqual([]);
  });

  test("a rerank that is not true or false is refused by name", async () => {
    const memory = await openHome(reversing);
    await expect(memory.recall("coffee", { rerank: "yes" as unknown as boolean })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: 'rerank must be true or false, not "yes".',
    });
  });
});
