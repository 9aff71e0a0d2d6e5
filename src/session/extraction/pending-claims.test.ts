import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ChatRequest } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { queuePendingExtraction } from "../../engine/sessions/pending-queue.js";
import { openMemory } from "../../open-memory.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { retryPendingExtractions } from "./pending-extractions.js";

/** Claims on queued extractions: one process extracts a file, a killed one's claim is taken over. */
let memory: MemoryHome;
let home = "";
const extra: MemoryHome[] = [];

afterEach(async () => {
  for (const each of extra.splice(0)) await each.close();
  await memory.close();
  await removeDir(home);
});

const PATH = ".pending/s1.json";
const answer =
  '{"memories":[],"entries":[{"category":"general","text":"The user lives in Lisbon."}],"summary":""}';

async function openQueued() {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  await queuePendingExtraction(memory.store, {
    sessionId: "s1",
    transcript: [{ role: "user", content: "I moved to Lisbon." }],
    error: "down",
    now: new Date("2026-11-20T10:00:00Z"),
  });
}

const onDisk = async () => JSON.parse(await readFile(join(home, PATH), "utf8"));
const claimWith = async (claim: object) =>
  writeFile(join(home, PATH), JSON.stringify({ ...(await onDisk()), claim }));
const isExtraction = (request: ChatRequest) => request.responseFormat !== undefined;

function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid as number;
}

describe("claims on queued extractions", () => {
  test("a file another live process is extracting is left to it", async () => {
    await openQueued();
    await claimWith({ pid: process.pid, host: hostname(), at: new Date().toISOString() });
    const model = new ScriptedChatModel({ replies: [answer] });
    expect(await retryPendingExtractions({ memory, model })).toEqual([]);
    expect(model.callCount).toBe(0);
    await claimWith({
      pid: 1234,
      host: "another-host",
      at: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    expect(await retryPendingExtractions({ memory, model })).toEqual([]);
    expect(model.callCount).toBe(0);
  });

  test("the claim of a killed process, or an hour-old one from another host, is taken over", async () => {
    for (const claim of [
      { pid: deadPid(), host: hostname(), at: new Date().toISOString() },
      { pid: 1234, host: "another-host", at: new Date(Date.now() - 61 * 60_000).toISOString() },
    ]) {
      await openQueued();
      await claimWith(claim);
      const model = new ScriptedChatModel({ replies: [answer] });
      const [report] = await retryPendingExtractions({ memory, model });
      expect(report).toMatchObject({ sessionId: "s1", called: true });
      expect(report?.error).toBeUndefined();
      expect(model.callCount).toBe(1);
      expect((await memory.status()).pendingExtractions).toBe(0);
      await memory.close();
      await removeDir(home);
    }
    ({ memory, home } = await openTestMemory());
  });

  test("a failed extraction releases its claim and counts the attempt", async () => {
    await openQueued();
    const model = new ScriptedChatModel({ replies: [{ throws: new Error("model down") }] });
    const [report] = await retryPendingExtractions({ memory, model, onWarning: () => {} });
    expect(report?.error).toMatch(/model down/);
    const file = await onDisk();
    expect(file.attempts).toBe(2);
    expect(file).not.toHaveProperty("claim");
  });

  test("homes opened at once on one home extract a queued file once", async () => {
    await openQueued();
    const others = await Promise.all(
      [1, 2, 3].map(() =>
        openMemory({ home, env: {}, config: { search: { embedder: "none" } }, onWarning: () => {} }),
      ),
    );
    extra.push(...others);
    const model = new ScriptedChatModel({ replies: [answer] });
    const reports = await Promise.all(
      others.map((other) => retryPendingExtractions({ memory: other, model })),
    );
    expect(reports.flat()).toHaveLength(1);
    expect(model.requests.filter(isExtraction)).toHaveLength(1);
    expect((await memory.status()).pendingExtractions).toBe(0);
  });
});
