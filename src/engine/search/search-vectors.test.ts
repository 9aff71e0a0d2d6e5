import { afterEach, describe, expect, test, vi } from "vitest";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import { HashingEmbeddingModel } from "../../testing/hashing-embedding-model.js";
import { MemoryChunkIndex } from "../../testing/memory-chunk-index.js";
import { SearchVectors } from "./search-vectors.js";

/**
 * What a search embeds itself while the index lacks vectors (fillUntil), on an index held in memory
 * and a clock that moves only when the model embeds (10 ms a chunk): its best BM25 candidates first,
 * at the model's measured pace, until 0.9 s after it started (the rest of its second is its
 * ranking's); every missing chunk when few are missing; nothing past its deadline; a failing model
 * warned of and left to the background fill.
 */
const MS_PER_CHUNK = 10;
let clock = 0;

/** A model whose every chunk takes MS_PER_CHUNK of the test's clock; it records the texts of each call. */
class PacedModel implements EmbeddingModel {
  readonly id = "test:paced@1";
  readonly calls: string[][] = [];
  private readonly inner = new HashingEmbeddingModel({ dimensions: 4 });
  constructor(
    private readonly fails = false,
    private readonly msFor: (text: string) => number = () => MS_PER_CHUNK,
  ) {}
  open() {
    return this.inner.open();
  }
  async embed(texts: string[]): Promise<Float32Array[]> {
    if (this.fails) throw new Error("the model is gone");
    this.calls.push(texts);
    for (const text of texts) clock += this.msFor(text);
    return this.inner.embed(texts);
  }
  close() {
    return this.inner.close();
  }
}

const opened: SearchVectors[] = [];
afterEach(async () => {
  for (const vectors of opened.splice(0)) await vectors.close();
  vi.restoreAllMocks();
});

function searchVectorsOn(index: MemoryChunkIndex) {
  clock = 0;
  vi.spyOn(performance, "now").mockImplementation(() => clock);
  const warnings: string[] = [];
  const vectors = new SearchVectors({
    index: index as never,
    embeddingCache: index.embeddingCache,
    isOpen: () => true,
    warn: (message) => warnings.push(message),
  });
  opened.push(vectors);
  return { vectors, warnings };
}

/** As recall runs it: the background fill held while the search fills. */
function fill(vectors: SearchVectors, model: PacedModel, query: string, started = 0) {
  return vectors.whileFillHeld(() => vectors.fillUntil(model, { query, options: {}, started }));
}

const ids = (texts: string[]) => texts.map((text) => Number(text.replace("chunk number ", "")));

describe("a search's own fill (SearchVectors.fillUntil)", () => {
  test("its candidates first, 6 at first, then twice the last step while the model's pace fits, until 0.9 s after it started", async () => {
    const index = new MemoryChunkIndex(200);
    index.candidates = Array.from({ length: 30 }, (_, at) => 100 + at);
    const { vectors } = searchVectorsOn(index);
    const model = new PacedModel();
    expect(await fill(vectors, model, "deploy notes")).toBe(true);
    // Steps of 6, 12, the 12 candidates left, 24, then the 36 that fit (the model's batches hold 32);
    // the last 100 ms of the search's second are left to its ranking.
    expect(model.calls.map((call) => call.length)).toEqual([6, 12, 12, 24, 32, 4]);
    expect(ids(model.calls[0] as string[])).toEqual([100, 101, 102, 103, 104, 105]);
    expect(ids([...(model.calls[1] as string[]), ...(model.calls[2] as string[])])).toEqual(
      index.candidates.slice(6),
    );
    expect(ids(model.calls.slice(3).flat())).toEqual(Array.from({ length: 60 }, (_, id) => id));
    expect(index.vectors.size).toBe(90);
    expect(clock).toBe(900);
  });

  test("candidates that have their vectors already set no pace: a slower model's step still ends near the deadline", async () => {
    // As right after a batch: the best candidates are older memories, embedded long ago; the new
    // chunks are longer and cost the model 40 ms each.
    const index = new MemoryChunkIndex(200);
    index.candidates = Array.from({ length: 30 }, (_, at) => 100 + at);
    for (const id of index.candidates.slice(6)) index.vectors.set(id, new Float32Array([0, 0, 1, 0]));
    const { vectors } = searchVectorsOn(index);
    const model = new PacedModel(false, (text) => ((ids([text])[0] as number) < 100 ? 40 : MS_PER_CHUNK));
    await fill(vectors, model, "deploy notes");
    // 6 candidates at 10 ms, 12 new chunks at 40 ms, then the 9 that fit in the 0.9 s.
    expect(model.calls.map((call) => call.length)).toEqual([6, 12, 9]);
    expect(clock).toBe(900);
  });

  test("a query with no terms has no candidates: the missing chunks in their order", async () => {
    const index = new MemoryChunkIndex(200);
    index.candidates = [150, 151];
    const { vectors } = searchVectorsOn(index);
    const model = new PacedModel();
    await fill(vectors, model, "?");
    expect(ids(model.calls[0] as string[])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test("many missing and the deadline past: the search embeds nothing", async () => {
    const index = new MemoryChunkIndex(200);
    index.candidates = [1, 2, 3];
    const { vectors } = searchVectorsOn(index);
    const model = new PacedModel();
    expect(await fill(vectors, model, "deploy notes", -1000)).toBe(true);
    expect(model.calls).toEqual([]);
  });

  test("64 missing or fewer: all of them, whatever the deadline (a small home's first search)", async () => {
    const index = new MemoryChunkIndex(74, 10);
    const { vectors } = searchVectorsOn(index);
    const model = new PacedModel();
    await fill(vectors, model, "deploy notes", -5000);
    expect(index.vectors.size).toBe(74);
    const more = new MemoryChunkIndex(75, 10);
    const { vectors: moreVectors } = searchVectorsOn(more);
    await fill(moreVectors, new PacedModel(), "deploy notes", -5000);
    expect(more.vectors.size).toBe(10); // 65 missing: the deadline holds
  });

  test("a model that fails is warned of once and the search goes on without its vectors", async () => {
    const index = new MemoryChunkIndex(200);
    const { vectors, warnings } = searchVectorsOn(index);
    expect(await fill(vectors, new PacedModel(true), "deploy notes")).toBe(true);
    expect(index.vectors.size).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/the model is gone/);
  });

  test("nothing missing: no fill, false", async () => {
    const index = new MemoryChunkIndex(5, 5);
    const { vectors } = searchVectorsOn(index);
    const model = new PacedModel();
    expect(await fill(vectors, model, "deploy notes")).toBe(false);
    expect(model.calls).toEqual([]);
  });
});
