/**
 * For tests that drive every memory tool into every shape of result it can return: a folder home
 * holding one thing of each kind a search can hit (a typed memory, a profile section, a journal
 * entry, a daily line, a conversation message, all about coffee), journal entries with a `source`
 * as extraction writes them, a memory old enough to be stale, a memory file that does not parse,
 * a small USER.md budget (so writes archive) and redaction of secrets. Its config names a scripted
 * chat server for the rerank: RERANK_FAILS in the query makes the model answer something unusable.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { openMemory } from "../open-memory.js";
import type { FakeReply, RecordedChatRequest } from "./fake-openai-server.js";
import { promptOf, reversing } from "./test-rerank-home.js";

export const USER_BUDGET = 300;
/** Entries written to topics/user_prefs.md, oldest first, each with a source. */
export const USER_PREF_ENTRIES = ["Coffee black, no sugar.", "Answers in French.", "Short replies."];
export const RERANK_FAILS = "rerankfails";

/** The scripted model: reverses the candidates, or answers prose when the query says RERANK_FAILS. */
export function shapesReranker(request: RecordedChatRequest): FakeReply {
  return promptOf(request).includes(RERANK_FAILS) ? { content: "I like them all." } : reversing(request);
}

export async function writeToolShapesHome(home: string, llmBaseUrl: string): Promise<void> {
  const memory = await openMemory({ home, env: {}, onWarning: () => undefined });
  for (const content of USER_PREF_ENTRIES)
    await memory.journal.add("user_pref", content, { source: "session 4f2a" });
  await memory.journal.add("general", "The coffee machine is descaled on Mondays.");
  await memory.memories.save({ type: "feedback", name: "Coffee rule", content: "Coffee only before noon." });
  await memory.profile.add("user", "Drinks", "Coffee with oat milk.");
  // A fact that changed: the Porto version, valid since 2020, is archived by the Lisbon one.
  await memory.memories.save({
    type: "user",
    name: "Home city",
    content: "Lives in Porto.",
    validFrom: "2020-01-01",
  });
  await memory.memories.save({ type: "user", name: "City", content: "Now lives in Lisbon." });
  await memory.profile.add("daily", "Work", "Repaired the coffee grinder.");
  await memory.conversations.add("kitchen", [
    { speaker: "user", text: "Where is the kettle?" },
    { speaker: "assistant", text: "The coffee beans are next to the kettle." },
    { speaker: "user", text: "Thanks." },
  ]);
  await memory.close();
  await mkdir(join(home, "memories"), { recursive: true });
  // Written by hand long ago: no `created`, an old `updated`, so a stale memory.
  await writeFile(
    join(home, "memories", "reference_old-coffee-wiki.md"),
    "---\nname: Old coffee wiki\ndescription: Where coffee notes were kept\ntype: reference\nupdated: 2020-01-01T00:00:00.000Z\n---\n\nThe coffee wiki lives on the old intranet.\n",
  );
  await writeFile(join(home, "memories", "user_broken.md"), "---\nname: [unclosed\n---\n\nBroken.\n");
  const config = {
    // The local model: a hybrid search, the only kind a relevance floor applies to.
    search: { embedder: "local" },
    secrets: "redact",
    budgets: { soul: 2000, user: USER_BUDGET, memory: 2200, daily: 1000 },
    llm: { baseUrl: llmBaseUrl, model: "fake-model", maxRetries: 0 },
  };
  await writeFile(join(home, "config.json"), JSON.stringify(config));
}
