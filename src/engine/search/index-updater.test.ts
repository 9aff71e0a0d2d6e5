import { describe, expect, it } from "vitest";
import { InMemorySearchIndex } from "../../adapters/memory/in-memory-search-index.js";
import type { ChunkRecord } from "../../contracts/search-index.js";
import { documentGroups, IndexUpdater } from "./index-updater.js";

/** The catch-up's transactions: documents in order, at most 500 chunks a group, a document never split. */
const documents = (...chunkCounts: number[]) =>
  chunkCounts.map((count, at) => ({ path: `memories/user_${at}.md`, chunks: Array.from({ length: count }) }));
const shape = (groups: Array<Array<{ path: string; chunks: unknown[] }>>) =>
  groups.map((group) => group.map((document) => document.chunks.length));

describe("documentGroups", () => {
  it("fills each group up to 500 chunks, in order", () => {
    expect(shape(documentGroups(documents(200, 300, 1, 499, 1)))).toEqual([[200, 300], [1, 499], [1]]);
    expect(
      documentGroups(documents(250, 250, 250))
        .flat()
        .map((document) => document.path),
    ).toEqual(["memories/user_0.md", "memories/user_1.md", "memories/user_2.md"]);
  });

  it("keeps a document of more than 500 chunks whole, in a group of its own", () => {
    expect(shape(documentGroups(documents(3, 900, 2)))).toEqual([[3], [900], [2]]);
    expect(shape(documentGroups(documents(900, 1)))).toEqual([[900], [1]]);
  });

  it("groups documents of no chunk (emptied files) with the others", () => {
    expect(shape(documentGroups(documents(0, 0, 500, 0)))).toEqual([[0, 0, 500, 0]]);
    expect(documentGroups([])).toEqual([]);
  });
});

describe("IndexUpdater.apply", () => {
  const record = (path: string, text: string): ChunkRecord => ({
    path,
    kind: "memory",
    locator: text,
    line: 1,
    title: text,
    text,
    textHash: `hash-${text}`,
  });
  const state = { hash: "h", mtimeMs: 1, size: 1 };

  it("writes every changed document, with the vectors the cache holds, says each as it goes, and counts removals too", async () => {
    const index = new InMemorySearchIndex();
    await index.open();
    await index.resetVectors({ id: "test:model", dimensions: 2 });
    await index.cacheEmbeddings(new Map([["hash-kafka", Float32Array.from([1, 0])]]));
    await index.replaceDocument(
      "memories/user_gone.md",
      state,
      [record("memories/user_gone.md", "gone")],
      new Map(),
    );
    const updater = new IndexUpdater({
      reader: undefined as never,
      index,
      embeddingCache: index,
      fullScanIntervalMs: 0,
      warn: () => undefined,
    });
    const changed = [
      { path: "memories/user_kafka.md", state, chunks: [record("memories/user_kafka.md", "kafka")] },
      { path: "memories/user_redis.md", state, chunks: [record("memories/user_redis.md", "redis")] },
    ];
    const progress: unknown[] = [];
    const count = await updater.apply(
      { changed, removed: ["memories/user_gone.md"], firstBuild: false },
      { onProgress: (each) => progress.push(each) },
    );
    expect(count).toBe(3);
    expect(progress).toEqual([
      { done: 1, total: 2, path: "memories/user_kafka.md" },
      { done: 2, total: 2, path: "memories/user_redis.md" },
    ]);
    // kafka's text was embedded before (the cache holds it): its vector is set now, redis waits for one.
    expect(await index.stats()).toEqual({ documents: 2, chunks: 2, vectors: 1 });
    expect((await index.chunksWithoutVector(5)).map((chunk) => chunk.locator)).toEqual(["redis"]);
  });
});
