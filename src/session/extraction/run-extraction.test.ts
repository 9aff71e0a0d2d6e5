import { afterEach, describe, expect, test, vi } from "vitest";
import type { ChatMessage, ChatRequest } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { extractSession } from "./extract-session.js";
import { retryPendingExtractions } from "./pending-extractions.js";

/**
 * One extraction run as the model and the user see it: which memories the prompt shows as related,
 * what a refusal of the answer says, where warnings go. Real home, BM25 search, a scripted model.
 */
const NOW = new Date("2026-11-20T15:30:00");
let home = "";
let memory: MemoryHome;

afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({
    config: { search: { embedder: "none" }, ...config },
    now: () => NOW,
  }));
}

const EMPTY_ANSWER = JSON.stringify({ memories: [], entries: [], summary: "" });

/** The <existing-memories> block of the prompt the model received. */
function relatedInPrompt(request: ChatRequest | undefined): string {
  const text = (request?.messages ?? []).map((message) => message.content).join("\n");
  return /<existing-memories>([\s\S]*?)<\/existing-memories>/.exec(text)?.[1] ?? "";
}

async function extract(
  transcript: ChatMessage[],
  reply: ConstructorParameters<typeof ScriptedChatModel>[0]["replies"][number],
  warnings: string[] = [],
) {
  const model = new ScriptedChatModel({ replies: [reply] });
  const report = await extractSession({
    memory,
    model,
    transcript,
    sessionId: "s1",
    now: () => NOW,
    onWarning: (message) => warnings.push(message),
  });
  return { report, model };
}

describe("runExtraction", () => {
  test("related memories are found by what the user said, not the assistant, and no more than configured", async () => {
    await open({ extraction: { relatedMemories: 1 } });
    await memory.memories.save({
      type: "project",
      name: "Lisbon office",
      content: "The Lisbon office opens in May.",
    });
    await memory.memories.save({
      type: "project",
      name: "Kayak club",
      content: "The kayak club meets on Sundays.",
    });
    await memory.memories.save({
      type: "user",
      name: "Lisbon flat",
      content: "The user rents a flat in Lisbon.",
    });
    const { model } = await extract(
      [
        { role: "user", content: "Remind me about Lisbon" },
        { role: "assistant", content: "Do you mean the kayak club? Kayak, kayak." },
        // On a line of its own in the query: run into "Lisbon", it would hide that word.
        { role: "user", content: "Thanks" },
      ],
      EMPTY_ANSWER,
    );
    const related = relatedInPrompt(model.requests[0]);
    expect(related).toContain("Lisbon");
    expect(related).not.toContain("kayak");
    expect(["Lisbon office", "Lisbon flat"].filter((name) => related.includes(name))).toHaveLength(1);
  });

  test("only the last 1500 characters of what the user said make the search query", async () => {
    await open();
    await memory.memories.save({
      type: "project",
      name: "Zanzibar trip",
      content: "A trip to Zanzibar in March.",
    });
    const early = "Zanzibar. ".concat("x".repeat(1_600));
    const { model } = await extract(
      [
        { role: "user", content: early },
        { role: "user", content: "Nothing else." },
      ],
      EMPTY_ANSWER,
    );
    expect(relatedInPrompt(model.requests[0])).not.toContain("Zanzibar");
    const { model: short } = await extract([{ role: "user", content: "Zanzibar plans." }], EMPTY_ANSWER);
    expect(relatedInPrompt(short.requests[0])).toContain("Zanzibar");
  });

  test("an answer that is not JSON is reported as such; a cut-off one says it was cut off", async () => {
    await open();
    const said: ChatMessage[] = [{ role: "user", content: "I prefer tabs." }];
    const { report } = await extract(said, "Sure! Tabs.");
    expect(report.error).toMatch(/^The model's extraction answer was not usable: .+\.$/);
    expect(report.error).not.toContain("cut off");
    const { report: cut } = await extract(said, {
      content: '{"memories": [',
      toolCalls: [],
      finishReason: "length",
    });
    expect(cut.error).toMatch(
      /^The model's extraction answer was not usable: .+\. The answer was cut off at the token limit\.$/,
    );
  });

  test("notes and a failed retry are warned about with the session they belong to", async () => {
    await open();
    const warnings: string[] = [];
    const unknownTarget = JSON.stringify({
      memories: [
        {
          type: "user",
          name: "Editor",
          description: "Editor",
          body: "Uses Helix.",
          supersedes: "Vim user",
        },
      ],
      entries: [],
      summary: "",
    });
    await extract([{ role: "user", content: "I switched to Helix." }], unknownTarget, warnings);
    expect(warnings).toContain(
      'extraction of session s1: "Editor" supersedes "Vim user", which does not exist; saved as new',
    );
    await extract([{ role: "user", content: "Another thing." }], { throws: new Error("down") });
    const retryWarnings: string[] = [];
    const model = new ScriptedChatModel({ replies: [{ throws: new Error("still down") }] });
    await retryPendingExtractions({ memory, model, onWarning: (message) => retryWarnings.push(message) });
    expect(retryWarnings).toContain(
      "retrying the extraction of session s1 failed again: the extraction call to scripted failed: still down",
    );
  });

  test("without onWarning, warnings go to stderr prefixed with mnemo: warning:", async () => {
    await open();
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await extractSession({
        memory,
        model: new ScriptedChatModel({ replies: [{ throws: new Error("down") }] }),
        transcript: [{ role: "user", content: "Hello." }],
        sessionId: "s2",
      });
    } finally {
      write.mockRestore();
    }
    expect(written).toContain(
      "mnemo: warning: extraction of session s2 failed: the extraction call to scripted failed: down\n",
    );
  });
});
