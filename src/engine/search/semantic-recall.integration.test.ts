import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * The default home, end to end: real files, real SQLite, and the real local embedder (USE lite,
 * loaded from its npm package). The query shares no word with the memory it must find.
 */
const MEMORIES = [
  { name: "miso", description: "Miso", content: "Owns a kitten named Miso." },
  { name: "commute", description: "Commute", content: "Drives a red car to work every morning." },
  { name: "drinks", description: "Drinks", content: "Prefers green tea over coffee." },
  { name: "job", description: "Job", content: "Works as a nurse at the city hospital." },
  { name: "home-town", description: "Home town", content: "Lives in Lisbon, near the river." },
];
const QUERY = "what pet does the user have";

let homes: string[] = [];
let memories: MemoryHome[] = [];
afterEach(async () => {
  await Promise.all(memories.map((memory) => memory.close()));
  await Promise.all(homes.map(removeDir));
  homes = [];
  memories = [];
});

async function homeWith(embedder: "local" | "none"): Promise<MemoryHome> {
  const { memory, home } = await openTestMemory({ config: { search: { embedder } } });
  homes.push(home);
  memories.push(memory);
  for (const input of MEMORIES) await memory.memories.save({ type: "user", ...input });
  return memory;
}

describe("semantic recall with the default local embedder", () => {
  test("a query sharing no word with a memory finds it", async () => {
    const memory = await homeWith("local");
    const result = await memory.recall(QUERY, { limit: 3 });
    expect(result.mode).toBe("hybrid");
    expect(result.hits[0]?.path).toBe("memories/user_miso.md");
    expect(result.hits[0]?.textScore).toBeUndefined(); // found by meaning alone
  }, 60_000);

  test("BM25 alone cannot find it: no word is shared", async () => {
    const memory = await homeWith("none");
    const result = await memory.recall(QUERY, { limit: 3 });
    expect(result.mode).toBe("bm25");
    expect(result.hits.map((hit) => hit.path)).not.toContain("memories/user_miso.md");
  });
});
