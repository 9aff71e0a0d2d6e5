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

/**
 * A short reply says nothing of its topic and not who said it: it is indexed with its speaker's
 * name and the start of the turn it answers (message-chunks.ts), and still shown as said.
 */
test("a question naming a person finds that person's short reply, shown as the turn itself", async () => {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "local" } } }));
  const at = new Date(2026, 9, 5, 10, 0);
  await memory.conversations.add("island-trip", [
    {
      speaker: "Tom",
      text: "Should we take the ferry to the island on Saturday, or drive around the bay?",
      at,
    },
    { speaker: "Maria", text: "Only if it leaves before nine.", at },
    { speaker: "Lea", text: "The ferry tickets are twelve euros each, bikes go free on the ferry.", at },
    { speaker: "Tom", text: "I checked the ferry timetable: the first ferry is at seven thirty.", at },
    { speaker: "Lea", text: "The ferry back runs until midnight in summer.", at },
    { speaker: "Lea", text: "I will pack the picnic blanket and some fruit.", at },
    { speaker: "Maria", text: "I will bring sandwiches and a big thermos of hot coffee for all of us.", at },
  ]);
  await memory.conversations.add("garden", [
    { speaker: "Maria", text: "The tomatoes need watering twice a day in this heat.", at },
    { speaker: "Tom", text: "I can set up a drip hose on Sunday.", at },
    { speaker: "Maria", text: "The basil by the window is doing better than the one outside.", at },
    { speaker: "Lea", text: "My neighbour gave me seeds for purple carrots.", at },
  ]);
  const recalled = await memory.recall("What did Maria say about the ferry?", { kind: "message", limit: 3 });
  expect(recalled.mode).toBe("hybrid");
  const [first] = recalled.hits;
  expect(first).toMatchObject({ title: "Maria", text: "Only if it leaves before nine." });
  expect(first?.conversation?.before.map((turn) => turn.speaker)).toEqual(["Tom"]);
}, 60_000);
