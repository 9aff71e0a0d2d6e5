import { generateText, stepCountIs, streamText, wrapLanguageModel } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import { mockResult, mockUsage, toolCall } from "../../testing/test-ai-sdk-results.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { memoryMiddleware } from "./memory-middleware.js";
import { memoryTools } from "./memory-tools.js";

/** What a model wrapped with the memory middleware is sent, seen through the AI SDK's mock model. */
describe("memoryMiddleware", () => {
  const homes: string[] = [];
  afterEach(async () => {
    for (const home of homes.splice(0)) await removeDir(home);
  });

  async function homeWithMemories(): Promise<MemoryHome> {
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    homes.push(home);
    await memory.profile.add("user", "Name", "The user is Ada Lovelace.");
    await memory.memories.save({
      type: "user",
      name: "Cat",
      description: "The user's cat",
      content: "The user's cat is called Miso and likes tuna.",
    });
    return memory;
  }

  function answering(...texts: string[]) {
    return new MockLanguageModelV3({ doGenerate: texts.map((text) => mockResult([{ type: "text", text }])) });
  }

  it("sends the frozen context first, the caller's system prompt after it, and relevant memories with the user's message", async () => {
    const memory = await homeWithMemories();
    const mock = answering("Miso.");
    const model = wrapLanguageModel({ model: mock, middleware: memoryMiddleware(memory) });
    await generateText({ model, system: "You are terse.", prompt: "What is my cat called?" });

    const prompt = mock.doGenerateCalls[0]?.prompt ?? [];
    expect(prompt.map((message) => message.role)).toEqual(["system", "system", "user"]);
    const frozen = prompt[0]?.content as string;
    expect(frozen).toContain("<user-profile>");
    expect(frozen).toContain("The user is Ada Lovelace.");
    expect(frozen).toContain("# Your memory"); // the instructions: what the tools are for
    expect(frozen).not.toMatch(/^<agent-identity>$/m); // no default identity: the program's system prompt says who
    expect(prompt[1]).toEqual({ role: "system", content: "You are terse." });
    const user = prompt[2]?.content as { type: string; text: string }[];
    expect(user[0]?.text).toMatch(/^<relevant-memories>\n/);
    expect(user[0]?.text).toContain("[memories/user_cat.md");
    expect(user[0]?.text).toContain("The user's cat is called Miso and likes tuna.");
    expect(user[1]).toEqual({ type: "text", text: "What is my cat called?" });
  });

  it("gives a streamed call the same memory", async () => {
    const memory = await homeWithMemories();
    const mock = new MockLanguageModelV3({
      doStream: {
        stream: convertArrayToReadableStream([
          { type: "text-start", id: "1" },
          { type: "text-delta", id: "1", delta: "Miso." },
          { type: "text-end", id: "1" },
          { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage: mockUsage() },
        ]),
      },
    });
    const model = wrapLanguageModel({ model: mock, middleware: memoryMiddleware(memory) });
    const result = streamText({ model, prompt: "What is my cat called?" });
    expect(await result.text).toBe("Miso.");
    const prompt = mock.doStreamCalls[0]?.prompt ?? [];
    expect(prompt[0]?.content).toContain("The user is Ada Lovelace.");
    expect(JSON.stringify(prompt.at(-1))).toContain("The user's cat is called Miso and likes tuna.");
  });

  it("keeps the context frozen for the session: a change shows in the next session, not in this one", async () => {
    const memory = await homeWithMemories();
    const mock = answering("one", "two", "three");
    const session = wrapLanguageModel({ model: mock, middleware: memoryMiddleware(memory) });
    await generateText({ model: session, prompt: "Hello" });
    await memory.profile.add("user", "Work", "Ada writes programs for the Analytical Engine.");
    await generateText({ model: session, prompt: "Hello again" });
    const nextSession = wrapLanguageModel({ model: mock, middleware: memoryMiddleware(memory) });
    await generateText({ model: nextSession, prompt: "Hello" });

    const [first, second, third] = mock.doGenerateCalls.map((call) => call.prompt[0]?.content as string);
    expect(second).toBe(first);
    expect(first).not.toContain("Analytical Engine");
    expect(third).toContain("Analytical Engine");
  });

  it("searches once per user message: every step of a tool loop gets the same block", async () => {
    const memory = await homeWithMemories();
    const mock = new MockLanguageModelV3({
      doGenerate: [
        mockResult([toolCall("memory_get", { name: "Cat" })]),
        mockResult([{ type: "text", text: "Miso likes tuna." }]),
      ],
    });
    let searches = 0;
    const recall = memory.recall.bind(memory);
    memory.recall = (query, options) => {
      searches += 1;
      return recall(query, options);
    };
    const model = wrapLanguageModel({ model: mock, middleware: memoryMiddleware(memory) });
    const result = await generateText({
      model,
      tools: memoryTools(memory),
      stopWhen: stepCountIs(4),
      prompt: "What does my cat like?",
    });

    expect(result.text).toBe("Miso likes tuna.");
    expect(searches).toBe(1);
    const userMessages = mock.doGenerateCalls.map((call) => call.prompt.find((each) => each.role === "user"));
    expect(userMessages[1]).toEqual(userMessages[0]);
    expect(JSON.stringify(userMessages[0])).toContain("<relevant-memories>");
  });

  it("adds nothing when memory is disabled, and only the instructions to an empty home", async () => {
    const { home } = await openTestMemory();
    homes.push(home);
    const disabled = await openMemory({ home, env: {}, config: { enabled: false } });
    const mock = answering("a", "b");
    await generateText({
      model: wrapLanguageModel({ model: mock, middleware: memoryMiddleware(disabled) }),
      prompt: "Hello",
    });
    expect(mock.doGenerateCalls[0]?.prompt).toEqual([
      { role: "user", content: [{ type: "text", text: "Hello" }] },
    ]);

    const empty = await openMemory({ home, env: {}, config: { search: { embedder: "none" } } });
    await generateText({
      model: wrapLanguageModel({ model: mock, middleware: memoryMiddleware(empty) }),
      prompt: "Hello",
    });
    const prompt = mock.doGenerateCalls[1]?.prompt ?? [];
    expect(prompt[0]?.content).toMatch(/^# Your memory/);
    expect(prompt.slice(1)).toEqual([{ role: "user", content: [{ type: "text", text: "Hello" }] }]);
  });

  it("goes on without relevant memories when search fails, and says so", async () => {
    const memory = await homeWithMemories();
    memory.recall = () => Promise.reject(new Error("the index is locked"));
    const warnings: string[] = [];
    const mock = answering("fine");
    const model = wrapLanguageModel({
      model: mock,
      middleware: memoryMiddleware(memory, { onWarning: (message) => warnings.push(message) }),
    });
    const result = await generateText({ model, prompt: "What is my cat called?" });
    expect(result.text).toBe("fine");
    expect(warnings).toEqual(["searching memory for this message failed: the index is locked"]);
    expect(JSON.stringify(mock.doGenerateCalls[0]?.prompt)).not.toContain("<relevant-memories>");
  });
});
