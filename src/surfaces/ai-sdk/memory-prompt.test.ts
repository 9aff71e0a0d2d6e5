import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { lastUserText, type ModelPrompt, withMemoryContext } from "./memory-prompt.js";

const text = fc.string({ maxLength: 20 });
const message = fc.oneof(
  text.map((content) => ({ role: "system" as const, content })),
  fc.array(text, { minLength: 1, maxLength: 3 }).map((texts) => ({
    role: "user" as const,
    content: texts.map((each) => ({ type: "text" as const, text: each })),
  })),
  text.map((value) => ({ role: "assistant" as const, content: [{ type: "text" as const, text: value }] })),
);
const prompt = fc.array(message, { maxLength: 8 }) as fc.Arbitrary<ModelPrompt>;

describe("withMemoryContext", () => {
  test.prop([prompt, text, text])(
    "keeps every message in order, puts the context first and the block in the last user message only",
    (original, frozenContext, turnContext) => {
      const result = withMemoryContext(original, { frozenContext, turnContext });
      const added = frozenContext === "" ? 0 : 1;
      expect(result.length).toBe(original.length + added);
      if (added === 1) expect(result[0]).toEqual({ role: "system", content: frozenContext });
      const lastUser = original.map((each) => each.role).lastIndexOf("user");
      for (const [index, each] of original.entries()) {
        const after = result[index + added];
        if (index !== lastUser || turnContext === "") {
          expect(after).toEqual(each);
          continue;
        }
        expect(after?.role).toBe("user");
        const content = (after as { content: unknown[] }).content;
        expect(content[0]).toEqual({ type: "text", text: turnContext });
        expect(content.slice(1)).toEqual((each as { content: unknown[] }).content);
      }
    },
  );

  test.prop([prompt])("an empty context and block leave the prompt as it was", (original) => {
    expect(withMemoryContext(original, { frozenContext: "", turnContext: "" })).toEqual(original);
  });
});

describe("lastUserText", () => {
  test("joins the text parts of the last user message, and is empty without one", () => {
    const conversation: ModelPrompt = [
      { role: "user", content: [{ type: "text", text: "first" }] },
      { role: "assistant", content: [{ type: "text", text: "answer" }] },
      {
        role: "user",
        content: [
          { type: "text", text: "What is" },
          { type: "text", text: "my cat called?" },
        ],
      },
    ];
    expect(lastUserText(conversation)).toBe("What is\nmy cat called?");
    expect(lastUserText([{ role: "system", content: "only a system prompt" }])).toBe("");
  });
});
