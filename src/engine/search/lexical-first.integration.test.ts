import { afterEach, describe, expect, it } from "vitest";
import type { EmbeddingModel, EmbedOptions } from "../../contracts/embedding-model.js";
import { openMemory } from "../../open-memory.js";
import { HashingEmbeddingModel } from "../../testing/hashing-embedding-model.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { writeFactMemories } from "../../testing/test-memory-files.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * Issue 29: a grown home is searchable at once. Its first search indexes the files for BM25 and
 * answers; the vectors are filled in the background, and the result says how far they are. A model
 * that takes 150 ms per step of 16 chunks stands for a real one on a busy machine.
 */
class SlowEmbeddingModel implements EmbeddingModel {
  readonly id = "test:slow-hashing@1";
  opens = 0;
  documentsEmbedded = 0;
  private readonly inner = new HashingEmbeddingModel({ dimensions: 64 });
  constructor(private readonly delayMs: number) {}
  open(): Promise<{ dimensions: number }> {
    this.opens++;
    return this.inner.open();
  }
  async embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
    if (options?.purpose !== "query") {
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      this.documentsEmbedded += texts.length;
    }
    return this.inner.embed(texts, options);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

const homes: string[] = [];
const opened: MemoryHome[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
  for (const home of homes.splice(0)) await removeDir(home);
});

async function grownHome(memories: number): Promise<string> {
  const home = await makeTempDir("mnemo-lexical-first-");
  homes.push(home);
  await writeFactMemories(home, memories, new Date());
  return home;
}

async function open(home: string, embedder: EmbeddingModel): Promise<MemoryHome> {
  const memory = await openMemory({ home, env: {}, embedder, onWarning: () => {} });
  opened.push(memory);
  return memory;
}

describe("a search while the index's vectors are being filled", { timeout: 120_000 }, () => {
  it("a grown home's first search answers by BM25 at once and says how many chunks still wait for a vector", async () => {
    const home = await grownHome(200);
    const model = new SlowEmbeddingModel(150);
    const memory = await open(home, model);

    const first = await memory.recall("fact 123", { limit: 3 });
    expect(first.hits[0]?.locator).toBe("Fact 123");
    expect(first.indexed).toMatchObject({ documents: expect.any(Number), firstBuild: true });
    expect(first.mode).toBe("lexical");
    expect(first.modeReason).toMatch(/of the index's \d+ chunks have no vector yet/);
    expect(first.indexing?.total).toBeGreaterThanOrEqual(200);
    expect(first.indexing?.done).toBeLessThan(first.indexing?.total ?? 0);

    // The fill goes on in the background; the next search, during it, says how far it is.
    const during = await memory.recall("fact 7", { limit: 3 });
    expect(during.indexing?.done).toBeLessThan(during.indexing?.total ?? 0);
    expect(during.hits[0]?.locator).toBe("Fact 007");

    const progress: number[] = [];
    await memory.finishIndexing({ onProgress: ({ done }) => progress.push(done) });
    expect(progress.length).toBeGreaterThan(1);
    const after = await memory.recall("fact 123", { limit: 3 });
    expect(after.mode).toBe("hybrid");
    expect(after.indexing).toBeUndefined();
    expect(after.hits[0]?.vectorScore).toBeGreaterThan(0);
    expect(model.opens).toBe(1);
  });

  it("a search right after a batch of saves answers within about a second, with the batch found by BM25", async () => {
    const home = await grownHome(20);
    const model = new SlowEmbeddingModel(300);
    const memory = await open(home, model);
    await memory.recall("fact", {});
    await memory.finishIndexing();

    const batch = Array.from({ length: 120 }, (_, i) => ({
      type: "project" as const,
      name: `Batch item ${i}`,
      description: `Item ${i} of the batch`,
      content: i === 77 ? "The staging database is called marmalade." : `Batch note number ${i}.`,
    }));
    await memory.memories.saveMany(batch);
    const started = performance.now();
    const result = await memory.recall("which database is marmalade", { limit: 3 });
    const ms = performance.now() - started;
    expect(result.hits[0]?.locator).toBe("Batch item 77");
    expect(result.mode).toBe("hybrid");
    expect(result.indexing?.done).toBeLessThan(result.indexing?.total ?? 0);
    // Embedding 120 chunks takes this model over 2 s; the search waited 1 s for them at most (with slack for a busy machine).
    expect(model.documentsEmbedded).toBeLessThan(20 + 120);
    expect(ms).toBeLessThan(2_500);
  });

  it("fast: a new process's recall answers by BM25 without loading the model, and says so", async () => {
    const home = await grownHome(30);
    const warm = await open(home, new SlowEmbeddingModel(0));
    await warm.recall("fact", {});
    await warm.finishIndexing();

    const model = new SlowEmbeddingModel(0);
    const memory = await open(home, model);
    const fast = await memory.recall("fact 12", { limit: 3, fast: true });
    expect(fast.hits[0]?.locator).toBe("Fact 012");
    expect(fast.mode).toBe("lexical");
    expect(fast.modeReason).toMatch(/fast answer was asked for/);
    expect(fast.indexing).toBeUndefined(); // every chunk has its vector
    expect(model.opens).toBe(0);

    const hybrid = await memory.recall("fact 12", { limit: 3 });
    expect(hybrid.mode).toBe("hybrid");
    expect(model.opens).toBe(1);
  });
});
