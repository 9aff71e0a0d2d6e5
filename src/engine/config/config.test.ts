import { mkdir, readdir, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { loadConfig, resolveHome } from "../../load-config.js";
import { openMemory } from "../../open-memory.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { readLlmApiKey } from "./env.js";

let parent = "";
afterEach(async () => removeDir(parent));

describe("configuration", () => {
  test("home: --home > MNEMO_HOME > ~/.mnemo", () => {
    expect(resolveHome("/a", { MNEMO_HOME: "/b" })).toBe("/a");
    expect(resolveHome(undefined, { MNEMO_HOME: "/b" })).toBe("/b");
    expect(resolveHome(undefined, {})).toBe(join(homedir(), ".mnemo"));
    // Where no shell expands "~" (an MCP client's JSON config), mnemo does.
    expect(resolveHome("~/.mnemo", {})).toBe(join(homedir(), ".mnemo"));
    expect(resolveHome(undefined, { MNEMO_HOME: "~" })).toBe(homedir());
    expect(resolveHome("~user/x", {})).toBe(join(process.cwd(), "~user/x"));
  });

  test("defaults match the seeds", async () => {
    parent = await makeTempDir();
    const { config } = await loadConfig({ home: parent, env: {} });
    expect(config).toEqual({
      enabled: true,
      autoLoadLines: 200,
      contextBudgetTokens: 2500,
      budgets: { soul: 2000, user: 1400, memory: 2200, daily: 1000 },
      index: { maxLines: 200, maxBytes: 25_000 },
      dailyDays: 2,
      capacity: { maxLines: 500, targetLines: 400 },
      categories: {
        file_pattern: "file_patterns",
        user_pref: "user_prefs",
        error_solution: "MEMORY",
        general: "MEMORY",
      },
      secrets: "refuse",
      lockTimeoutMs: 10_000,
      search: {
        embedder: "local",
        localModel: "use-lite",
        openaiModel: "text-embedding-3-small",
        fusion: "weighted",
        textWeight: 0.5,
        feedbackWeight: 1,
        feedbackTop: 3,
        bm25Terms: "background",
        fullScanIntervalMs: 1000,
        recencyWeight: 0,
        recencyHalfLifeDays: 30,
        timeWindowWeight: 0.25,
        aspectWeight: 0.5,
        answerTypeWeight: 0.3,
        minRelevance: 0.2,
        rerank: "none",
        rerankCandidates: 20,
        rerankTimeoutMs: 15_000,
      },
      llm: { timeoutMs: 60_000, maxRetries: 2 },
      extraction: { enabled: true, relatedMemories: 10, duplicateSimilarity: 0.8 },
      consolidation: { enabled: true, decider: "rules", candidates: 6, timeoutMs: 15_000 },
      daemon: { enabled: false, idleMinutes: 15 },
      scopes: { shares: {} },
    });
  });

  test("the chat model is configured by MNEMO_LLM_BASE_URL and MNEMO_LLM_MODEL; its key is read apart", async () => {
    parent = await makeTempDir();
    const env = { MNEMO_LLM_BASE_URL: "http://127.0.0.1:11434/v1", MNEMO_LLM_MODEL: "llama3.2" };
    const { config } = await loadConfig({ home: parent, env });
    expect(config.llm).toEqual({
      baseUrl: env.MNEMO_LLM_BASE_URL,
      model: "llama3.2",
      timeoutMs: 60_000,
      maxRetries: 2,
    });
    expect(readLlmApiKey({ MNEMO_LLM_API_KEY: " k1 ", OPENAI_API_KEY: "k2" })).toBe("k1");
    expect(readLlmApiKey({ OPENAI_API_KEY: "k2" })).toBe("k2");
    expect(readLlmApiKey({})).toBeUndefined();
  });

  test("config file < environment < explicit options; nested keys merge", async () => {
    parent = await makeTempDir();
    await writeFile(
      join(parent, "config.json"),
      JSON.stringify({ autoLoadLines: 50, budgets: { soul: 100 }, dailyDays: 3 }),
    );
    const { config } = await loadConfig({
      home: parent,
      env: { MNEMO_AUTO_LOAD_LINES: "60" },
      config: { dailyDays: 4 },
    });
    expect(config.autoLoadLines).toBe(60);
    expect(config.budgets).toEqual({ soul: 100, user: 1400, memory: 2200, daily: 1000 });
    expect(config.dailyDays).toBe(4);
  });

  test("invalid config names the file and the key", async () => {
    parent = await makeTempDir();
    await writeFile(
      join(parent, "config.json"),
      JSON.stringify({ budgets: { soul: -1 }, capacity: { maxLines: 10, targetLines: 20 }, colour: "red" }),
    );
    const loading = loadConfig({ home: parent, env: {} });
    await expect(loading).rejects.toMatchObject({ code: "INVALID_CONFIG" });
    const message = await loading.catch((error: Error) => error.message);
    expect(message).toContain(join(parent, "config.json"));
    expect(message).toContain("budgets.soul");
    expect(message).toContain("capacity");
    expect(message).toContain("colour");
  });

  test("broken JSON and bad environment values are clear errors", async () => {
    parent = await makeTempDir();
    await writeFile(join(parent, "config.json"), "{ nope");
    await expect(loadConfig({ home: parent, env: {} })).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: expect.stringContaining("not valid JSON"),
    });
    await writeFile(join(parent, "config.json"), "{}");
    await expect(loadConfig({ home: parent, env: { MNEMO_ENABLED: "maybe" } })).rejects.toMatchObject({
      message: expect.stringContaining("MNEMO_ENABLED"),
    });
    await expect(loadConfig({ home: parent, env: { MNEMO_AUTO_LOAD_LINES: "-3" } })).rejects.toMatchObject({
      message: expect.stringContaining("MNEMO_AUTO_LOAD_LINES"),
    });
    await expect(loadConfig({ home: parent, env: { MNEMO_RERANK: "gpt" } })).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: 'Environment variable MNEMO_RERANK is "gpt"; expected "none" or "llm". Fix or unset it.',
    });
  });

  test("MNEMO_RERANK turns the LLM rerank on over config.json; rerankCandidates is bounded", async () => {
    parent = await makeTempDir();
    await writeFile(join(parent, "config.json"), JSON.stringify({ search: { rerankCandidates: 5 } }));
    const { config } = await loadConfig({ home: parent, env: { MNEMO_RERANK: "llm" } });
    expect(config.search).toMatchObject({ rerank: "llm", rerankCandidates: 5, rerankTimeoutMs: 15_000 });
    await writeFile(join(parent, "config.json"), JSON.stringify({ search: { rerankCandidates: 1 } }));
    await expect(loadConfig({ home: parent, env: {} })).rejects.toMatchObject({
      code: "INVALID_CONFIG",
      message: expect.stringContaining("search.rerankCandidates"),
    });
  });

  test("enabled: false touches no file: the home is not created, reads give nothing, writes refuse", async () => {
    parent = await makeTempDir();
    const home = join(parent, "not-yet");
    const memory = await openMemory({ home, env: { MNEMO_ENABLED: "0" } });
    expect(await memory.buildContext({ basePrompt: "base" })).toBe("base");
    await expect(memory.memories.save({ type: "user", name: "x", content: "y" })).rejects.toMatchObject({
      code: "DISABLED",
    });
    await expect(memory.journal.add("general", "y")).rejects.toMatchObject({ code: "DISABLED" });
    expect(await readdir(parent)).toEqual([]);
    await mkdir(home);
    await writeFile(join(home, "config.json"), JSON.stringify({ enabled: false }));
    const fromFile = await openMemory({ home, env: {} });
    await expect(fromFile.profile.add("user", "A", "b")).rejects.toMatchObject({ code: "DISABLED" });
    expect(await readdir(home)).toEqual(["config.json"]);
  });
});
