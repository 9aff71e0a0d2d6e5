import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ChatRequest } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { AgentSession } from "./agent-session.js";

/**
 * An AgentSession says it is open until its conversation is safe; one that never ended (its
 * process killed) is learned from by the next session's start, once. In process, with a scripted
 * model: the kill is a marker whose pid is that of a process that has exited.
 */
let memory: MemoryHome;
let home = "";

afterEach(async () => {
  await memory.close();
  await removeDir(home);
});

const isExtraction = (request: ChatRequest) => request.responseFormat !== undefined;
const extractionOf = (text: string) => (request: ChatRequest) =>
  isExtraction(request) && JSON.stringify(request.messages).includes(text);
const model = () =>
  new ScriptedChatModel({
    replies: [
      (request) =>
        isExtraction(request)
          ? JSON.stringify({
              memories: [],
              entries: [{ category: "general", text: "The user's cat is called Miso." }],
              summary: "",
            })
          : "Noted.",
    ],
  });
const marker = (sessionId: string) => join(home, ".sessions", "open", `${sessionId}.json`);
const exists = (path: string) =>
  readFile(path, "utf8").then(
    () => true,
    () => false,
  );

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" }, ...config } }));
}

/** What SIGKILL leaves: the session's marker names a process that is gone. */
async function kill(session: AgentSession) {
  const gone = spawnSync(process.execPath, ["-e", ""]).pid as number;
  const path = marker(session.sessionId);
  const text = JSON.parse(await readFile(path, "utf8"));
  await writeFile(path, JSON.stringify({ ...text, process: { ...text.process, pid: gone } }));
}

describe("an AgentSession that is never ended", () => {
  test("is marked open from start to end", async () => {
    await open();
    const session = await AgentSession.start({ memory, model: model() });
    expect(await exists(marker(session.sessionId))).toBe(true);
    await session.send("hello");
    await session.end();
    expect(await exists(marker(session.sessionId))).toBe(false);
  });

  test("is learned from by the next session's start, once", async () => {
    await open();
    const first = model();
    const killed = await AgentSession.start({ memory, model: first });
    await killed.send("My cat is called Miso.");
    await kill(killed);

    const next = model();
    const session = await AgentSession.start({ memory, model: next });
    await session.end();
    expect(next.requests.filter(extractionOf("My cat is called Miso."))).toHaveLength(1);
    expect(first.requests.filter(isExtraction)).toHaveLength(0);
    expect(await readFile(join(home, "MEMORY.md"), "utf8")).toContain("The user's cat is called Miso.");
    expect((await memory.sessions.get(killed.sessionId)).interrupted).toBe(true);

    const after = model();
    await (await AgentSession.start({ memory, model: after })).end();
    expect(after.requests.filter(isExtraction)).toHaveLength(0);
  });

  test("a home whose extraction was turned off since leaves a killed session's marker for later", async () => {
    await open();
    const killed = await AgentSession.start({ memory, model: model() });
    await killed.send("My cat is called Miso.");
    await kill(killed);
    await memory.close();
    memory = await openMemory({
      home,
      env: {},
      config: { search: { embedder: "none" }, extraction: { enabled: false } },
    });
    const next = model();
    await (await AgentSession.start({ memory, model: next })).end();
    expect(next.requests.filter(isExtraction)).toHaveLength(0);
    expect(await exists(marker(killed.sessionId))).toBe(true);
    expect((await memory.status()).pendingExtractions).toBe(0);
  });

  test("with extraction off, nothing is marked and nothing is learned", async () => {
    await open({ extraction: { enabled: false } });
    const session = await AgentSession.start({ memory, model: model() });
    expect(await exists(marker(session.sessionId))).toBe(false);
    await session.end();
  });
});
