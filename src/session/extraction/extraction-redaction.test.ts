import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createChatModel } from "../../create-chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { extractSession } from "./extract-session.js";

/**
 * Extraction never refuses what a conversation held: a credential the model copied into a memory,
 * an entry or the summary is written redacted (the real OpenAI client over real HTTP to a scripted
 * server, real files). A failed extraction queues the conversation with its secrets redacted too.
 */
const AWS_KEY = "AKIAQWERTYUIOPASDFGH";
const GITHUB_TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";
const servers: FakeOpenAiServer[] = [];
const homes: string[] = [];
const opened: MemoryHome[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((memory) => memory.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(homes.splice(0).map((home) => removeDir(home)));
});

async function setUp(reply: Parameters<typeof startFakeOpenAiServer>[0]["reply"]) {
  const server = await startFakeOpenAiServer({ reply });
  servers.push(server);
  const home = await makeTempDir();
  homes.push(home);
  const memory = await openMemory({
    home,
    env: {},
    config: {
      search: { embedder: "none" },
      llm: { baseUrl: server.baseURL, model: "fake-model", maxRetries: 0 },
    },
    onWarning: () => {},
  });
  opened.push(memory);
  return { home, memory, model: await createChatModel(memory.config.llm, {}) };
}

async function filesUnder(home: string, suffix: string): Promise<string> {
  const entries = (await readdir(home, { recursive: true })).filter((entry) => entry.endsWith(suffix));
  return (await Promise.all(entries.map((entry) => readFile(join(home, entry), "utf8")))).join("\n");
}

const transcript = [
  { role: "user" as const, content: `Deploy with ${AWS_KEY}; my GitHub token is ${GITHUB_TOKEN}.` },
  { role: "assistant" as const, content: "Deployed." },
];

describe("extraction and credentials", () => {
  test("writes memories, entries and the summary with each secret redacted, and notes it", async () => {
    const answer = JSON.stringify({
      memories: [
        {
          type: "reference",
          name: "Deploy keys",
          description: `AWS key ${AWS_KEY}`,
          body: `Deploy with ${AWS_KEY}; GitHub token ${GITHUB_TOKEN}.`,
          supersedes: null,
        },
      ],
      entries: [{ category: "general", text: `The user's GitHub token is ${GITHUB_TOKEN}.` }],
      summary: `Deployed with ${AWS_KEY}.`,
    });
    const { home, memory, model } = await setUp([{ content: answer }]);
    const report = await extractSession({ memory, model, transcript, sessionId: "s1", onWarning: () => {} });
    expect(report.error).toBeUndefined();
    expect(report.written.map((item) => item.kind)).toEqual(["memory", "entry"]);
    expect(report.summaryAppended).toBe(true);
    expect(report.notes.filter((note) => note.startsWith("redacted"))).toHaveLength(3);
    const markdown = await filesUnder(home, ".md");
    expect(markdown).not.toMatch(/AKIAQWERTY|ghp_aB3d/);
    expect(markdown).toContain(
      "Deploy with [REDACTED:aws-access-key-id]; GitHub token [REDACTED:github-token].",
    );
    expect(markdown).toContain("Deployed with [REDACTED:aws-access-key-id].");
  });

  test("a memory named after a credential is skipped (a name is never redacted), the rest is written", async () => {
    const answer = JSON.stringify({
      memories: [
        {
          type: "reference",
          name: `token ${GITHUB_TOKEN}`,
          description: "d",
          body: "The CI token.",
          supersedes: null,
        },
        {
          type: "user",
          name: "Deploys on Fridays",
          description: "d",
          body: "Deploys on Fridays.",
          supersedes: null,
        },
      ],
      entries: [],
      summary: "",
    });
    const { home, memory, model } = await setUp([{ content: answer }]);
    const report = await extractSession({ memory, model, transcript, sessionId: "s3", onWarning: () => {} });
    expect(report.error).toBeUndefined();
    expect(report.pending).toBeUndefined();
    expect(report.written.map((item) => item.label)).toEqual(["Deploys on Fridays"]);
    expect(report.skipped).toEqual([
      expect.objectContaining({ kind: "memory", label: "token [REDACTED:github-token]" }),
    ]);
    expect(JSON.stringify(report)).not.toContain(GITHUB_TOKEN);
    expect(await filesUnder(home, ".md")).not.toContain("ghp_aB3d");
  });

  test("a failed extraction keeps the conversation in .pending/ with its secrets redacted", async () => {
    const { home, memory, model } = await setUp([{ status: 400 }]);
    const report = await extractSession({ memory, model, transcript, sessionId: "s2", onWarning: () => {} });
    expect(report.pending).toBeDefined();
    const pending = await filesUnder(home, ".json");
    expect(pending).toContain("Deploy with [REDACTED:aws-access-key-id]");
    expect(pending).not.toMatch(/AKIAQWERTY|ghp_aB3d/);
  });
});
