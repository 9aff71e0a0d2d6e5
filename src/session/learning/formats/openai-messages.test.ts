import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseOpenAiMessages } from "./openai-messages.js";

const fixture = readFileSync(new URL("./fixtures/openai-messages.json", import.meta.url), "utf8");

describe("parseOpenAiMessages", () => {
  test("reads a chat request's messages: system left out, tool calls kept in brief, text parts joined", () => {
    const read = parseOpenAiMessages(fixture);
    if (!read.ok) throw new Error(read.problem);
    expect(read.transcript.messages.map((each) => each.message)).toEqual([
      { role: "user", content: "I'm vegetarian, so skip the meat dishes." },
      {
        role: "assistant",
        content: "",
        toolCalls: [{ id: "call_1", name: "search_recipes", arguments: '{"diet":"vegetarian"}' }],
      },
      { role: "tool", toolCallId: "call_1", content: "Lentil curry; Mushroom risotto" },
      { role: "assistant", content: "How about a lentil curry or a mushroom risotto?" },
    ]);
  });

  test("a bare list reads the same as {messages}", () => {
    const list = JSON.stringify(JSON.parse(fixture).messages);
    const read = parseOpenAiMessages(list);
    expect(read.ok && read.transcript.messages).toHaveLength(4);
  });

  test("a message without a role is named by its number", () => {
    const read = parseOpenAiMessages('[{"role":"user","content":"hi"},{"content":"no role"}]');
    expect(read).toMatchObject({ ok: false });
    expect(!read.ok && read.problem).toMatch(/^message 2: role/);
  });
});
