import { describe, expect, test } from "vitest";
import { HashingEmbeddingModel } from "../../testing/hashing-embedding-model.js";
import { MemoryChunkIndex } from "../../testing/memory-chunk-index.js";
import { RecordingEmbeddingModel } from "../../testing/recording-embedding-model.js";
import { FILL_BATCH, VectorFiller } from "./vector-filler.js";

/**
 * The background fill on an index held in memory: which chunks it embeds, in what steps, what it
 * reports, and how it ends (done, stopped, no progress, a failure). The search path through SQLite
 * and PostgreSQL is in lexical-first.integration.test.ts.
 */
function fillerOn(index: MemoryChunkIndex) {
  const warnings: string[] = [];
  const filler = new VectorFiller({
    index,
    embeddingCache: index.embeddingCache,
    warn: (message) => warnings.push(message),
  });
  return { filler, warnings };
}

const model = () => new RecordingEmbeddingModel(new HashingEmbeddingModel());

describe("VectorFiller", () => {
  test("fills every chunk in steps of FILL_BATCH, reporting done and total after each step", async () => {
    const index = new MemoryChunkIndex(FILL_BATCH * 2 + 3);
    const { filler, warnings } = fillerOn(index);
    const progress: Array<[number, number]> = [];
    filler.onProgress(({ done, total }) => progress.push([done, total]));
    const embedder = model();
    expect(filler.running).toBe(false);
    const run = filler.start(embedder);
    expect(filler.running).toBe(true);
    expect(filler.start(embedder)).toBe(run); // one run at a time
    await run;
    expect(filler.running).toBe(false);
    expect(index.vectors.size).toBe(FILL_BATCH * 2 + 3);
    const total = FILL_BATCH * 2 + 3;
    expect(progress).toEqual([
      [0, total],
      [FILL_BATCH, total],
      [FILL_BATCH * 2, total],
      [total, total],
    ]);
    expect(embedder.calls.map((call) => [call.texts.length, call.purpose])).toEqual([
      [FILL_BATCH, "document"],
      [FILL_BATCH, "document"],
      [3, "document"],
    ]);
    expect(warnings).toEqual([]);
  });

  test("takes vectors the embedding cache holds without embedding them again", async () => {
    const index = new MemoryChunkIndex(5);
    const cached = new Float32Array([1, 0, 0]);
    index.cache.set(index.chunkList[0]?.textHash as string, cached);
    const embedder = model();
    await fillerOn(index).filler.start(embedder);
    expect(index.vectors.get(0)).toBe(cached);
    expect(embedder.embeddedTexts).toEqual([
      "chunk number 1",
      "chunk number 2",
      "chunk number 3",
      "chunk number 4",
    ]);
  });

  test("a listener stopped is called no more", async () => {
    const index = new MemoryChunkIndex(FILL_BATCH * 3);
    const { filler } = fillerOn(index);
    const seen: number[] = [];
    const stop = filler.onProgress(({ done }) => {
      seen.push(done);
      if (done === FILL_BATCH) stop();
    });
    await filler.start(model());
    expect(seen).toEqual([0, FILL_BATCH]);
    expect(index.vectors.size).toBe(FILL_BATCH * 3);
  });

  test("ends a run that makes no progress (its chunks went meanwhile) instead of looping", async () => {
    const index = new MemoryChunkIndex(4);
    index.dropsVectors = true;
    const embedder = model();
    const { filler, warnings } = fillerOn(index);
    await filler.start(embedder);
    expect(embedder.calls).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  test("an embedder that fails is reported once with the reason; the next start tries again", async () => {
    const index = new MemoryChunkIndex(3);
    const { filler, warnings } = fillerOn(index);
    const failing = model();
    failing.embed = async () => {
      throw new Error("the model server is down");
    };
    await filler.start(failing);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("filling the search index's vectors failed (the model server is down)");
    expect(index.vectors.size).toBe(0);
    await filler.start(model());
    expect(index.vectors.size).toBe(3);
  });

  test("stop() ends the run after its current step, keeping what was filled, and warns of nothing", async () => {
    const index = new MemoryChunkIndex(FILL_BATCH * 4);
    const { filler, warnings } = fillerOn(index);
    filler.onProgress(({ done }) => {
      if (done === FILL_BATCH) void filler.stop();
    });
    await filler.start(model());
    expect(index.vectors.size).toBe(FILL_BATCH);
    expect(filler.running).toBe(false);
    expect(warnings).toEqual([]);
    await filler.stop(); // nothing running: at once
  });

  test("hold(): no step while a search holds the fill, the step begun ends, and the fill goes on once released", async () => {
    const index = new MemoryChunkIndex(FILL_BATCH * 3);
    const { filler } = fillerOn(index);
    const releases: Array<() => void> = [];
    filler.onProgress(({ done }) => {
      // Two searches hold the fill right after its first step.
      if (done === FILL_BATCH && releases.length === 0) releases.push(filler.hold(), filler.hold());
    });
    const run = filler.start(model());
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(index.vectors.size).toBe(FILL_BATCH);
    (releases[0] as () => void)();
    (releases[0] as () => void)(); // a release called twice counts once
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(index.vectors.size).toBe(FILL_BATCH);
    (releases[1] as () => void)();
    await run;
    expect(index.vectors.size).toBe(FILL_BATCH * 3);
  });

  test("stop() ends a fill that a search holds", async () => {
    const index = new MemoryChunkIndex(FILL_BATCH * 3);
    const { filler } = fillerOn(index);
    const release = filler.hold();
    const run = filler.start(model());
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(index.vectors.size).toBe(0);
    await filler.stop();
    await run;
    expect(filler.running).toBe(false);
    expect(index.vectors.size).toBe(0);
    release();
  });

  test("waitUntil: true at once without a run; false past its deadline; true when the run ends first", async () => {
    const index = new MemoryChunkIndex(FILL_BATCH * 2);
    const { filler } = fillerOn(index);
    expect(await filler.waitUntil(performance.now() - 1)).toBe(true);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = model();
    const embed = slow.embed.bind(slow);
    slow.embed = async (texts, options) => {
      await held;
      return embed(texts, options);
    };
    const run = filler.start(slow);
    expect(await filler.waitUntil(performance.now() - 1)).toBe(false);
    const started = performance.now();
    expect(await filler.waitUntil(performance.now() + 50)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    const waiting = filler.waitUntil(performance.now() + 10_000);
    release();
    expect(await waiting).toBe(true);
    await run;
  });

  test("fillChunks embeds only the named chunks that have no vector yet", async () => {
    const index = new MemoryChunkIndex(6);
    index.vectors.set(1, new Float32Array([0, 1, 0]));
    const embedder = model();
    const { filler } = fillerOn(index);
    await filler.fillChunks(embedder, [1, 2, 4]);
    expect(embedder.embeddedTexts).toEqual(["chunk number 2", "chunk number 4"]);
    expect([...index.vectors.keys()].sort()).toEqual([1, 2, 4]);
    await filler.fillChunks(embedder, [1, 2]);
    expect(embedder.calls).toHaveLength(1); // nothing missing: no call
  });
});
