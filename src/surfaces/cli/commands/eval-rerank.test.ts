import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import type { MemoryHome } from "../../../engine/memory-home.js";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../../testing/fake-openai-server.js";
import { runUnit } from "../../../testing/test-command.js";
import { openTestMemory, removeDir } from "../../../testing/test-home.js";
import { COFFEE_EVAL_CASE, reversing } from "../../../testing/test-rerank-home.js";
import { evaluation } from "./eval.js";

/** `mnemo eval retrieval --rerank`: the home's chat model (a scripted server on 127.0.0.1) reorders each query. */
const retrieval = evaluation.commands[0] as (typeof evaluation.commands)[number];
let memory: MemoryHome | undefined;
let home = "";
let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await memory?.close();
  await server?.close();
  await removeDir(home);
  memory = server = undefined;
});

async function casesIn(folder: string): Promise<string> {
  const input = join(folder, "cases.jsonl");
  await writeFile(input, `${JSON.stringify(COFFEE_EVAL_CASE)}\n`);
  return input;
}

test("--rerank scores the model's order and says how many queries it reordered", async () => {
  server = await startFakeOpenAiServer({ reply: reversing });
  ({ memory, home } = await openTestMemory({
    config: {
      search: { embedder: "none" },
      llm: { baseUrl: server.baseURL, model: "fake-model", maxRetries: 0 },
    },
  }));
  const input = await casesIn(home);
  const fused = await runUnit(retrieval, memory, [], { input, k: "1" });
  expect(fused.data.report.overall.recallAll[1]).toBe(0);
  expect(fused.data.report.rerank).toBeUndefined();
  const reranked = await runUnit(retrieval, memory, [], { input, k: "1", rerank: true });
  expect(reranked.data.report.overall.recallAll[1]).toBe(1);
  expect(reranked.text).toContain("rerank by openai:fake-model: 1 of 1 queries reordered");
});

test("--rerank without a chat model says how to configure one", async () => {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  const input = await casesIn(home);
  await expect(runUnit(retrieval, memory, [], { input, k: "1", rerank: true })).rejects.toThrow(
    /No chat model is configured/,
  );
});
