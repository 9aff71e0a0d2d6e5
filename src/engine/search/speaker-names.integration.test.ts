import { afterEach, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * Names in the question against speakers: a message's speaker is its chunk's title, which BM25
 * indexes with the text, so "What did Alice say about the budget?" finds Alice's message before
 * Bob's on the same topic, though neither text says "Alice".
 */
let memory: MemoryHome | undefined;
let home = "";
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

test("a speaker named in the question brings up that speaker's message first", async () => {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  const at = new Date(2026, 9, 5, 10, 0);
  await memory.conversations.add("planning", [
    { speaker: "Bob", text: "The budget is too tight for a second hire this quarter.", at },
    { speaker: "Alice", text: "The budget could cover a contractor until March.", at },
    { speaker: "Bob", text: "Then the budget review moves to Friday.", at },
  ]);
  const alice = await memory.recall("What did Alice say about the budget?", { kind: "message", limit: 3 });
  expect(alice.hits.map((hit) => hit.title)).toEqual(["Alice", "Bob", "Bob"]);
  expect(alice.hits[0]?.text).toContain("contractor");
  const bob = await memory.recall("What did Bob say about the budget?", { kind: "message", limit: 3 });
  expect(bob.hits.map((hit) => hit.title)).toEqual(["Bob", "Bob", "Alice"]);
});
