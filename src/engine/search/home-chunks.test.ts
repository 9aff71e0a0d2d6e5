import { describe, expect, test } from "vitest";
import { chunkHomeDocument } from "./home-chunks.js";

const memoryFile = (description: string, body: string) =>
  `---\nname: Speaks French\ndescription: ${description}\ntype: user\ncreated: 2026-01-01T00:00:00.000Z\nupdated: 2026-01-02T00:00:00.000Z\n---\n\n${body}\n`;

describe("chunkHomeDocument for a typed memory", () => {
  test("indexes name, description and body as one chunk", () => {
    const [chunk] = chunkHomeDocument(
      "memories/user_speaks-french.md",
      memoryFile("Language", "Answers in French."),
    );
    expect(chunk).toMatchObject({
      kind: "memory",
      locator: "Speaks French",
      memoryType: "user",
      date: "2026-01-02",
      text: "Speaks French\nLanguage\nAnswers in French.",
    });
  });

  test("a description that repeats the body is indexed once", () => {
    const [chunk] = chunkHomeDocument(
      "memories/user_speaks-french.md",
      memoryFile("Answers in French.", "Answers in French."),
    );
    expect(chunk?.text).toBe("Speaks French\nAnswers in French.");
  });
});
