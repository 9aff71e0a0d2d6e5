import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createChatModel } from "../../create-chat-model.js";
import type { MnemoConfigInput } from "../../engine/config/schema.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import {
  type FakeOpenAiServer,
  type FakeReply,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../../testing/fake-openai-server.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { MEMORY_TOOLS } from "../tools/memory-tools.js";
import { AgentSession } from "./agent-session.js";

/**
 * The agent side end to end: AgentSession with the real OpenAI client talking over real HTTP to a
 * scripted OpenAI-compatible server on 127.0.0.1, real memory files and a real SQLite index.
 */
const servers: FakeOpenAiServer[] = [];
const homes: string[] = [];
const opened: MemoryHome[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((memory) => memory.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(homes.splice(0).map((home) => removeDir(home)));
});

async function serve(reply: (request: RecordedChatRequest, index: number) => FakeReply) {
  const server = await startFakeOpenAiServer({ reply });
  servers.push(server);
  return server;
}

async function openHome(home: string, server: FakeOpenAiServer, llm: MnemoConfigInput["llm"] = {}) {
  const memory = await openMemory({
    home,
    env: {},
    config: {
      search: { embedder: "none" },
      llm: { baseUrl: server.baseURL, model: "fake-model", maxRetries: 0, ...llm },
    },
    onWarning: () => {},
  });
  opened.push(memory);
  return memory;
}

async function startSession(memory: MemoryHome, warnings: string[] = []) {
  const model = await createChatModel(memory.config.llm, {});
  return AgentSession.start({ memory, model, onWarning: (message) => warnings.push(message) });
}

type Message = { role: string; content?: string | null; tool_call_id?: string };
const messagesOf = (request: RecordedChatRequest | undefined) => (request?.body.messages ?? []) as Message[];
const isExtraction = (request: RecordedChatRequest) => request.body.response_format !== undefined;
const lastMessage = (request: RecordedChatRequest) => messagesOf(request).at(-1);

const extractionAnswer = JSON.stringify({
  memories: [],
  entries: [{ category: "general", text: "Ada reviews code on Friday mornings." }],
  summary: "Met Ada; saved her name and her preference for tabs.",
});

