import { afterEach, describe, expect, test } from "vitest";
import type { ChunkRecord } from "../../contracts/search-index.js";
import { SqliteSearchIndex } from "./sqlite-search-index.js";

const chunk = (text: string): ChunkRecord => ({
  path: `memories/user_${text}.md`,
  kind: "memory",
  locator: text,
  line: 1,
  title: text,
  text,
  textHash: `hash-${text}`,
});

let index: SqliteSearchIndex;
afterEach(async () => {
  await index.close();
});

describe("SqliteSearchIndex.vectorsOf", () => {
  test("reads each chunk's vector, from the embedding cache or else from the vector table", async () => {
    index = new SqliteSearchIndex({ path: ":memory:" });
    await index.open();
    await index.resetVectors({ id: "test:model", dimensions: 2 });
    const cachedVector = Float32Array.from([0.6, 0.8]);
    const uncachedVector = Float32Array.from([1, 0]);
    await index.cacheEmbeddings(new Map([["hash-cached", cachedVector]]));
    const state = { hash: "h", mtimeMs: 0, size: 1 };
    await index.replaceDocument(
      "memories/user_cached.md",
      state,
      [chunk("cached")],
      new Map([["hash-cached", cachedVector]]),
    );
    await index.replaceDocument(
      "memories/user_direct.md",
      state,
      [chunk("direct")],
      new Map([["hash-direct", uncachedVector]]),
    );
    await index.replaceDocument("memories/user_none.md", state, [chunk("none")], new Map());
    const ids = (await index.textSearch(["cached", "direct", "none"], { limit: 10 })).map((hit) => hit.id);
    const chunks = new Map((await index.chunks(ids)).map((stored) => [stored.locator, stored.id]));

    const vectors = await index.vectorsOf([...chunks.values(), 999]);
    expect(vectors.get(chunks.get("cached") as number)).toEqual(cachedVector);
    expect(vectors.get(chunks.get("direct") as number)).toEqual(uncachedVector);
    expect(vectors.has(chunks.get("none") as number)).toBe(false);
    expect(vectors.size).toBe(2);
    expect(await index.vectorsOf([])).toEqual(new Map());
  });
});
