import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { detectTranscriptFormat, parseTranscript } from "./parse-transcript.js";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("detectTranscriptFormat", () => {
  test.each([
    ["claude-code-session.jsonl", "claude-code"],
    ["claude-code-session-continued.jsonl", "claude-code"],
    ["codex-rollout.jsonl", "codex"],
    ["openai-messages.json", "messages"],
    ["conversation.md", "markdown"],
  ])("%s reads as %s", (name, format) => {
    expect(detectTranscriptFormat(fixture(name))).toBe(format);
    const read = parseTranscript(fixture(name), "auto");
    expect(read.ok && read.transcript.format).toBe(format);
  });

  test("a bare list of messages, and JSON Lines whose first line is broken (Claude Code's parser names the line)", () => {
    expect(detectTranscriptFormat('  [{"role":"user","content":"hi"}]')).toBe("messages");
    expect(parseTranscript('{"type":"user", oops\n{"type":"user"}\n', "auto")).toMatchObject({
      ok: false,
      line: 1,
    });
  });
});
