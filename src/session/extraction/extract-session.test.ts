import { access, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ChatMessage } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { extractSession } from "./extract-session.js";
import { retryPendingExtractions } from "./pending-extractions.js";

/**
 * Session-end extraction on real memory homes (real files, real SQLite index with BM25 only) with
 * a scripted model: what is written, what is skipped, and that a failure loses nothing.
 */
const NOW = new Date("2026-11-20T15:30:00");
const homes: string[] = [];

async function open(config = {}) {
  const opened = await openTestMemory({
    config: { search: { embedder: "none" }, ...config },
    now: () => NOW,
  });
  homes.push(opened.home);
  return opened;
}

afterEach(async () => {
  await Promise.all(homes.splice(0).map((home) => removeDir(home)));
});

const conversation: ChatMessage[] = [
  { role: "system", content: "You are a helpful agent." },
  { role: "user", content: "I'm Ada. I prefer tabs over spaces, and our team meets on Fridays now." },
  { role: "assistant", content: "Noted, Ada." },
];

function answer(parts: { memories?: unknown[]; entries?: unknown[]; summary?: string }): string {
  return JSON.stringify({ memories: [], entries: [], summary: "", ...parts });
}

const tabsMemory = {
  type: "feedback",
  name: "Prefers tabs",
  description: "Indent with tabs in every project",
  body: "Indent with tabs, never spaces. **Why:** the user said so in session one.",
  supersedes: null,
};

const onDisk = (home: string, path: string) => readFile(join(home, path), "utf8");
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

function extract(memory: MemoryHome, model: ScriptedChatModel, warnings: string[] = []) {
  return extractSession({
    memory,
    model,
    transcript: conversation,
    sessionId: "s1",
    now: () => NOW,
    onWarning: (message) => warnings.push(message),
  });
}

