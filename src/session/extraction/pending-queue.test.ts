import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ChatMessage } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import {
  listPendingExtractions,
  queuePendingExtraction,
  recordPendingFailure,
  validateSessionId,
} from "../../engine/sessions/pending-queue.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { retryPendingExtractions } from "./pending-extractions.js";

/** The .pending/ queue on a real home: numbering, continuation, what is read back and what is skipped. */
let home = "";
let memory: MemoryHome;
const first: ChatMessage[] = [
  { role: "user", content: "I moved to Lisbon." },
  { role: "assistant", content: "Noted." },
];
const later = new Date("2026-11-20T10:00:00Z");
const earlier = new Date("2026-11-19T10:00:00Z");

afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" }, ...config } }));
}

const queue = (sessionId: string, transcript: ChatMessage[], now = later, error = "down") =>
  queuePendingExtraction(memory.store, { sessionId, transcript, error, now });
const onDisk = async (path: string) => JSON.parse(await readFile(join(home, path), "utf8"));

describe("the pending-extraction queue", () => {
  test("a continued conversation replaces its file; another one of the same session gets the next number", async () => {
    await open();
    expect(await queue("s1", first, earlier, "first failure")).toBe(".pending/s1.json");
    const continued = [...first, { role: "user" as const, content: "And I work remotely." }];
    expect(await queue("s1", continued, later, "second failure")).toBe(".pending/s1.json");
    expect(await onDisk(".pending/s1.json")).toMatchObject({
      version: 1,
      sessionId: "s1",
      queuedAt: earlier.toISOString(),
      attempts: 2,
      lastError: "second failure",
      transcript: continued,
    });
    const other: ChatMessage[] = [{ role: "user", content: "Something else entirely." }];
    expect(await queue("s1", other)).toBe(".pending/s1.2.json");
    expect(await queue("s1", [{ role: "user", content: "A third." }])).toBe(".pending/s1.3.json");
    expect(await onDisk(".pending/s1.2.json")).toMatchObject({ attempts: 1, transcript: other });
  });

  test("a shorter conversation, or one that differs, is not a continuation", async () => {
    await open();
    await queue("s1", first);
    expect(await queue("s1", first.slice(0, 1))).toBe(".pending/s1.2.json");
    expect(await queue("s1", [{ role: "user", content: "I moved to Porto." }, first[1] as ChatMessage])).toBe(
      ".pending/s1.3.json",
    );
  });

  test("listed oldest first, then by name; a file that is not a pending extraction is reported and left", async () => {
    await open();
    await queue("b", first, later);
    await queue("a", first, later);
    await queue("c", first, earlier);
    await writeFile(join(home, ".pending/broken.json"), "{ not json");
    await writeFile(join(home, ".pending/wrong.json"), JSON.stringify({ version: 1, sessionId: "x" }));
    await writeFile(join(home, ".pending/notes.txt"), "not a queue file");
    const warnings: string[] = [];
    const listed = await listPendingExtractions(memory.store, (message) => warnings.push(message));
    expect(listed.map((pending) => pending.path)).toEqual([
      ".pending/c.json",
      ".pending/a.json",
      ".pending/b.json",
    ]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/broken\.json is not a pending extraction \(not JSON: .+\); left as it is$/);
    expect(warnings[1]).toMatch(/wrong\.json is not a pending extraction \(queuedAt: .+\); left as it is$/);
    expect((await readdir(join(home, ".pending"))).sort()).toEqual([
      "a.json",
      "b.json",
      "broken.json",
      "c.json",
      "notes.txt",
      "wrong.json",
    ]);
  });

  test("a failure is counted on a queued file, and a broken file is left as it is", async () => {
    await open();
    const path = await queue("s1", first);
    await recordPendingFailure(memory.store, path, "still down");
    expect(await onDisk(path)).toMatchObject({ attempts: 2, lastError: "still down" });
    await writeFile(join(home, ".pending/broken.json"), "{ not json");
    await recordPendingFailure(memory.store, ".pending/broken.json", "x");
    expect(await readFile(join(home, ".pending/broken.json"), "utf8")).toBe("{ not json");
  });

  test("credentials are redacted from what waits on disk, tool-call arguments included", async () => {
    await open();
    const key = "AKIAQWERTYUIOPASDFGH";
    const path = await queue("s1", [
      { role: "user", content: `my key is ${key}` },
      {
        role: "assistant",
        content: "Saving it.",
        toolCalls: [{ id: "c1", name: "memory_save", arguments: JSON.stringify({ content: `key ${key}` }) }],
      },
      { role: "assistant", content: `Done with ${key}.` },
    ]);
    const text = await readFile(join(home, path), "utf8");
    expect(text).not.toContain(key);
    const [user, call, done] = (await onDisk(path)).transcript;
    expect(user).toMatchObject({ role: "user", content: expect.stringContaining("my key is") });
    expect(call).toMatchObject({
      role: "assistant",
      content: "Saving it.",
      toolCalls: [{ id: "c1", name: "memory_save" }],
    });
    expect(JSON.parse(call.toolCalls[0].arguments).content).toMatch(/^key /);
    expect(done.toolCalls).toBeUndefined();
  });

  test("the same conversation queued again is one file with two attempts; a file naming another session is not continued", async () => {
    await open();
    await queue("s1", first);
    expect(await queue("s1", first)).toBe(".pending/s1.json");
    expect(await onDisk(".pending/s1.json")).toMatchObject({ attempts: 2 });
    const tampered = { ...(await onDisk(".pending/s1.json")), sessionId: "s9" };
    await writeFile(join(home, ".pending/s1.json"), JSON.stringify(tampered));
    expect(await queue("s1", first)).toBe(".pending/s1.2.json");
  });

  test("a queued file of the wrong shape is reported with the field at fault, dotted, or as the file", async () => {
    await open();
    const good = await queue("s1", first);
    const wrongRole = await onDisk(good);
    wrongRole.transcript[0].role = "narrator";
    await writeFile(join(home, ".pending/role.json"), JSON.stringify(wrongRole));
    await writeFile(join(home, ".pending/list.json"), "[]");
    const warnings: string[] = [];
    await listPendingExtractions(memory.store, (message) => warnings.push(message));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /list\.json is not a pending extraction \(the file: [A-Z].+\); left as it is$/,
    );
    expect(warnings[1]).toMatch(
      /role\.json is not a pending extraction \(transcript\.0\.role: [A-Z].+\); left as it is$/,
    );
  });

  test("session ids name files: letters, digits, . _ -, never ..", () => {
    expect(validateSessionId("2026-11-20_a.b")).toBe("2026-11-20_a.b");
    for (const bad of ["", "../x", "a..b", ".hidden", "a/b", "x".repeat(129)])
      expect(() => validateSessionId(bad)).toThrow(
        expect.objectContaining({
          code: "INVALID_INPUT",
          message: expect.stringContaining("Invalid session id"),
        }),
      );
  });

  test("retrying: nothing with memory or extraction off; a queued file without conversation text goes, no call made", async () => {
    await open();
    await queue("quiet", [{ role: "system", content: "You are an agent." }]);
    const model = new ScriptedChatModel({ replies: [{ throws: new Error("must not be called") }] });
    const reports = await retryPendingExtractions({ memory, model, onWarning: () => {} });
    expect(reports).toMatchObject([{ sessionId: "quiet", path: ".pending/quiet.json", called: false }]);
    expect(model.callCount).toBe(0);
    expect(await readdir(join(home, ".pending"))).toEqual([]);
    await queue("s1", first);
    const aborted = new AbortController();
    aborted.abort();
    expect(await retryPendingExtractions({ memory, model, signal: aborted.signal })).toEqual([]);
    await memory.close();
    await open({ extraction: { enabled: false } });
    await queue("s1", first);
    expect(await retryPendingExtractions({ memory, model })).toEqual([]);
    expect(model.callCount).toBe(0);
  });
});
