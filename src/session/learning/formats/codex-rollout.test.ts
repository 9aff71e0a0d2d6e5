import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseCodexRollout } from "./codex-rollout.js";

/** The fixture follows Codex CLI's rollout lines: {timestamp, type, payload}, session_meta first. */
const fixture = readFileSync(new URL("./fixtures/codex-rollout.jsonl", import.meta.url), "utf8");

describe("parseCodexRollout", () => {
  test("reads the response items that are conversation; Codex's own context, reasoning and events are skipped", () => {
    const read = parseCodexRollout(fixture);
    if (!read.ok) throw new Error(read.problem);
    expect(read.transcript.sessionId).toBe("0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
    expect(read.transcript.messages.map((each) => each.message)).toEqual([
      { role: "user", content: "The CI runs on GitHub Actions with Node 20; use npm ci, never npm install." },
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "call_01", name: "shell", arguments: '{"command":["cat",".github/workflows/ci.yml"]}' },
        ],
      },
      {
        role: "tool",
        toolCallId: "call_01",
        content: '{"output":"jobs:\\n test:\\n runs-on: ubuntu-latest\\n","metadata":{"exit_code":0}}',
      },
      { role: "assistant", content: "Got it: CI is GitHub Actions on Node 20, and I will use npm ci." },
    ]);
    expect(read.transcript.messages.every((each) => each.id === undefined)).toBe(true);
    expect(read.transcript.messages[0]?.at?.toISOString()).toBe("2026-11-27T11:00:01.500Z");
  });

  test("a line that is no rollout line is named by its number", () => {
    const lines = fixture.split("\n");
    const broken = [...lines.slice(0, 2), '{"type":"response_item"}', ...lines.slice(2)].join("\n");
    expect(parseCodexRollout(broken)).toMatchObject({ ok: false, line: 3 });
  });
});
