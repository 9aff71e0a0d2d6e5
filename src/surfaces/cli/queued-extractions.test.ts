import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { MnemoConfigInput } from "../../engine/config/schema.js";
import { ScopeStack } from "../../scopes.js";
import type { PendingRetryReport } from "../../session/extraction/pending-extractions.js";
import { learnTranscript } from "../../session/learning/learn-transcript.js";
import { startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { extractQueuedConversations, queuedExtractionLines } from "./queued-extractions.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ANSWER = JSON.stringify({
  memories: [
    {
      type: "project",
      name: "Staging database",
      description: "Where staging runs",
      body: "Staging runs Postgres 15.",
      supersedes: null,
    },
  ],
  entries: [],
  summary: "",
});

/** A home with one part learned without a model (so queued), then reopened with `config`. */
async function queuedHome(
  config: (baseURL: string) => MnemoConfigInput,
  options: { queue: boolean } = { queue: true },
) {
  const server = await startFakeOpenAiServer({ reply: async () => ({ content: ANSWER }) });
  cleanups.push(() => server.close());
  const first = await openTestMemory({ config: { search: { embedder: "none" } } });
  cleanups.push(() => removeDir(first.home));
  if (options.queue)
    await learnTranscript({
      memory: first.memory,
      transcript: {
        format: "claude-code",
        messages: [{ id: "u1", message: { role: "user", content: "The staging database is Postgres 15." } }],
      },
      sessionId: "s1",
      source: "/tmp/s1.jsonl",
      onWarning: () => {},
    });
  await first.memory.close();
  const { openMemory } = await import("../../open-memory.js");
  const memory = await openMemory({
    home: first.home,
    env: {},
    config: config(server.baseURL),
    onWarning: () => {},
  });
  cleanups.push(() => memory.close());
  return { memory, home: first.home, server };
}

describe("extractQueuedConversations", () => {
  test("with the home's chat model: each queued part extracted, its file removed, the model named", async () => {
    const { memory, home, server } = await queuedHome((baseUrl) => ({
      search: { embedder: "none" },
      llm: { baseUrl, model: "fake-model" },
    }));
    const result = await extractQueuedConversations(memory);
    expect(result).toMatchObject({ queued: 1, model: "openai:fake-model" });
    expect(result.reports.map((report) => [report.sessionId, report.error])).toEqual([["s1", undefined]]);
    expect(server.requests).toHaveLength(1);
    expect(await readdir(join(home, ".pending"))).toEqual([]);
    expect(await readdir(join(home, "memories"))).toEqual(["project_staging-database.md"]);
    expect(await extractQueuedConversations(memory)).toEqual({ queued: 0, reports: [] });
  });

  test("on a stack: a queued project memory is written to the project layer, not the user's home", async () => {
    const { memory, home } = await queuedHome((baseUrl) => ({
      search: { embedder: "none" },
      llm: { baseUrl, model: "fake-model" },
    }));
    const project = await openTestMemory({ config: { search: { embedder: "none" } } });
    cleanups.push(async () => {
      await project.memory.close();
      await removeDir(project.home);
    });
    const stack = new ScopeStack([
      { scope: "project", memory: project.memory, share: 1 },
      { scope: "user", memory, share: 1 },
    ]);
    const result = await extractQueuedConversations(memory, stack);
    expect(result).toMatchObject({ queued: 1, model: "openai:fake-model" });
    expect(await readdir(join(project.home, "memories"))).toEqual(["project_staging-database.md"]);
    expect(await readdir(join(home, "memories")).catch(() => [])).toEqual([]);
    expect(await readdir(join(home, ".pending"))).toEqual([]);
  });

  test("without a model the parts wait, counted; with extraction off or nothing queued, nothing is asked", async () => {
    const noModel = await queuedHome(() => ({ search: { embedder: "none" } }));
    expect(await extractQueuedConversations(noModel.memory)).toEqual({ queued: 1, reports: [] });
    expect(await readdir(join(noModel.home, ".pending"))).toEqual(["s1.json"]);
    const off = await queuedHome((baseUrl) => ({
      search: { embedder: "none" },
      llm: { baseUrl, model: "fake-model" },
      extraction: { enabled: false },
    }));
    expect(await extractQueuedConversations(off.memory)).toEqual({ queued: 0, reports: [] });
    expect(off.server.requests).toHaveLength(0);
    const empty = await queuedHome(
      (baseUrl) => ({ search: { embedder: "none" }, llm: { baseUrl, model: "m" } }),
      {
        queue: false,
      },
    );
    expect(await extractQueuedConversations(empty.memory)).toEqual({ queued: 0, reports: [] });
    expect(empty.server.requests).toHaveLength(0);
  });
});

const report = (overrides: Partial<PendingRetryReport>): PendingRetryReport =>
  ({ sessionId: "s1", path: ".pending/s1.json", written: [], ...overrides }) as PendingRetryReport;

describe("queuedExtractionLines", () => {
  test("nothing queued: no line", () => {
    expect(queuedExtractionLines({ queued: 0, reports: [] }, "mnemo doctor --fix")).toEqual([]);
  });

  test("queued without a model: one line saying how many wait, why, and what to run again", () => {
    expect(queuedExtractionLines({ queued: 2, reports: [] }, "mnemo learn --pending")).toEqual([
      "2 conversation(s) wait in .pending/ for extraction: no chat model is configured (the next mnemo chat extracts them, or configure llm and run mnemo learn --pending again)",
    ]);
  });

  test("with a model: a line per conversation, what was written or why it failed again", () => {
    const lines = queuedExtractionLines(
      {
        queued: 3,
        model: "openai:m",
        reports: [
          report({
            written: [{ label: "added Tabs" }, { label: "updated City" }] as PendingRetryReport["written"],
          }),
          report({ sessionId: "s2", written: [] }),
          report({ sessionId: "s3", path: ".pending/s3.json", error: "model timed out" }),
        ],
      },
      "x",
    );
    expect(lines).toEqual([
      "session s1: extracted with openai:m, 2 written: added Tabs; updated City",
      "session s2: extracted with openai:m, 0 written",
      "session s3: extraction failed again, still in .pending/s3.json: model timed out",
    ]);
  });
});
