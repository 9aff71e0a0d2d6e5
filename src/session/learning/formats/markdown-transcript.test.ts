import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseMarkdownTranscript } from "./markdown-transcript.js";

const fixture = readFileSync(new URL("./fixtures/conversation.md", import.meta.url), "utf8");

describe("parseMarkdownTranscript", () => {
  test('reads "User:" lines and "## User" headings alike, with the lines that follow; the title is no message', () => {
    const read = parseMarkdownTranscript(fixture);
    if (!read.ok) throw new Error(read.problem);
    expect(read.transcript.messages.map((each) => each.message)).toEqual([
      { role: "user", content: "My sister Lena visits in December.\nShe is allergic to peanuts." },
      { role: "assistant", content: "Noted: Lena visits in December and is allergic to peanuts." },
      { role: "user", content: "Book the table for the 12th." },
      { role: "assistant", content: "I will book it for December 12th." },
    ]);
  });

  test("bold speakers in any case", () => {
    const read = parseMarkdownTranscript("**USER:** hello\n**Assistant:** hi there");
    expect(read.ok && read.transcript.messages.map((each) => each.message.content)).toEqual([
      "hello",
      "hi there",
    ]);
  });

  test("text with no speaker at all is refused, saying how to mark one", () => {
    const read = parseMarkdownTranscript("just some notes\nwithout speakers");
    expect(read).toMatchObject({ ok: false, line: 1 });
    expect(!read.ok && read.problem).toContain('"User:"');
  });
});
