import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createChatModel } from "../create-chat-model.js";
import {
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../testing/fake-openai-server.js";
import { makeTempDir, removeDir } from "../testing/test-home.js";
import { COFFEE_EVAL_CASE, reversing } from "../testing/test-rerank-home.js";
import { runRetrievalEval } from "./run-retrieval-eval.js";

/**
 * `runRetrievalEval` with the optional LLM rerank, through the real openai client and a scripted
 * OpenAI-compatible server on 127.0.0.1: the fused ranking puts the gold document last (BM25 by how
 * often each says "coffee"), a model that reverses the candidates puts it first, and a failing
 * model leaves the fused order, counted in the report.
 */
let folder = "";
let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await removeDir(folder);
});

async function evaluate(reply: FakeReply[] | typeof reversing) {
  folder = await makeTempDir("mnemo-eval-rerank-");
  const input = join(folder, "cases.jsonl");
  const rankedOut = join(folder, "ranked.jsonl");
  await writeFile(input, `${JSON.stringify(COFFEE_EVAL_CASE)}\n`);
  server = await startFakeOpenAiServer({ reply });
  const model = await createChatModel(
    { baseUrl: server.baseURL, model: "fake-model", maxRetries: 0, timeoutMs: 5_000 },
    {},
  );
  const report = await runRetrievalEval({
    input,
    ks: [1],
    fusion: { method: "weighted", textWeight: 0.5 },
    rerank: { model, candidates: 20, timeoutMs: 5_000 },
    rankedOut,
  });
  const ranked = JSON.parse(await readFile(rankedOut, "utf8")) as { ranked: string[] };
  return { report, ranked: ranked.ranked };
}

describe("runRetrievalEval with an LLM rerank", () => {
  test("scores the model's order: the gold document the fused ranking put last is first", async () => {
    const { report, ranked } = await evaluate(reversing);
    expect(ranked).toEqual(["decaf"]);
    expect(report.overall.recallAll[1]).toBe(1);
    expect(report.rerank).toMatchObject({ model: "openai:fake-model", queries: 1, applied: 1 });
    expect(server?.requests).toHaveLength(1);
  });

  test("a failing model leaves the fused order, and the report says how many queries kept it", async () => {
    const { report, ranked } = await evaluate([{ status: 500, body: { error: { message: "down" } } }]);
    expect(ranked).toEqual(["espresso"]);
    expect(report.overall.recallAll[1]).toBe(0);
    expect(report.rerank).toMatchObject({ queries: 1, applied: 0 });
    expect(report.rerank?.lastWarning).toMatch(/fused order/);
  });
});
