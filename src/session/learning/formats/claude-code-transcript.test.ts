import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseClaudeCodeTranscript } from "./claude-code-transcript.js";

/** Fixtures written from Claude Code's documented transcript lines (type, uuid, sessionId, message.content). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseClaudeCodeTranscript", () => {
  test("reads what was said, tool calls and results in brief, and skips thinking, meta, sidechain and snapshot lines", () => {
    const read = parseClaudeCodeTranscript(fixture("claude-code-session.jsonl"));
    if (!read.ok) throw new Error(read.problem);
    expect(read.transcript.sessionId).toBe("5d1f0c2e-7b7a-4c1e-9d57-2f0e4b8a9c31");
    expect(read.transcript.messages.map((each) => [each.id, each.message])).toEqual([
      [
        "a0000001-0000-4000-8000-000000000001",
        {
          role: "user",
          content: "Our staging database runs on Postgres 15 at db.staging.internal; please remember that.",
        },
      ],
      [
        "a0000002-0000-4000-8000-000000000002",
        {
          role: "assistant",
          content: "Noted: staging is Postgres 15 on db.staging.internal. Let me check the deploy config.",
        },
      ],
      [
        "a0000003-0000-4000-8000-000000000003",
        {
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "toolu_01", name: "Read", arguments: '{"file_path":"/home/ana/shop/deploy/staging.yml"}' },
          ],
        },
      ],
      [
        "a0000004-0000-4000-8000-000000000004",
        {
          role: "tool",
          toolCallId: "toolu_01",
          content: "database: host: db.staging.internal port: 5432 version: 15",
        },
      ],
      [
        "a0000007-0000-4000-8000-000000000007",
        { role: "assistant", content: "The deploy config agrees: db.staging.internal, port 5432." },
      ],
    ]);
    expect(read.transcript.messages[0]?.at?.toISOString()).toBe("2026-11-27T09:00:00.000Z");
  });

  test("leaves out the summary Claude Code writes at a compaction, and reads text blocks of a user line", () => {
    const read = parseClaudeCodeTranscript(fixture("claude-code-session-continued.jsonl"));
    if (!read.ok) throw new Error(read.problem);
    expect(read.transcript.messages.map((each) => each.message.content)).toEqual([
      "From now on, deploy to staging only from the release branch.",
      "Understood: staging deploys come from the release branch only.",
    ]);
  });

  test("a long tool result is cut short: a transcript never hands a whole file on", () => {
    const line = {
      type: "user",
      uuid: "u1",
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t", content: "x".repeat(10_000) }],
      },
    };
    const read = parseClaudeCodeTranscript(`${JSON.stringify(line)}\n`);
    if (!read.ok) throw new Error(read.problem);
    expect(read.transcript.messages[0]?.message.content).toHaveLength(500);
  });

  test("a line that is not JSON is named by its number; an unfinished last line is left for the next read", () => {
    const good = fixture("claude-code-session.jsonl").split("\n");
    const broken = [...good.slice(0, 3), '{"type":"user", oops', ...good.slice(3)].join("\n");
    expect(parseClaudeCodeTranscript(broken)).toMatchObject({ ok: false, line: 4 });
    const unfinished = `${good.slice(0, 3).join("\n")}\n{"type":"assistant","mess`;
    const read = parseClaudeCodeTranscript(unfinished);
    expect(read.ok && read.transcript.messages).toHaveLength(2);
  });

  test("a user line without message content is refused with its line", () => {
    const read = parseClaudeCodeTranscript('{"type":"summary","summary":"x"}\n{"type":"user","uuid":"u"}\n');
    expect(read).toMatchObject({ ok: false, line: 2 });
    expect(!read.ok && read.problem).toContain("message");
  });
});
