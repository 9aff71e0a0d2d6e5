import { afterEach, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * "What did I say about the concert two weeks ago?" in a home holding sixty older messages that
 * say the same, word for word as far as BM25 can tell: only the query's time can bring the one
 * from two weeks ago up. Its chunk id is the highest, so every tie is broken against it, and with
 * more equal candidates than the pool holds (50) it is not even a candidate unless the window's
 * own search finds it.
 */
const NOW = new Date("2026-11-30T12:00:00Z");
const QUERY = "What did I say about the concert two weeks ago?";

let memory: MemoryHome | undefined;
let home = "";
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function homeWithConcerts(timeWindowWeight: number): Promise<MemoryHome> {
  ({ memory, home } = await openTestMemory({
    config: { search: { embedder: "none", timeWindowWeight } },
    now: () => NOW,
  }));
  const spring = Array.from({ length: 60 }, (_, minute) => ({
    speaker: "user",
    text: `Note ${10 + minute}: the concert was loud tonight`,
    at: new Date(2026, 2, 10, 20, minute),
  }));
  await memory.conversations.add("older", spring);
  await memory.conversations.add("recent", [
    { speaker: "user", text: "Note 99: the concert was loud tonight", at: new Date(2026, 10, 16, 21, 0) },
  ]);
  return memory;
}

test("a time in the query brings up the message from then, past equal older ones", async () => {
  const recalled = await (await homeWithConcerts(0.25)).recall(QUERY, { kind: "message", limit: 5 });
  expect(recalled.hits[0]?.path).toBe("conversations/recent.md");
  expect(recalled.hits[0]?.text).toContain("Note 99");
});

test("with time windows off, the same message is not among the first five", async () => {
  const recalled = await (await homeWithConcerts(0)).recall(QUERY, { kind: "message", limit: 5 });
  expect(recalled.hits).toHaveLength(5);
  expect(recalled.hits.map((hit) => hit.path)).not.toContain("conversations/recent.md");
});

test("a filter the window does not meet leaves the window out rather than emptying recall", async () => {
  const memory = await homeWithConcerts(0.25);
  const recalled = await memory.recall(QUERY, { kind: "message", until: "2026-04-01", limit: 5 });
  expect(recalled.hits).toHaveLength(5);
  expect(recalled.hits.every((hit) => hit.path === "conversations/older.md")).toBe(true);
});
