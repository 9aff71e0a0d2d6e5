import { readdir, readFile, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ChatRequest } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { retryPendingExtractions } from "../extraction/pending-extractions.js";
import type { ParsedTranscript, TranscriptMessage } from "./formats/transcript.js";
import { learnTranscript } from "./learn-transcript.js";

/**
 * learnTranscript on a real file home with a scripted model: each part once, the claim that keeps
 * two learns apart, the queue that keeps a failed or model-less part, and the ledger's checks.
 */
const homes: string[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await removeDir(home);
});

async function setUp() {
  const opened = await openTestMemory({ config: { search: { embedder: "none" } } });
  homes.push(opened.home);
  return opened;
}

const GITHUB_TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";

const user = (content: string, id?: string): TranscriptMessage => ({
  ...(id ? { id } : {}),
  message: { role: "user", content },
});
const assistant = (content: string, id?: string): TranscriptMessage => ({
  ...(id ? { id } : {}),
  message: { role: "assistant", content },
});
const transcript = (messages: TranscriptMessage[], format: ParsedTranscript["format"] = "claude-code") => ({
  format,
  messages,
});

const FIRST = [user("The staging database is Postgres 15.", "u1"), assistant("Noted.", "a1")];
const LATER = [user("Deploy to staging only from the release branch.", "u2"), assistant("Understood.", "a2")];

const EMPTY_ANSWER = JSON.stringify({ memories: [], entries: [], summary: "" });
const answer = (name: string, body: string) =>
  JSON.stringify({
    memories: [{ type: "project", name, description: name, body, supersedes: null }],
    entries: [],
    summary: "",
  });

const transcriptIn = (request: ChatRequest) => JSON.stringify(request.messages);

function learn(memory: MemoryHome, messages: TranscriptMessage[], model?: ScriptedChatModel) {
  return learnTranscript({
    memory,
    model,
    transcript: transcript(messages),
    sessionId: "s1",
    source: "/tmp/s1.jsonl",
    onWarning: () => {},
  });
}

const ledgerOf = async (home: string) =>
  JSON.parse(await readFile(join(home, ".learned", "s1.json"), "utf8"));
const pendingIn = async (home: string) => readdir(join(home, ".pending")).catch(() => []);

