import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import type { ChatRequest, ChatResponse } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { ScriptedChatModel } from "../../testing/scripted-chat-model.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { defineMemoryTool } from "../tools/memory-tool.js";
import { MEMORY_TOOLS } from "../tools/memory-tools.js";
import { AgentSession } from "./agent-session.js";

/**
 * Working memory as the model sees it in an AgentSession's turn block (seed 003): what the tools
 * fetched in earlier turns, each memory once, with the known chapters, the current query and the
 * chunks' metadata.
 */
let memory: MemoryHome;
let home = "";

afterEach(async () => {
  await memory.close();
  await removeDir(home);
});

async function open() {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  await memory.memories.save({
    type: "project",
    name: "Billing config",
    description: "Where billing is configured",
    content: "Billing config lives in deploy/billing.yaml; the payments team owns it.",
  });
}

const toolCall = (name: string, args: object, id: string): ChatResponse => ({
  content: "",
  toolCalls: [{ id, name, arguments: JSON.stringify(args) }],
  finishReason: "tool_calls",
});

/** The turn block of a request: the system message between the conversation and the user's message. */
const turnBlock = (request: ChatRequest | undefined) => request?.messages.at(-2)?.content ?? "";
const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** A table-of-contents tool of the agent's own, as seed 003's get_toc. */
const getToc = defineMemoryTool({
  name: "get_toc",
  description: "The table of contents of a regulation.",
  readOnly: true,
  input: z.object({ document: z.string() }).strict(),
  output: z.object({ document: z.string(), chapters: z.array(z.object({ title: z.string() })) }),
  run: async (_memory, { document }) => ({
    text: `TOC of ${document}: 1 General, 2 Cables`,
    data: { document, chapters: [{ title: "1 General" }, { title: "2 Cables" }] },
  }),
});

describe("working memory in an AgentSession's turn", () => {
  test("a memory found by memory_search and read whole by memory_get is shown once, whole", async () => {
    await open();
    const model = new ScriptedChatModel({
      replies: [
        toolCall("memory_search", { query: "billing config" }, "a"),
        toolCall("memory_get", { name: "Billing config" }, "b"),
        "It is in deploy/billing.yaml.",
        "The payments team.",
      ],
    });
    const session = await AgentSession.start({ memory, model });
    await session.send("Where is the billing config?");
    // This message finds the same memory again: it is not repeated among the relevant memories either.
    await session.send("And who owns the billing config?");
    const block = turnBlock(model.requests.at(-1));
    expect(occurrences(block, "memories/project_billing-config.md")).toBe(1);
    expect(occurrences(block, "the payments team owns it")).toBe(1);
    expect(block).toContain(
      "## [1] memories/project_billing-config.md · Billing config · updated today (kind: memory, type: project)\n" +
        "Billing config lives in deploy/billing.yaml; the payments team owns it.",
    );
  });

  test("known chapters, the current query and chunk metadata reach the prompt; a write and /clear forget them as seed 003 says", async () => {
    await open();
    const model = new ScriptedChatModel({
      replies: [
        toolCall("get_toc", { document: "grid_code" }, "a"),
        toolCall("memory_search", { query: "billing config" }, "b"),
        "Found it.",
        toolCall("memory_add", { file: "user", section: "Notes", content: "Asked about billing." }, "c"),
        "Noted.",
        "ok",
        "ok",
      ],
    });
    const session = await AgentSession.start({
      memory,
      model,
      tools: [...MEMORY_TOOLS, getToc],
      relevantMemories: 0,
    });
    await session.send("Look up the grid code and the billing config.");
    await session.send("Note that I asked.");
    const afterSearch = turnBlock(model.requests[3]);
    expect(afterSearch).toContain(
      "# Already cached tables of contents\nTables of contents already retrieved for: grid_code\n" +
        "Known chapters: 1 General; 2 Cables\nNo need to call get_toc() again for these documents.",
    );
    expect(afterSearch).toContain(
      "# Relevant information already retrieved\nFor the current query: billing config\n" +
        "## [1] memories/project_billing-config.md · Billing config · updated today (kind: memory, type: project)\n",
    );

    // The write cleared the query context (clear_query_context): the TOC and its chapters stay.
    await session.send("Thanks.");
    const afterWrite = turnBlock(model.requests[5]);
    expect(afterWrite).toContain("Known chapters: 1 General; 2 Cables");
    expect(afterWrite).not.toContain("current query");
    expect(afterWrite).not.toContain("kind: memory");

    // /clear resets working memory (reset): nothing of it is left.
    session.clear();
    await session.send("Hello again.");
    expect(turnBlock(model.requests[6])).not.toContain("Known chapters");
    expect(model.requests[6]?.messages.map((message) => message.role)).toEqual(["system", "user"]);
  });
});
