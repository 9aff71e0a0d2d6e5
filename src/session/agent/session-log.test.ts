import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ChatRequest, ChatResponse } from "../../contracts/chat-model.js";
import { estimateTokens } from "../../engine/context/context-budget.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { KEPT_SESSION_LOGS, newSessionLog, serializeSessionLog } from "../../engine/sessions/session-log.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { AgentSession } from "./agent-session.js";

/**
 * An AgentSession's log in .sessions/, read back through MemoryHome.sessions as the web browser and
 * `mnemo status` read it: the frozen block and its size, the memories found per turn, the writes,
 * what extraction saved; credentials redacted; only the newest logs kept.
 */
let memory: MemoryHome;
let home = "";

afterEach(async () => {
  await memory.close();
  await removeDir(home);
});

const answer = (content: string): ChatResponse => ({ content, toolCalls: [], finishReason: "stop" });
const extraction = JSON.stringify({
  memories: [
    { type: "user", name: "Owns a cat", description: "A cat named Miso", body: "The user has a cat, Miso." },
  ],
  entries: [],
  summary: "Talked about pets.",
});

/** Turns get the script's replies; the extraction call (a JSON answer) gets `extraction`. */
function model(...turns: ChatResponse[]) {
  let turn = 0;
  return new ScriptedChatModel({
    id: "scripted-model",
    replies: [
      (request: ChatRequest) =>
        request.responseFormat === undefined
          ? (turns[Math.min(turn++, turns.length - 1)] as ChatResponse)
          : extraction,
    ],
  });
}

describe("the session log", () => {
  test("records the frozen block and its tokens, each turn's relevant memories, the writes and the extraction", async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    await memory.memories.save({
      type: "feedback",
      name: "Prefers tabs",
      content: "Indent with tabs, always.",
    });
    const scripted = model(
      {
        content: "",
        toolCalls: [
          {
            id: "1",
            name: "memory_add",
            arguments: '{"file":"user","section":"Pets","content":"A cat, Miso."}',
          },
        ],
        finishReason: "tool_calls",
      },
      answer("Noted."),
    );
    const session = await AgentSession.start({ memory, model: scripted, basePrompt: "Be brief." });
    await session.send("How should I indent? My password is hunter2-Secret! and I have a cat.");
    await session.end();

    const [summary, ...others] = await memory.sessions.list();
    expect(others).toEqual([]);
    expect(summary).toMatchObject({
      sessionId: session.sessionId,
      source: "agent",
      client: "scripted-model",
      turns: 1,
      writes: 1,
      extracted: 1,
      frozenCharacters: session.systemPrompt.length,
      frozenTokens: estimateTokens(session.systemPrompt),
    });
    const log = await memory.sessions.get(session.sessionId);
    expect(log.frozen?.text).toBe(session.systemPrompt);
    expect(log.turns[0]?.relevant).toEqual([
      expect.objectContaining({ source: "memories/feedback_prefers-tabs.md Prefers tabs" }),
    ]);
    expect(log.turns[0]?.message).not.toContain("hunter2-Secret!");
    expect(log.turns[0]?.message).toContain("[REDACTED:");
    expect(log.writes).toEqual([
      expect.objectContaining({ tool: "memory_add", arguments: expect.stringContaining("Miso") }),
    ]);
    expect(log.extraction?.written).toEqual([
      expect.objectContaining({ kind: "memory", label: "Owns a cat" }),
    ]);
    expect(log.endedAt).toBeDefined();
  });

  test("a session's turn is on disk when send() returns, before the session ends", async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    const session = await AgentSession.start({ memory, model: model(answer("hi")) });
    expect((await memory.sessions.get(session.sessionId)).turns).toEqual([]);
    await session.send("hello");
    expect((await memory.sessions.get(session.sessionId)).turns).toHaveLength(1);
    await session.end();
  });

  test(`keeps the newest ${KEPT_SESSION_LOGS} logs: a new session removes the oldest`, async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    const folder = join(home, ".sessions");
    await mkdir(folder);
    for (let number = 0; number < KEPT_SESSION_LOGS; number++) {
      const sessionId = `old-${String(number).padStart(3, "0")}`;
      const startedAt = new Date(2026, 0, 1, 0, number);
      await writeFile(
        join(folder, `${sessionId}.json`),
        serializeSessionLog(newSessionLog({ sessionId, source: "agent", startedAt })),
      );
      await utimes(join(folder, `${sessionId}.json`), startedAt, startedAt);
    }
    const session = await AgentSession.start({ memory, model: model(answer("hi")) });
    // .sessions/open/ holds the markers of sessions not ended yet (open-sessions.ts), not logs.
    const files = (await readdir(folder)).filter((name) => name.endsWith(".json"));
    expect(files).toHaveLength(KEPT_SESSION_LOGS);
    expect(files).not.toContain("old-000.json");
    expect(files).toContain("old-001.json");
    expect(files).toContain(`${session.sessionId}.json`);
    await session.end();
  });

  test("with memory disabled nothing is recorded", async () => {
    ({ memory, home } = await openTestMemory({ config: { enabled: false } }));
    const session = await AgentSession.start({ memory, model: model(answer("hi")) });
    await session.send("hello");
    await session.end();
    expect(await readdir(home)).toEqual([]);
  });
});
