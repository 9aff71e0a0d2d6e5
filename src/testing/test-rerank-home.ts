/**
 * For tests of the LLM rerank: a home whose recall of "coffee" finds four memories in a known fused
 * order (BM25 by how often each says "coffee"), and a scripted chat model that reverses whatever
 * order it is given, so a reranked recall is told apart from a fused one by its order alone.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MemoryHome } from "../engine/memory-home.js";
import { openMemory } from "../open-memory.js";
import type { FakeReply, RecordedChatRequest } from "./fake-openai-server.js";

export const COFFEE_MEMORIES = [
  ["Espresso", "Coffee coffee coffee coffee: the user drinks espresso after lunch."],
  ["Beans", "Coffee coffee coffee: beans come from the roaster on Elm Street."],
  ["Mug", "Coffee coffee: the blue mug is the user's favourite."],
  ["Decaf", "Coffee after six means decaf."],
] as const;

/**
 * An evaluation case (`mnemo eval retrieval`'s input) of three coffee documents whose fused order
 * puts the gold one, "decaf", last: a model that reverses the candidates puts it first.
 */
export const COFFEE_EVAL_CASE = {
  id: "coffee",
  documents: [
    { id: "espresso", text: "Coffee coffee coffee coffee: espresso after lunch." },
    { id: "beans", text: "Coffee coffee coffee: beans from the roaster on Elm Street." },
    { id: "decaf", text: "Coffee after six means decaf." },
  ],
  queries: [{ id: "q1", text: "coffee", gold: ["decaf"], category: "drinks" }],
};

/** The fused order of a recall of "coffee" in a home holding COFFEE_MEMORIES. */
export const COFFEE_PATHS = COFFEE_MEMORIES.map(([name]) => `memories/reference_${name.toLowerCase()}.md`);

export async function saveCoffeeMemories(memory: MemoryHome): Promise<void> {
  for (const [name, content] of COFFEE_MEMORIES)
    await memory.memories.save({ type: "reference", name, content });
}

/** A folder home with COFFEE_MEMORIES, BM25 only, whose config.json names the chat server at `baseURL`. */
export async function writeCoffeeHome(home: string, baseURL: string): Promise<void> {
  const memory = await openMemory({ home, env: {}, onWarning: () => undefined });
  await saveCoffeeMemories(memory);
  await memory.close();
  const config = {
    search: { embedder: "none" },
    llm: { baseUrl: baseURL, model: "fake-model", maxRetries: 0 },
  };
  await writeFile(join(home, "config.json"), JSON.stringify(config));
}

/** The last message's text: the query and the numbered candidates. */
export function promptOf(request: RecordedChatRequest | undefined): string {
  const messages = (request?.body.messages ?? []) as { content: string }[];
  return messages.at(-1)?.content ?? "";
}

/** The candidates' numbers as the prompt listed them. */
export function numbersSent(request: RecordedChatRequest | undefined): number[] {
  return [...promptOf(request).matchAll(/^\[(\d+)\] /gm)].map((match) => Number(match[1]));
}

/** A model that ranks the candidates in exactly the reverse of the order it was given. */
export const reversing = (request: RecordedChatRequest): FakeReply => ({
  content: JSON.stringify({ ranking: numbersSent(request).reverse() }),
});