describe("an agent session over a real OpenAI-compatible HTTP server", () => {
  test("what session 1 saves through tools and extraction is in session 2's first system prompt", async () => {
    const home = await makeTempDir();
    homes.push(home);
    const first = await serve((request) => {
      if (isExtraction(request)) return { content: extractionAnswer };
      if (lastMessage(request)?.role === "user") {
        return {
          toolCalls: [
            {
              name: "memory_add",
              arguments: JSON.stringify({
                file: "user",
                section: "Name",
                content: "The user's name is Ada.",
              }),
            },
            {
              name: "memory_save",
              arguments: JSON.stringify({
                type: "feedback",
                name: "Indentation",
                description: "Ada wants tabs, not spaces",
                content: "Indent code with tabs. **Why:** Ada asked for it.",
              }),
            },
          ],
        };
      }
      return { content: "Nice to meet you, Ada! I will use tabs.", chunkSize: 5 };
    });
    const memory1 = await openHome(home, first);
    const session1 = await startSession(memory1);
    let streamed = "";
    const turn = await session1.send("Hi, I'm Ada. I always want tabs, never spaces.", {
      onText: (piece) => {
        streamed += piece;
      },
    });
    expect(turn.answer).toBe("Nice to meet you, Ada! I will use tabs.");
    expect(streamed).toBe(turn.answer);
    expect(turn.toolCalls.map((call) => [call.name, call.ok])).toEqual([
      ["memory_add", true],
      ["memory_save", true],
    ]);
    // The tool results went back to the model with their call ids.
    const toolMessages = messagesOf(first.requests[1]).filter((message) => message.role === "tool");
    expect(toolMessages).toHaveLength(2);
    expect(toolMessages[1]?.content).toContain("memories/feedback_indentation.md");
    expect(first.requests[0]?.body.stream).toBe(true);
    expect(first.requests[0]?.body.tools).toHaveLength(MEMORY_TOOLS.length);

    const report = await session1.end();
    expect(report).toMatchObject({ called: true, summaryAppended: true });
    expect(session1.report().writes.map((write) => write.name)).toEqual(["memory_add", "memory_save"]);
    const extraction = first.requests.find(isExtraction);
    expect(JSON.stringify(extraction?.body.messages)).toContain("I always want tabs, never spaces.");
    await memory1.close();

    const second = await serve(() => ({ content: "Hello again, Ada." }));
    const memory2 = await openHome(home, second);
    const session2 = await startSession(memory2);
    await session2.send("Do you remember me?");
    const system = messagesOf(second.requests[0])[0];
    expect(system?.role).toBe("system");
    expect(system?.content).toContain("The user's name is Ada.");
    expect(system?.content).toContain("Ada wants tabs, not spaces");
    expect(system?.content).toContain("Ada reviews code on Friday mornings.");
    expect(system?.content).toContain("Met Ada; saved her name and her preference for tabs.");
  });

  test("faults: a 500, malformed JSON, a timeout, invalid tool arguments and an unknown tool; the session goes on and nothing is lost", async () => {
    const home = await makeTempDir();
    homes.push(home);
    const script: FakeReply[] = [
      { status: 500, body: { error: { message: "the GPU caught fire" } } },
      { malformed: true },
      { content: "too slow", delayMs: 2_000 },
      {
        toolCalls: [
          { name: "memory_save", arguments: '{"type": "user", "name": ' },
          { name: "memory_add", arguments: JSON.stringify({ file: "nowhere", section: "x", content: "y" }) },
          { name: "rm_rf", arguments: "{}" },
        ],
      },
      { content: "Sorry, those tools failed; I am still here." },
      { status: 500 }, // the extraction call fails too
    ];
    const server = await serve((_request, index) => script[index] ?? { status: 500 });
    const memory = await openHome(home, server, { timeoutMs: 400 });
    const warnings: string[] = [];
    const session = await startSession(memory, warnings);

    await expect(session.send("first: my cat is called Miso")).rejects.toThrow(/500|GPU/);
    await expect(session.send("second: I live in Lyon")).rejects.toThrow();
    await expect(session.send("third: I work at Acme")).rejects.toThrow(/time|400 ms/i);
    const turn = await session.send("fourth: please remember all that");
    expect(turn.answer).toBe("Sorry, those tools failed; I am still here.");
    expect(turn.toolCalls.map((call) => [call.name, call.ok])).toEqual([
      ["memory_save", false],
      ["memory_add", false],
      ["rm_rf", false],
    ]);
    const results = messagesOf(server.requests[4]).filter((message) => message.role === "tool");
    expect(results.map((message) => message.content)).toEqual([
      expect.stringMatching(/JSON/i),
      expect.stringMatching(/file/),
      expect.stringMatching(/rm_rf/),
    ]);
    // Every user message, also those whose turn failed, stays in the conversation.
    const said = messagesOf(server.requests[4]).filter((message) => message.role === "user");
    expect(said.map((message) => message.content?.split(":")[0])).toEqual([
      "first",
      "second",
      "third",
      "fourth",
    ]);

    const report = await session.end();
    expect(report?.pending).toBe(`.pending/${session.sessionId}.json`);
    const queued = await readFile(join(home, report?.pending ?? ""), "utf8");
    for (const words of ["my cat is called Miso", "I live in Lyon", "I work at Acme", "remember all that"])
      expect(queued).toContain(words);
    expect(warnings.join("\n")).toMatch(/extraction of session .* failed/);

    // The next session retries the queued extraction first, and the queue empties.
    const next = await serve((request) =>
      isExtraction(request)
        ? {
            content: JSON.stringify({
              memories: [
                {
                  type: "user",
                  name: "Cat",
                  description: "The user's cat is Miso",
                  body: "The user's cat is called Miso.",
                  supersedes: null,
                },
              ],
              entries: [],
              summary: "",
            }),
          }
        : { content: "Hi." },
    );
    await memory.close();
    const memory2 = await openHome(home, next);
    const session2 = await startSession(memory2);
    await session2.end();
    expect(await readdir(join(home, ".pending"))).toEqual([]);
    expect(await readFile(join(home, "memories/user_cat.md"), "utf8")).toContain(
      `source_session: ${session.sessionId}`,
    );
  });

  test("what memory_search and memory_get retrieved in one turn is in the working-memory block of the next turn's request", async () => {
    const home = await makeTempDir();
    homes.push(home);
    const server = await serve((request, index) => {
      if (index === 0)
        return { toolCalls: [{ name: "memory_search", arguments: JSON.stringify({ query: "deploy day" }) }] };
      if (index === 1)
        return { toolCalls: [{ name: "memory_get", arguments: JSON.stringify({ name: "Deploy day" }) }] };
      return { content: lastMessage(request)?.role === "tool" ? "On Tuesdays." : "You're welcome." };
    });
    const memory = await openHome(home, server);
    const runbook = `Deploys happen on Tuesdays after the stand-up. ${"Check the dashboards first, then roll out region by region. ".repeat(8)}ROLLBACK-MARKER`;
    await memory.memories.save({
      type: "project",
      name: "Deploy day",
      description: "When we deploy",
      content: runbook,
    });
    const session = await startSession(memory);
    const first = await session.send("When do we deploy?");
    expect(first.toolCalls.map((call) => [call.name, call.ok])).toEqual([
      ["memory_search", true],
      ["memory_get", true],
    ]);
    await session.send("thanks");

    const turn2 = messagesOf(server.requests[3]);
    expect(turn2.at(-1)).toEqual({ role: "user", content: "thanks" });
    const block = turn2.at(-2);
    expect(block?.role).toBe("system");
    expect(block?.content).not.toContain("<relevant-memories>");
    const retrieved =
      block?.content?.match(/^# Relevant information already retrieved\n[\s\S]*$/m)?.[0] ?? "";
    // Found by the search and read whole by memory_get: one place, shown once with its whole text.
    expect(retrieved).toContain(
      "For the current query: deploy day\n" +
        "## [1] memories/project_deploy-day.md · Deploy day · updated today (kind: memory, type: project)\nDeploys happen on Tuesdays",
    );
    expect(retrieved).not.toContain("## [2]");
    expect(retrieved).toContain("ROLLBACK-MARKER");
  });

  test("the turn block leaves out memories under the relevance floor: none for an unrelated question, the memory for a related one", async () => {
    const home = await makeTempDir();
    homes.push(home);
    const server = await serve(() => ({ content: "Noted." }));
    // The real local model: with vectors, every question finds some memory nearest to it.
    const local = await openMemory({
      home,
      env: {},
      config: { llm: { baseUrl: server.baseURL, model: "fake-model", maxRetries: 0 } },
      onWarning: () => {},
    });
    opened.push(local);
    await local.memories.save({
      type: "feedback",
      name: "Tabs",
      content: "Indent with tabs in every project.",
    });
    await local.journal.add("user_pref", "Answers in French.");
    const session = await startSession(local);
    const turnBlock = (index: number) =>
      messagesOf(server.requests[index]).find((message) => message.content?.includes("Found in memory"))
        ?.content;
    await session.send("What pet do I have?");
    expect(turnBlock(0)).toBeUndefined();
    await session.send("Should I indent this file with tabs?");
    expect(turnBlock(1)).toContain("<relevant-memories>");
    expect(turnBlock(1)).toContain("Indent with tabs in every project.");
  }, 60_000);

  test("/clear empties the conversation but extraction still reads everything said", async () => {
    const home = await makeTempDir();
    homes.push(home);
    const server = await serve((request) =>
      isExtraction(request)
        ? { content: JSON.stringify({ memories: [], entries: [], summary: "" }) }
        : { content: "ok" },
    );
    const memory = await openHome(home, server);
    const session = await startSession(memory);
    await session.send("before the clear");
    session.clear();
    await session.send("after the clear");
    const afterClear = messagesOf(server.requests[1]).filter((message) => message.role === "user");
    expect(afterClear.map((message) => message.content)).toEqual(["after the clear"]);
    await session.end();
    const extraction = JSON.stringify(server.requests.find(isExtraction)?.body.messages);
    expect(extraction).toContain("before the clear");
    expect(extraction).toContain("after the clear");
  });

  test("with memory disabled: no memory in the prompt, no tools, no extraction, no files", async () => {
    const home = await makeTempDir();
    homes.push(home);
    const server = await serve(() => ({ content: "Hello." }));
    const memory = await openMemory({
      home,
      env: {},
      config: { enabled: false, llm: { baseUrl: server.baseURL, model: "fake-model" } },
    });
    opened.push(memory);
    const model = await createChatModel(memory.config.llm, {});
    const session = await AgentSession.start({ memory, model, basePrompt: "Be brief." });
    await session.send("I'm Ada.");
    expect(await session.end()).toBeUndefined();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body.tools).toBeUndefined();
    expect(messagesOf(server.requests[0])[0]).toEqual({ role: "system", content: "Be brief." });
    expect(await readdir(home)).toEqual([]);
  });
});
