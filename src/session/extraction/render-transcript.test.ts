import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { ChatMessage } from "../../contracts/chat-model.js";
import { buildExtractionMessages } from "./extraction-prompt.js";
import { hasConversationText, renderTranscript } from "./render-transcript.js";

const messageArbitrary: fc.Arbitrary<ChatMessage> = fc.oneof(
  fc.record({ role: fc.constant("user" as const), content: fc.string({ minLength: 1, maxLength: 200 }) }),
  fc.record({ role: fc.constant("assistant" as const), content: fc.string({ maxLength: 200 }) }),
  fc.record({ role: fc.constant("system" as const), content: fc.string({ maxLength: 50 }) }),
  fc.record({
    role: fc.constant("tool" as const),
    toolCallId: fc.constant("c1"),
    content: fc.string({ maxLength: 900 }),
  }),
);

describe("renderTranscript", () => {
  test.prop([fc.array(messageArbitrary, { maxLength: 30 }), fc.integer({ min: 1, max: 3000 })])(
    "never exceeds the cap (plus the notice), keeps the newest text, and says how much was left out",
    (messages, cap) => {
      const full = renderTranscript(messages, Number.MAX_SAFE_INTEGER);
      const rendered = renderTranscript(messages, cap);
      const [first, ...rest] = rendered.text.split("\n");
      const body = rendered.omittedCharacters > 0 ? rest.join("\n") : rendered.text;
      expect(body.length).toBeLessThanOrEqual(cap);
      if (rendered.omittedCharacters > 0) {
        expect(first).toBe(`[${rendered.omittedCharacters} characters of earlier conversation left out]`);
        const tail = body.startsWith("…") ? body.slice(1) : body;
        expect(full.text.endsWith(tail)).toBe(true);
      } else {
        expect(rendered.text).toBe(full.text);
      }
    },
  );

  test("leaves system messages out and shows tool calls and results in brief", () => {
    const rendered = renderTranscript(
      [
        { role: "system", content: "<agent-notes>secret memory</agent-notes>" },
        { role: "user", content: "Where are the deploy keys?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "c1", name: "read_file", arguments: JSON.stringify({ path: "x".repeat(300) }) }],
        },
        { role: "tool", toolCallId: "c1", content: "In 1Password." },
        { role: "assistant", content: "In 1Password, vault Deploy." },
      ],
      10_000,
    );
    const lines = rendered.text.split("\n");
    expect(lines[0]).toBe("user: Where are the deploy keys?");
    expect(lines[1]).toMatch(/^assistant called read_file\(\{"path":"x+…\)$/);
    expect(lines[1]?.length).toBeLessThan(240);
    expect(lines.slice(2)).toEqual(["tool result: In 1Password.", "assistant: In 1Password, vault Deploy."]);
    expect(rendered.text).not.toContain("secret memory");
  });

  test("cuts the oldest part and keeps the newest", () => {
    const messages: ChatMessage[] = [
      { role: "user", content: `old ${"a".repeat(100)}` },
      { role: "assistant", content: "newest answer" },
    ];
    const rendered = renderTranscript(messages, 40);
    expect(rendered.text).toMatch(
      /^\[\d+ characters of earlier conversation left out\]\n…a+\nassistant: newest answer$/,
    );
  });
});

describe("hasConversationText", () => {
  test("is false for an empty conversation, system messages only, or blank text", () => {
    expect(hasConversationText([])).toBe(false);
    expect(hasConversationText([{ role: "system", content: "You are helpful." }])).toBe(false);
    expect(hasConversationText([{ role: "user", content: "  \n" }])).toBe(false);
    expect(hasConversationText([{ role: "user", content: "hi" }])).toBe(true);
  });
});

describe("buildExtractionMessages", () => {
  test("gives the instructions, today's date, existing memories and the conversation", () => {
    const messages = buildExtractionMessages({
      transcript: [{ role: "user", content: "Please always use tabs." }],
      related: [
        {
          path: "memories/feedback_prefers-spaces.md",
          name: "Prefers spaces",
          type: "feedback",
          description: "Spaces everywhere",
          body: "Indent with spaces.\n**Why:** taste.\nline 3\nline 4\nline 5\nline 6",
        },
      ],
      categories: ["user_pref", "decision"],
      today: "2026-11-22",
    });
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    const [system, user] = messages.map((message) => message.content);
    expect(system).toContain("- user_pref: how the user wants work done");
    expect(system).toContain("- decision: a category configured for this memory");
    expect(system).toContain("What not to save");
    expect(system).toContain('"supersedes"');
    expect(user).toContain("Today is 2026-11-22.");
    expect(user).toContain(
      "- name: Prefers spaces\n  type: feedback\n  description: Spaces everywhere\n  Indent with spaces.",
    );
    expect(user).toContain("line 5\n  …");
    expect(user).not.toContain("line 6");
    expect(user).toContain("<conversation>\nuser: Please always use tabs.\n</conversation>");
  });
});
