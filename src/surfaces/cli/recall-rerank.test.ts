import { afterEach, expect, test } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { spawnMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { COFFEE_PATHS, reversing, writeCoffeeHome } from "../../testing/test-rerank-home.js";

/**
 * `mnemo recall --rerank` as a user runs it: the built CLI in a child process, its home's config
 * naming a scripted OpenAI-compatible server on 127.0.0.1 that reverses the order it is given.
 */
let server: FakeOpenAiServer | undefined;
let home = "";
afterEach(async () => {
  await server?.close();
  await removeDir(home);
});

async function recall(flags: string[], env: NodeJS.ProcessEnv = {}) {
  const run = await spawnMnemo(["recall", "coffee", "--home", home, ...flags], {
    env: { OPENAI_API_KEY: "", ...env },
  });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

const pathsOf = (stdout: string) => (JSON.parse(stdout).hits as { path: string }[]).map((hit) => hit.path);

test("--rerank reorders the hits with the chat model; MNEMO_RERANK=llm does it by default, --no-rerank not", async () => {
  server = await startFakeOpenAiServer({ reply: reversing });
  home = await makeTempDir();
  await writeCoffeeHome(home, server.baseURL);
  const reversed = [...COFFEE_PATHS].reverse();

  expect(pathsOf((await recall(["--json"])).stdout)).toEqual(COFFEE_PATHS);
  expect(server.requests).toHaveLength(0);

  const reranked = await recall(["--rerank", "--json"]);
  expect(pathsOf(reranked.stdout)).toEqual(reversed);
  expect(JSON.parse(reranked.stdout).rerank).toMatchObject({ applied: true, candidates: 4 });
  expect(server.requests).toHaveLength(1);

  const text = await recall(["--rerank"]);
  expect(text.stderr).toMatch(/^mnemo: the best 4 hits reordered by openai:fake-model in \d+ ms$/m);
  expect(text.stdout.indexOf("Decaf")).toBeLessThan(text.stdout.indexOf("Espresso"));

  expect(pathsOf((await recall(["--json"], { MNEMO_RERANK: "llm" })).stdout)).toEqual(reversed);
  expect(pathsOf((await recall(["--no-rerank", "--json"], { MNEMO_RERANK: "llm" })).stdout)).toEqual(
    COFFEE_PATHS,
  );
  expect(server.requests).toHaveLength(3);
});

test("a failed rerank still prints the hits, in fused order, with the warning on stderr", async () => {
  server = await startFakeOpenAiServer({ reply: () => ({ status: 500 }) });
  home = await makeTempDir();
  await writeCoffeeHome(home, server.baseURL);
  const run = await recall(["--rerank", "--json"]);
  expect(pathsOf(run.stdout)).toEqual(COFFEE_PATHS);
  expect(run.stderr).toMatch(
    /mnemo: warning: the rerank call to openai:fake-model failed \(.*; the fused order stands/,
  );
});