describe("extractSession", () => {
  test("writes typed memories with provenance, journal entries and the summary in today's log", async () => {
    const { memory, home } = await open();
    const model = new ScriptedChatModel({
      replies: [
        answer({
          memories: [tabsMemory],
          entries: [{ category: "user_pref", text: "The user's name is Ada." }],
          summary: "Met Ada; she prefers tabs.",
        }),
      ],
    });
    const report = await extract(memory, model);

    expect(report).toMatchObject({ called: true, summaryAppended: true, skipped: [], superseded: [] });
    expect(report.written.map((item) => item.path).sort()).toEqual([
      "memories/feedback_prefers-tabs.md",
      "topics/user_prefs.md",
    ]);
    const saved = await onDisk(home, "memories/feedback_prefers-tabs.md");
    expect(saved).toMatch(/source_session: s1/);
    expect(saved).toMatch(/source_model: scripted/);
    expect(saved).toContain("Indent with tabs, never spaces.");
    expect(await onDisk(home, "MEMORY.md")).toContain("feedback_prefers-tabs.md");
    expect(await onDisk(home, "topics/user_prefs.md")).toContain("The user's name is Ada.");
    expect(await onDisk(home, "daily/2026-11-20.md")).toMatch(
      /## Sessions\n+15:30 — Met Ada; she prefers tabs\./,
    );

    // One call, asking for structured output, with the conversation in it.
    expect(model.callCount).toBe(1);
    const request = model.requests[0];
    expect(request?.responseFormat).toMatchObject({ type: "json_schema", name: "memory_extraction" });
    expect(JSON.stringify(request?.messages)).toContain("our team meets on Fridays now");
  });

  test('with search.rerank "llm", its lookups of existing memories ask for no rerank', async () => {
    // No chat model is configured for the home: a lookup asking for a rerank would be warned about.
    const { memory, warnings } = await open({ search: { embedder: "none", rerank: "llm" } });
    await memory.memories.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
    const model = new ScriptedChatModel({ replies: [answer({ memories: [tabsMemory] })] });
    await extract(memory, model);
    expect(model.callCount).toBe(1);
    expect(warnings.filter((warning) => warning.includes("rerank"))).toEqual([]);
    expect((await memory.recall("tabs")).rerank?.warning).toMatch(/no chat model could be made/);
  });

  test("makes no call for an empty conversation or one with only system messages", async () => {
    const { memory } = await open();
    const model = new ScriptedChatModel({ replies: [answer({})] });
    for (const transcript of [[], [{ role: "system", content: "You are an agent." }] as ChatMessage[]]) {
      const report = await extractSession({ memory, model, transcript, sessionId: "empty" });
      expect(report.called).toBe(false);
    }
    expect(model.callCount).toBe(0);
  });

  test("does nothing when memory or extraction is disabled", async () => {
    const model = new ScriptedChatModel({ replies: [answer({ memories: [tabsMemory] })] });
    for (const config of [{ enabled: false }, { extraction: { enabled: false } }]) {
      const { memory, home } = await open(config);
      expect((await extract(memory, model)).called).toBe(false);
      expect(await exists(join(home, "memories"))).toBe(false);
    }
    expect(model.callCount).toBe(0);
  });

  test("an exact or near duplicate of what is stored is not written again", async () => {
    const { memory, home } = await open();
    const first = answer({
      memories: [tabsMemory],
      entries: [{ category: "user_pref", text: "The user's name is Ada." }],
    });
    await extract(memory, new ScriptedChatModel({ replies: [first] }));
    const before = await onDisk(home, "topics/user_prefs.md");

    const again = answer({
      memories: [{ ...tabsMemory, name: "Tabs please" }],
      entries: [{ category: "user_pref", text: "The user's name is Ada!" }],
    });
    const report = await extract(memory, new ScriptedChatModel({ replies: [again] }));

    expect(report.written).toEqual([]);
    expect(report.skipped.map((item) => item.kind).sort()).toEqual(["entry", "memory"]);
    expect(await onDisk(home, "topics/user_prefs.md")).toBe(before);
    expect((await memory.memories.list()).memories.map((entry) => entry.name)).toEqual(["Prefers tabs"]);
  });

  test("a contradiction supersedes the old memory, which goes to the archive with a pointer", async () => {
    const { memory, home } = await open();
    await memory.memories.save({
      type: "project",
      name: "Meeting day",
      description: "When the team meets",
      content: "The team meets on Thursdays.",
    });
    const correction = answer({
      memories: [
        {
          type: "project",
          name: "Team meeting day",
          description: "When the team meets",
          body: "The team meets on Fridays (moved from Thursdays).",
          supersedes: "Meeting day",
        },
      ],
    });
    const report = await extract(memory, new ScriptedChatModel({ replies: [correction] }));

    expect(report.superseded).toEqual([
      {
        name: "Meeting day",
        path: "memories/project_meeting-day.md",
        by: "memories/project_team-meeting-day.md",
        archive: "archive/memories/project_meeting-day.md",
      },
    ]);
    expect(await exists(join(home, "memories/project_meeting-day.md"))).toBe(false);
    const archived = await onDisk(home, "archive/memories/project_meeting-day.md");
    expect(archived).toContain("The team meets on Thursdays.");
    expect(archived).toContain("superseded by memories/project_team-meeting-day.md (session s1)");
    const replacement = await onDisk(home, "memories/project_team-meeting-day.md");
    expect(replacement).toMatch(/supersedes: archive\/memories\/project_meeting-day\.md/);
    const index = await onDisk(home, "MEMORY.md");
    expect(index).toContain("project_team-meeting-day.md");
    expect(index).not.toContain("project_meeting-day.md");
  });

  test("a one-word correction (overlap over the duplicate threshold) supersedes, through the real files", async () => {
    const { memory, home } = await open();
    await memory.memories.save({
      type: "project",
      name: "Meeting day",
      description: "When the team meets",
      content: "The team meets every Thursday at 10 in room B for the weekly planning.",
    });
    // 13 of 15 words shared (0.87 >= 0.8): as a new memory this would be a near duplicate.
    const correction = answer({
      memories: [
        {
          type: "project",
          name: "Meeting day",
          description: "When the team meets",
          body: "The team meets every Friday at 10 in room B for the weekly planning.",
          supersedes: null,
        },
      ],
    });
    const report = await extract(memory, new ScriptedChatModel({ replies: [correction] }));
    expect(report.skipped).toEqual([]);
    expect(report.superseded.map((item) => item.name)).toEqual(["Meeting day"]);
    expect(await onDisk(home, "memories/project_meeting-day.md")).toContain("every Friday at 10");
    expect(await onDisk(home, "archive/memories/project_meeting-day.md")).toContain("every Thursday at 10");
  });

  test("old daily logs are archived when the summary is written", async () => {
    const { memory, home } = await open();
    await mkdir(join(home, "daily"), { recursive: true });
    await writeFile(join(home, "daily/2026-10-01.md"), "# 2026-10-01\n\n## Sessions\n09:00 — Old work.\n");
    await extract(memory, new ScriptedChatModel({ replies: [answer({ summary: "Met Ada." })] }));
    expect(await exists(join(home, "daily/2026-10-01.md"))).toBe(false);
    expect(await onDisk(home, "archive/daily/2026-10-01.md")).toContain("Old work.");
  });

  // A write fault: a folder where the extraction must write a file (the commit refuses it with EISDIR).
  for (const [fault, blocked] of [
    ["the memory file", "memories/feedback_prefers-tabs.md"],
    ["the topic file", "topics/user_prefs.md"],
    ["today's daily log", "daily/2026-11-20.md"],
  ] as const) {
    test(`when writing ${fault} fails, the conversation is queued, kept while it still fails, written after`, async () => {
      const { memory, home } = await open();
      const extracted = answer({
        memories: [tabsMemory],
        entries: [{ category: "user_pref", text: "The user's name is Ada." }],
        summary: "Met Ada; she prefers tabs.",
      });
      await mkdir(join(home, blocked), { recursive: true });
      const warnings: string[] = [];
      const report = await extract(memory, new ScriptedChatModel({ replies: [extracted] }), warnings);

      expect(report.error).toMatch(/^writing what was extracted failed: /);
      expect(report.pending).toBe(".pending/s1.json");
      expect(warnings.join("\n")).toMatch(/extraction of session s1 failed/);
      expect(JSON.parse(await onDisk(home, ".pending/s1.json"))).toMatchObject({
        attempts: 1,
        transcript: conversation,
        lastError: report.error,
      });

      // Retried while the fault is still there: the conversation stays queued.
      const again = await retryPendingExtractions({
        memory,
        model: new ScriptedChatModel({ replies: [extracted] }),
        now: () => NOW,
        onWarning: () => {},
      });
      expect(again[0]?.error).toMatch(/^writing what was extracted failed: /);
      expect(JSON.parse(await onDisk(home, ".pending/s1.json")).attempts).toBe(2);

      await removeDir(join(home, blocked));
      const retried = await retryPendingExtractions({
        memory,
        model: new ScriptedChatModel({ replies: [extracted] }),
        now: () => NOW,
      });
      expect(retried[0]?.error).toBeUndefined();
      expect(await readdir(join(home, ".pending"))).toEqual([]);
      expect(await onDisk(home, "memories/feedback_prefers-tabs.md")).toMatch(/source_session: s1/);
      expect(await onDisk(home, "topics/user_prefs.md")).toContain("The user's name is Ada.");
      expect(await onDisk(home, "daily/2026-11-20.md")).toContain("Met Ada; she prefers tabs.");
    });
  }

  for (const [fault, reply] of [
    ["the call fails", { throws: new Error("connect ECONNREFUSED 127.0.0.1:11434") }],
    ["the answer is not JSON", "Sure! Here are the memories: tabs."],
    ["the JSON does not match the schema", JSON.stringify({ memories: [{ type: "opinion" }] })],
  ] as const) {
    test(`when ${fault}, the conversation is queued, and the next retry writes it`, async () => {
      const { memory, home } = await open();
      const warnings: string[] = [];
      const report = await extract(memory, new ScriptedChatModel({ replies: [reply] }), warnings);

      expect(report.called).toBe(true);
      expect(report.written).toEqual([]);
      expect(report.error).toBeTruthy();
      expect(report.pending).toBe(".pending/s1.json");
      expect(warnings.join("\n")).toMatch(/extraction of session s1 failed/);
      const queued = JSON.parse(await onDisk(home, ".pending/s1.json"));
      expect(queued).toMatchObject({ sessionId: "s1", attempts: 1, transcript: conversation });

      // A retry that fails again keeps the file and counts the attempt.
      const down = new ScriptedChatModel({ replies: [{ throws: new Error("still down") }] });
      const failed = await retryPendingExtractions({ memory, model: down, onWarning: () => {} });
      expect(failed).toMatchObject([{ sessionId: "s1", pending: ".pending/s1.json" }]);
      expect(JSON.parse(await onDisk(home, ".pending/s1.json")).attempts).toBe(2);

      const up = new ScriptedChatModel({ replies: [answer({ memories: [tabsMemory] })] });
      const retried = await retryPendingExtractions({ memory, model: up, now: () => NOW });
      expect(retried).toMatchObject([{ sessionId: "s1", called: true }]);
      expect(retried[0]?.error).toBeUndefined();
      expect(await readdir(join(home, ".pending"))).toEqual([]);
      expect(await onDisk(home, "memories/feedback_prefers-tabs.md")).toMatch(/source_session: s1/);
    });
  }
});
