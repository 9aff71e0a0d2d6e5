import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { InMemoryMessageStore } from "../../adapters/memory/in-memory-message-store.js";
import type { ChatMessage, ChatRequest, ChatResponse } from "../../contracts/chat-model.js";
import { CHAT_MODEL_SETUP_HELP, createChatModel } from "../../create-chat-model.js";
import { LongTermMemory } from "../../engine/long-term/long-term-memory.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { AgentSession } from "./agent-session.js";

/** The session lifecycle with an in-process scripted model on a real memory home. */
let memory: MemoryHome;
let home = "";

afterEach(async () => {
  await memory.close();
  await removeDir(home);
});

async function open() {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
}

const toolCall = (name: string, args: object, id = `call_${name}`): ChatResponse => ({
  content: "",
  toolCalls: [{ id, name, arguments: JSON.stringify(args) }],
  finishReason: "tool_calls",
});

const answerText = (text: string): ChatResponse => ({ content: text, toolCalls: [], finishReason: "stop" });
const isTurn = (request: ChatRequest) => request.responseFormat === undefined;
const roles = (messages: ChatMessage[]) => messages.map((message) => message.role);

describe("AgentSession", () => {
  test("the frozen system prompt stays byte-identical while the session writes memory", async () => {
    await open();
    await memory.profile.add("user", "Name", "Ada.");
    const model = new ScriptedChatModel({
      replies: [
        toolCall("memory_add", { file: "user", section: "Pets", content: "A cat, Miso." }),
        answerText("ok"),
      ],
    });
    const session = await AgentSession.start({ memory, model, basePrompt: "Be brief." });
    await session.send("I have a cat named Miso.");
    await session.send("What do you know?");
    const systems = model.requests.filter(isTurn).map((request) => request.messages[0]);
    expect(new Set(systems.map((message) => message?.content)).size).toBe(1);
    expect(systems[0]?.content).toContain("Ada.");
    expect(systems[0]?.content).not.toContain("Miso");
    expect(systems[0]?.content?.trimEnd().endsWith("Be brief.")).toBe(true);
    expect(session.report().loaded.memoryBlocks).toContain("user-profile");
  });

  test("in a home with nothing in it yet, the model gets the default identity (seed 002) and the memory instructions", async () => {
    await open();
    const model = new ScriptedChatModel({ replies: [answerText("hi")] });
    const session = await AgentSession.start({ memory, model, basePrompt: "Be brief." });
    await session.send("hello");
    const system = model.requests[0]?.messages[0]?.content ?? "";
    expect(system).toMatch(/^<agent-identity>\n# Soul\n\n## Identity\nI am Mnemo, /);
    expect(system).toContain("\n# Your memory\n");
    expect(system.trimEnd().endsWith("Be brief.")).toBe(true);
    expect(session.report().loaded.memoryBlocks).toEqual(["agent-identity"]);
  });

  test("memories found for each user message come after the frozen part and the conversation", async () => {
    await open();
    await memory.journal.add("file_pattern", "Billing service config lives in deploy/billing.yaml.");
    const model = new ScriptedChatModel({ replies: [answerText("ok")] });
    const session = await AgentSession.start({ memory, model });
    await session.send("hello");
    await session.send("where is the billing config?");
    const second = model.requests[1]?.messages ?? [];
    expect(roles(second)).toEqual(["system", "user", "assistant", "system", "user"]);
    expect(second[3]?.content).toMatch(
      /<relevant-memories>[\s\S]*topics\/file_patterns\.md[\s\S]*deploy\/billing\.yaml/,
    );
    // The earlier turn is kept without its turn block: the prefix stays cacheable.
    expect(model.requests[0]?.messages.map((message) => message.role)).toEqual(["system", "user"]);
  });

  test("a typed memory found for the user's message is marked with its age once it may be outdated", async () => {
    await open();
    await mkdir(join(home, "memories"), { recursive: true });
    await writeFile(
      join(home, "memories/project_billing.md"),
      "---\nname: Billing config\ndescription: Where billing is configured\ntype: project\nupdated: 2020-01-01T00:00:00.000Z\n---\n\nBilling config lives in deploy/billing.yaml.\n",
    );
    const model = new ScriptedChatModel({ replies: [answerText("ok")] });
    const session = await AgentSession.start({ memory, model });
    await session.send("where is the billing config?");
    const block = model.requests[0]?.messages.at(-2)?.content ?? "";
    expect(block).toMatch(
      /<relevant-memories>[\s\S]*- \[memories\/project_billing\.md Billing config · updated \d+ days ago \(may be outdated\)\] .*deploy\/billing\.yaml/,
    );
  });

  test("a read answered earlier in the session is served from working memory; a write makes it stale", async () => {
    await open();
    await memory.profile.add("user", "Name", "Ada.");
    const read = { file: "user", section: "Name" };
    const model = new ScriptedChatModel({
      replies: [
        toolCall("memory_read", read, "a"),
        toolCall("memory_read", read, "b"),
        toolCall(
          "memory_replace",
          { file: "user", section: "Name", old_text: "Ada.", new_text: "Ada L." },
          "c",
        ),
        toolCall("memory_read", read, "d"),
        answerText("done"),
      ],
    });
    const session = await AgentSession.start({ memory, model });
    const turn = await session.send("check my name twice, fix it, check again");
    expect(turn.toolCalls.map((call) => [call.name, call.ok, call.fromWorkingMemory])).toEqual([
      ["memory_read", true, false],
      ["memory_read", true, true],
      ["memory_replace", true, false],
      ["memory_read", true, false],
    ]);
    expect(turn.toolCalls[3]?.text).toContain("Ada L.");
    // The next message runs the read again: the file may have changed since.
    await session.send("thanks");
    expect(session.workingMemory.lookupToolResult("memory_read", JSON.stringify(read))).toBeUndefined();
  });

  test("a model that keeps calling tools is made to answer after maxToolRounds", async () => {
    await open();
    const model = new ScriptedChatModel({
      replies: [
        (request) =>
          request.toolChoice === "none"
            ? answerText("Here is what I found.")
            : toolCall("memory_search", { query: `q${Math.random()}` }),
      ],
    });
    const session = await AgentSession.start({ memory, model, maxToolRounds: 3 });
    const turn = await session.send("search forever");
    expect(turn.answer).toBe("Here is what I found.");
    expect(turn.toolCalls).toHaveLength(3);
    expect(model.requests.filter(isTurn).map((request) => request.toolChoice)).toEqual([
      "auto",
      "auto",
      "auto",
      "none",
    ]);
  });

  test("end() is idempotent, and sending after it is refused", async () => {
    await open();
    const model = new ScriptedChatModel({
      replies: [
        (request) =>
          isTurn(request) ? answerText("hi") : '{"memories":[],"entries":[],"summary":"Said hi."}',
      ],
    });
    const session = await AgentSession.start({ memory, model });
    await session.send("hi");
    const [first, second] = await Promise.all([session.end(), session.end()]);
    expect(first).toBe(second);
    expect(model.requests.filter((request) => !isTurn(request))).toHaveLength(1);
    await expect(session.send("again")).rejects.toThrow(/ended/);
  });
});

describe("AgentSession with long-term message memory (seed 004)", () => {
  test("what is said is kept per role and recovered by the next session", async () => {
    await open();
    const store = new InMemoryMessageStore();
    const longTerm = () => ({
      memory: new LongTermMemory({ store, watch: ["user_input", "assistant_reply"], onWarning: () => {} }),
      roleId: "assistant",
    });
    const model = new ScriptedChatModel({
      replies: [
        (request) =>
          isTurn(request) ? answerText("Hello, Ada.") : '{"memories":[],"entries":[],"summary":""}',
      ],
    });
    const first = await AgentSession.start({ memory, model, longTerm: longTerm() });
    await first.send("I'm Ada.");
    await first.end();
    expect(
      (await store.list("assistant")).map((message) => [message.role, message.content, message.causeBy]),
    ).toEqual([
      ["user", "I'm Ada.", "user_input"],
      ["assistant", "Hello, Ada.", "assistant_reply"],
    ]);

    const next = longTerm();
    await AgentSession.start({ memory, model, longTerm: next });
    const news = await next.memory.findNews([
      {
        id: "n1",
        role: "user",
        content: "I'm Ada.",
        causeBy: "user_input",
        sentFrom: "user",
        sendTo: ["assistant"],
        createdAt: new Date(),
      },
    ]);
    expect(news).toEqual([]);
  });
});

describe("createChatModel", () => {
  test("without a model, or for OpenAI without a key, it explains how to configure one", async () => {
    for (const [config, env] of [
      [{ timeoutMs: 1000, maxRetries: 0 }, {}],
      [{ model: "gpt-4o-mini", timeoutMs: 1000, maxRetries: 0 }, {}],
    ] as const) {
      await expect(createChatModel(config, env)).rejects.toMatchObject({
        code: "INVALID_CONFIG",
        message: CHAT_MODEL_SETUP_HELP,
      });
    }
    const local = await createChatModel(
      { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.2", timeoutMs: 1000, maxRetries: 0 },
      {},
    );
    expect(local.id).toContain("llama3.2");
    const openai = await createChatModel(
      { model: "gpt-4o-mini", timeoutMs: 1000, maxRetries: 0 },
      { OPENAI_API_KEY: "sk-test" },
    );
    expect(openai.id).toContain("gpt-4o-mini");
  });
});