describe("learnTranscript", () => {
  test("learns each part once: the same call again makes no model call; an appended part is all the next call reads", async () => {
    const { memory, home } = await setUp();
    const model = new ScriptedChatModel({
      replies: [
        answer("Staging database", "Staging is Postgres 15."),
        answer("Staging deploys", "Release branch only."),
      ],
    });

    const first = await learn(memory, FIRST, model);
    expect(first).toMatchObject({
      status: "learned",
      messages: 2,
      range: { from: 1, to: 2 },
      pending: undefined,
    });
    expect(first.extraction).toMatchObject({ model: "scripted", added: 1, updated: 0, unchanged: 0 });
    expect(first.recorded).toEqual({ path: "conversations/s1.md", turns: 2 });
    expect(await ledgerOf(home)).toMatchObject({
      learned: { messages: 2, lastId: "a1" },
      parts: [{ from: 1, to: 2 }],
      format: "claude-code",
      source: "/tmp/s1.jsonl",
    });
    expect((await ledgerOf(home)).claim).toBeUndefined();

    expect(await learn(memory, FIRST, model)).toMatchObject({ status: "nothing-new", range: undefined });
    expect(model.callCount).toBe(1);

    const later = await learn(memory, [...FIRST, ...LATER], model);
    expect(later).toMatchObject({ status: "learned", messages: 4, range: { from: 3, to: 4 } });
    expect(model.callCount).toBe(2);
    const read = transcriptIn(model.requests[1] as ChatRequest);
    expect(read).toContain("release branch");
    expect(read).not.toContain("user: The staging database is Postgres 15.");
    expect((await ledgerOf(home)).parts).toMatchObject([
      { from: 1, to: 2 },
      { from: 3, to: 4 },
    ]);
    expect(await pendingIn(home)).toEqual([]);
    expect((await memory.conversations.read("s1")).turns).toHaveLength(4);
  });

  test("while its part is extracted, the queued file is claimed by this process; a failure says where it waits", async () => {
    const { memory, home } = await setUp();
    let claimDuringCall: unknown;
    const model = new ScriptedChatModel({
      replies: [
        async () => {
          const queued = JSON.parse(await readFile(join(home, ".pending", "s1.json"), "utf8"));
          claimDuringCall = queued.claim;
          return { throws: new Error("down") };
        },
      ],
    });
    const warnings: string[] = [];
    await learnTranscript({
      memory,
      model,
      transcript: transcript(FIRST),
      sessionId: "s1",
      source: "/tmp/s1.jsonl",
      onWarning: (warning) => warnings.push(warning),
    });
    expect(claimDuringCall).toMatchObject({ pid: process.pid, host: hostname(), at: expect.any(String) });
    expect(warnings.join("\n")).toMatch(
      /the extraction of session s1 failed: .*down.*; it waits in .*s1\.json/,
    );
  });

  test("a failed call: the ledger moves on, the part waits in .pending/ unclaimed, and a retry extracts it", async () => {
    const { memory, home } = await setUp();
    const down = new ScriptedChatModel({ replies: [{ throws: new Error("down") }] });
    const report = await learn(memory, FIRST, down);
    expect(report.status).toBe("learned");
    expect(report.extraction?.error).toContain("down");
    expect(report.pending).toBe(".pending/s1.json");
    const queued = JSON.parse(await readFile(join(home, ".pending", "s1.json"), "utf8"));
    expect(queued.claim).toBeUndefined();
    expect(queued.attempts).toBe(2);
    expect((await ledgerOf(home)).claim).toBeUndefined();
    expect((await learn(memory, FIRST, down)).status).toBe("nothing-new");

    const up = new ScriptedChatModel({ replies: [answer("Staging database", "Staging is Postgres 15.")] });
    const [retried] = await retryPendingExtractions({ memory, model: up, onWarning: () => {} });
    expect(retried?.written).toHaveLength(1);
    expect(await pendingIn(home)).toEqual([]);
  });

  test("without a model: recorded as conversation memory, credentials redacted, its extraction queued unclaimed", async () => {
    const { memory, home } = await setUp();
    const report = await learn(memory, [
      user(`The deploy token is ${GITHUB_TOKEN}`, "u1"),
      ...FIRST.slice(1),
    ]);
    expect(report).toMatchObject({ status: "learned", extraction: undefined, pending: ".pending/s1.json" });
    const conversation = await readFile(join(home, "conversations", "s1.md"), "utf8");
    const queued = await readFile(join(home, ".pending", "s1.json"), "utf8");
    for (const text of [conversation, queued]) {
      expect(text).toContain("[REDACTED:github-token]");
      expect(text).not.toContain(GITHUB_TOKEN);
    }
    expect(JSON.parse(queued).claim).toBeUndefined();
  });

  test("a transcript held by another live learn is left to it; one whose learner is gone is taken over", async () => {
    const { memory, home } = await setUp();
    const model = new ScriptedChatModel({ replies: [EMPTY_ANSWER] });
    await learn(memory, FIRST, model);
    const ledger = await ledgerOf(home);
    const at = new Date().toISOString();
    const hold = (pid: number) =>
      writeFile(
        join(home, ".learned", "s1.json"),
        JSON.stringify({ ...ledger, claim: { pid, host: hostname(), at } }),
      );

    await hold(process.pid);
    const busy = await learn(memory, [...FIRST, ...LATER], model);
    expect(busy).toMatchObject({ status: "busy", restarted: false, heldBy: { pid: process.pid, at } });
    expect(model.callCount).toBe(1);
    expect((await ledgerOf(home)).learned.messages).toBe(2);

    await hold(2 ** 22 + 12345); // above Linux's pid limit: no such process
    expect(await learn(memory, [...FIRST, ...LATER], model)).toMatchObject({
      status: "learned",
      range: { from: 3, to: 4 },
    });
    expect(model.callCount).toBe(2);
  });

  test("a dry run finds the new part and writes nothing", async () => {
    const { memory, home } = await setUp();
    const report = await learnTranscript({
      memory,
      transcript: transcript(FIRST),
      sessionId: "s1",
      source: "/tmp/s1.jsonl",
      dryRun: true,
    });
    expect(report).toMatchObject({ status: "dry-run", range: { from: 1, to: 2 }, recorded: undefined });
    expect((await readdir(home)).filter((name) => !name.startsWith(".index"))).toEqual([]);
  });

  test("a part with nothing said (tool calls only) is learned without a call and queues nothing", async () => {
    const { memory, home } = await setUp();
    const model = new ScriptedChatModel({ replies: [EMPTY_ANSWER] });
    const tools: TranscriptMessage[] = [
      {
        id: "t1",
        message: { role: "assistant", content: "", toolCalls: [{ id: "c", name: "Read", arguments: "{}" }] },
      },
      { id: "t2", message: { role: "tool", toolCallId: "c", content: "file text" } },
    ];
    const report = await learn(memory, tools, model);
    expect(report).toMatchObject({
      status: "learned",
      recorded: undefined,
      extraction: undefined,
      pending: undefined,
    });
    expect(model.callCount).toBe(0);
    expect(await pendingIn(home)).toEqual([]);
    expect((await ledgerOf(home)).learned.messages).toBe(2);
  });

  test("a transcript without ids that no longer starts as it did is learned again from its start, and said so", async () => {
    const { memory } = await setUp();
    const model = new ScriptedChatModel({ replies: [EMPTY_ANSWER] });
    const plain = (messages: TranscriptMessage[]) =>
      learnTranscript({
        memory,
        model,
        transcript: transcript(messages, "markdown"),
        sessionId: "s1",
        source: "x",
      });
    await plain([user("a"), assistant("b")]);
    expect(await plain([user("a"), assistant("b"), user("c")])).toMatchObject({
      range: { from: 3, to: 3 },
      restarted: false,
    });
    expect(await plain([user("A, rewritten"), assistant("b"), user("c")])).toMatchObject({
      range: { from: 1, to: 3 },
      restarted: true,
    });
  });

  test("a ledger that is not one is reported with its file, and nothing is learned", async () => {
    const { memory, home } = await setUp();
    await learn(memory, FIRST);
    await writeFile(join(home, ".learned", "s1.json"), "{ broken");
    await expect(learn(memory, [...FIRST, ...LATER])).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringContaining(join(home, ".learned", "s1.json")),
    });
    expect((await memory.conversations.read("s1")).turns).toHaveLength(2);
  });

  test("a session id that cannot name a file is refused before anything is read", async () => {
    const { memory } = await setUp();
    await expect(
      learnTranscript({ memory, transcript: transcript(FIRST), sessionId: "../x", source: "x" }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  test("memory disabled: refused as every write is", async () => {
    const disabled = await openTestMemory({ config: { enabled: false } });
    homes.push(disabled.home);
    await expect(learn(disabled.memory, FIRST)).rejects.toMatchObject({ code: "DISABLED" });
  });
});
