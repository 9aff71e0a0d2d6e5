import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openMemory } from "../../open-memory.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import {
  conversationTranscript,
  markSessionEnded,
  markSessionOpen,
  queueInterruptedSessions,
} from "./open-sessions.js";
import { newSessionLog } from "./session-log.js";
import { saveSessionLog } from "./session-logs.js";

/** Killed sessions on a real home: found by their open marker, queued once, their log marked ended. */
let memory: MemoryHome;
let home = "";
let warnings: string[] = [];
const extra: MemoryHome[] = [];

afterEach(async () => {
  for (const each of extra.splice(0)) await each.close();
  await memory.close();
  await removeDir(home);
});

async function open() {
  ({ memory, home, warnings } = await openTestMemory({ config: { search: { embedder: "none" } } }));
}

/** The pid of a process that has exited: what a session killed with SIGKILL leaves in its marker. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid as number;
}

const context = () => ({
  store: memory.store,
  config: memory.config,
  now: () => new Date(),
  warn: (m: string) => warnings.push(m),
});
const onDisk = async (path: string) => readFile(join(home, path), "utf8").catch(() => undefined);

async function killedSession(
  sessionId: string,
  options: { said?: boolean; pid?: number; host?: string; startedAt?: Date } = {},
) {
  const startedAt = options.startedAt ?? new Date("2026-11-20T10:00:00Z");
  await saveSessionLog(memory.store, newSessionLog({ sessionId, source: "agent", startedAt }));
  if (options.said !== false)
    await memory.conversations.add(sessionId, [
      { speaker: "user", text: "My cat is called Miso." },
      { speaker: "assistant", text: "Noted." },
    ]);
  await markSessionOpen(memory.store, {
    sessionId,
    process: { pid: options.pid ?? deadPid(), host: options.host ?? hostname() },
    startedAt: startedAt.toISOString(),
  });
}

describe("sessions killed before they ended", () => {
  test("a session whose process is gone has its conversation queued once, its log ended, its marker removed", async () => {
    await open();
    await killedSession("s-killed");
    const queued = await queueInterruptedSessions(context());
    expect(queued).toMatchObject([{ sessionId: "s-killed", pending: ".pending/s-killed.json" }]);
    const pending = JSON.parse((await onDisk(".pending/s-killed.json")) ?? "{}");
    expect(pending).toMatchObject({
      sessionId: "s-killed",
      attempts: 1,
      transcript: [
        { role: "user", content: "My cat is called Miso." },
        { role: "assistant", content: "Noted." },
      ],
    });
    expect(pending.lastError).toMatch(/killed before it ended \(process \d+ on .+ is gone\)/);
    expect(JSON.parse((await onDisk(".sessions/s-killed.json")) ?? "{}")).toMatchObject({
      interrupted: true,
      endedAt: expect.any(String),
    });
    expect(await onDisk(".sessions/open/s-killed.json")).toBeUndefined();
    expect(await queueInterruptedSessions(context())).toEqual([]);
  });

  test("a live session, one on another host and one that ended are left alone", async () => {
    await open();
    await killedSession("s-live", { pid: process.pid });
    await killedSession("s-elsewhere", { host: `${hostname()}-other` });
    await killedSession("s-ended");
    await markSessionEnded(memory.store, "s-ended");
    expect(await queueInterruptedSessions(context())).toEqual([]);
    expect(await onDisk(".sessions/open/s-live.json")).toBeDefined();
    expect(await onDisk(".sessions/open/s-elsewhere.json")).toBeDefined();
    expect(await onDisk(".pending/s-ended.json")).toBeUndefined();
  });

  test("a killed session that recorded nothing is marked ended with nothing queued", async () => {
    await open();
    await killedSession("s-silent", { said: false });
    const queued = await queueInterruptedSessions(context());
    expect(queued.map((session) => session.sessionId)).toEqual(["s-silent"]);
    expect(queued[0]).not.toHaveProperty("pending");
    expect(await onDisk(".sessions/open/s-silent.json")).toBeUndefined();
    expect((await memory.status()).pendingExtractions).toBe(0);
  });

  test("a marker that is not one is reported by path and left as it is", async () => {
    await open();
    await memory.store.transaction((writer) => writer.write(".sessions/open/broken.json", '{"version":1}'));
    expect(await queueInterruptedSessions(context())).toEqual([]);
    expect(warnings.join("\n")).toMatch(
      /sessions\/open\/broken\.json is not an open-session marker \(sessionId: /,
    );
    expect(await onDisk(".sessions/open/broken.json")).toBe('{"version":1}');
  });

  test("markers that are not JSON, or miss a field, are reported with what is wrong; other files there are ignored", async () => {
    await open();
    await memory.store.transaction(async (writer) => {
      await writer.write(".sessions/open/torn.json", '{"version":1,');
      await writer.write(".sessions/open/list.json", "[1]");
      await writer.write(".sessions/open/README.txt", "not a marker");
    });
    expect(await queueInterruptedSessions(context())).toEqual([]);
    const said = warnings.join("\n");
    expect(said).toMatch(/torn\.json is not an open-session marker \(not JSON\); left as it is/);
    expect(said).toMatch(/list\.json is not an open-session marker \(the file: [^)]+\)/);
    expect(said).not.toMatch(/README/);
    await killedSession("s-half");
    await memory.store.transaction((writer) =>
      writer.write(
        ".sessions/open/s-half.json",
        JSON.stringify({ version: 1, sessionId: "s-half", process: { host: "h" }, startedAt: "x" }),
      ),
    );
    warnings = [];
    await queueInterruptedSessions(context());
    expect(warnings.join("\n")).toMatch(/s-half\.json is not an open-session marker \(process\.pid: /);
  });

  test("several killed sessions are queued oldest first, and by id when they started together", async () => {
    await open();
    const day = (date: number) => new Date(`2026-11-${date}T10:00:00Z`);
    await killedSession("s-c", { startedAt: day(21) });
    await killedSession("s-b", { startedAt: day(20) });
    await killedSession("s-a", { startedAt: day(21) });
    const queued = await queueInterruptedSessions(context());
    expect(queued.map((session) => session.sessionId)).toEqual(["s-b", "s-a", "s-c"]);
  });

  test("two processes' worth of homes queueing at once queue each killed session once", async () => {
    await open();
    await killedSession("s-raced");
    const others = await Promise.all(
      [1, 2, 3].map(() =>
        openMemory({ home, env: {}, config: { search: { embedder: "none" } }, onWarning: () => {} }),
      ),
    );
    extra.push(...others);
    const results = await Promise.all(
      others.map((other) =>
        queueInterruptedSessions({
          store: other.store,
          config: other.config,
          now: () => new Date(),
          warn: () => {},
        }),
      ),
    );
    expect(results.flat().map((session) => session.sessionId)).toEqual(["s-raced"]);
    expect(JSON.parse((await onDisk(".pending/s-raced.json")) ?? "{}").attempts).toBe(1);
  });

  test("mnemo doctor reports it as fixable; its fix queues the conversation", async () => {
    await open();
    await killedSession("s-doctor");
    const report = await memory.doctor();
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "interrupted-session",
        path: ".sessions/open/s-doctor.json",
        fixable: true,
      }),
    ]);
    const fixed = await memory.doctor({ fix: true });
    expect(fixed.fixed).toContain(
      "session s-doctor: its conversation is queued in .pending/s-doctor.json for extraction",
    );
    expect((await memory.doctor()).problems).toEqual([]);
  });

  test("a transcript: the assistant's turns are its own, everyone else's the user's, named", () => {
    const text = [
      "# Conversation s1",
      "",
      "### [2026-11-20 10:00] user",
      "",
      "Hello.",
      "",
      "---",
      "",
      "### [2026-11-20 10:01] assistant",
      "",
      "Hi.",
      "",
      "---",
      "",
      "### [2026-11-20 10:02] Caroline",
      "",
      "Me too.",
      "",
      "---",
      "",
    ].join("\n");
    expect(conversationTranscript(text)).toEqual([
      { role: "user", content: "Hello." },
      { role: "assistant", content: "Hi." },
      { role: "user", content: "Caroline: Me too." },
    ]);
    expect(conversationTranscript("")).toEqual([]);
  });
});
