import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { openMemory } from "../../open-memory.js";
import { MEMORY_TOOLS } from "../../session/tools/memory-tools.js";
import { mockResult, toolCall, toolOutputs } from "../../testing/test-ai-sdk-results.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { memoryTools } from "./memory-tools.js";

/** The memory tools in an AI SDK tool loop, driven by the AI SDK's own mock model. */
describe("memoryTools in generateText", () => {
  const homes: string[] = [];
  afterEach(async () => {
    for (const home of homes.splice(0)) await removeDir(home);
  });

  it("saves a memory through a tool call; the model reads the result text, the program the data", async () => {
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    homes.push(home);
    const model = new MockLanguageModelV3({
      doGenerate: [
        mockResult([
          toolCall("memory_save", {
            type: "user",
            name: "Cat",
            description: "The user's cat",
            content: "The user's cat is called Miso.",
          }),
        ]),
        mockResult([{ type: "text", text: "I'll remember Miso." }]),
      ],
    });
    const result = await generateText({
      model,
      tools: memoryTools(memory),
      stopWhen: stepCountIs(5),
      prompt: "My cat is called Miso.",
    });

    expect(result.text).toBe("I'll remember Miso.");
    expect(await readFile(join(home, "memories/user_cat.md"), "utf8")).toContain(
      "The user's cat is called Miso.",
    );
    expect(await readFile(join(home, "MEMORY.md"), "utf8")).toContain("[Cat](memories/user_cat.md)");
    const [first] = result.steps[0]?.toolResults ?? [];
    expect(first?.output).toMatchObject({ ok: true, data: { path: "memories/user_cat.md", created: true } });
    expect(toolOutputs(model.doGenerateCalls[1]?.prompt)).toEqual([
      { type: "text", value: expect.stringContaining('Created user memory "Cat" in memories/user_cat.md') },
    ]);
  });

  it("answers a call with bad arguments with an error result that says what to fix, and the loop goes on", async () => {
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    homes.push(home);
    const model = new MockLanguageModelV3({
      doGenerate: [
        mockResult([toolCall("memory_save", { type: "pet", name: "Cat", content: "Miso." })]),
        mockResult([{ type: "text", text: "Sorry." }]),
      ],
    });
    const result = await generateText({
      model,
      tools: memoryTools(memory),
      stopWhen: stepCountIs(5),
      prompt: "Remember my cat.",
    });

    expect(result.text).toBe("Sorry.");
    const [output] = toolOutputs(model.doGenerateCalls[1]?.prompt);
    expect(output?.type).toBe("error-text");
    expect(output?.value).toMatch(/Invalid arguments for memory_save: "type"/);
    expect(output?.value).toContain("user|feedback|project|reference");
  });

  it("offers every memory tool with its JSON Schema, only the tools asked for, and none when memory is disabled", async () => {
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    homes.push(home);
    const model = new MockLanguageModelV3({ doGenerate: mockResult([{ type: "text", text: "ok" }]) });
    await generateText({ model, tools: memoryTools(memory), prompt: "hi" });
    const offered = model.doGenerateCalls[0]?.tools ?? [];
    expect(offered.map((each) => each.name)).toEqual(MEMORY_TOOLS.map((each) => each.name));
    const search = offered.find((each) => each.name === "memory_search");
    expect(search).toMatchObject({ type: "function", inputSchema: MEMORY_TOOLS[9]?.inputSchema });

    const readOnly = MEMORY_TOOLS.filter((each) => each.readOnly);
    expect(Object.keys(memoryTools(memory, { tools: readOnly }))).toEqual(readOnly.map((each) => each.name));

    const disabled = await openMemory({ home, env: {}, config: { enabled: false } });
    expect(memoryTools(disabled)).toEqual({});
  });

  it("refuses a tool the caller did not offer, even when the model names it", async () => {
    const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } });
    homes.push(home);
    const tools = memoryTools(memory, { tools: MEMORY_TOOLS.filter((each) => each.readOnly) });
    const model = new MockLanguageModelV3({
      doGenerate: [
        mockResult([toolCall("memory_delete", { name: "Cat" })]),
        mockResult([{ type: "text", text: "done" }]),
      ],
    });
    const result = await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: "forget my cat" });
    // The AI SDK itself answers a call of a tool it was not given: nothing of mnemo runs.
    expect(result.steps[0]?.toolResults).toEqual([]);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain("memory_delete");
  });
});
