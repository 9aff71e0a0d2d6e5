import { describe, expect, test } from "vitest";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import { HashingEmbeddingModel } from "../../testing/hashing-embedding-model.js";
import { SearchEmbedder } from "./search-embedder.js";

/**
 * The model of a search, loaded on first need (issue 29): once, shared by concurrent callers,
 * recorded in the index (vectors of another model dropped there), and left out after a failure.
 */
function indexRecording(recorded?: { id: string; dimensions: number }) {
  const resets: Array<{ id: string; dimensions: number }> = [];
  return {
    resets,
    index: {
      vectorModel: async () => recorded,
      resetVectors: async (model: { id: string; dimensions: number }) => {
        resets.push(model);
        recorded = model;
      },
    },
  };
}

function counting(inner: EmbeddingModel = new HashingEmbeddingModel()) {
  const counts = { made: 0, closed: 0 };
  const load = async () => {
    counts.made++;
    return {
      id: inner.id,
      open: (options?: { signal?: AbortSignal }) => inner.open(options),
      embed: inner.embed.bind(inner),
      close: async () => {
        counts.closed++;
      },
    } satisfies EmbeddingModel;
  };
  return { counts, load };
}

describe("SearchEmbedder", () => {
  test("without a model: not available, says why, loads nothing", async () => {
    const { index } = indexRecording();
    const embedder = new SearchEmbedder({ index, warn: () => expect.fail("no warning expected") });
    expect(embedder.available).toBe(false);
    expect(embedder.unavailableReason).toBe("no embedding model is configured (search.embedder is none)");
    expect(await embedder.load()).toBeUndefined();
    expect(embedder.loaded).toBeUndefined();
  });

  test("loads once for concurrent callers, records the model in a new index, and closes it", async () => {
    const { index, resets } = indexRecording();
    const { counts, load } = counting();
    const embedder = new SearchEmbedder({ index, loadEmbedder: load, warn: () => expect.fail("no warning") });
    expect(embedder.available).toBe(true);
    expect(embedder.unavailableReason).toBeUndefined();
    expect(embedder.loaded).toBeUndefined();
    const [first, second] = await Promise.all([embedder.load(), embedder.load()]);
    expect(first).toBe(second);
    expect(embedder.loaded).toBe(first);
    expect(counts.made).toBe(1);
    const dimensions = (await new HashingEmbeddingModel().open()).dimensions;
    expect(resets).toEqual([{ id: new HashingEmbeddingModel().id, dimensions }]);
    expect((await first?.embed(["a"]))?.[0]).toHaveLength(dimensions);
    await embedder.close();
    expect(counts.closed).toBe(1);
    expect(embedder.loaded).toBeUndefined();
  });

  test("an index built with this model keeps its vectors; another model's are dropped, with a warning", async () => {
    const model = new HashingEmbeddingModel();
    const dimensions = (await model.open()).dimensions;
    const same = indexRecording({ id: model.id, dimensions });
    await new SearchEmbedder({ index: same.index, loadEmbedder: counting().load, warn: expect.fail }).load();
    expect(same.resets).toEqual([]);

    for (const recorded of [
      { id: "local:other@1", dimensions },
      { id: model.id, dimensions: dimensions + 1 },
    ]) {
      const other = indexRecording(recorded);
      const warnings: string[] = [];
      const embedder = new SearchEmbedder({
        index: other.index,
        loadEmbedder: counting().load,
        warn: (message) => warnings.push(message),
      });
      await embedder.load();
      expect(other.resets).toEqual([{ id: model.id, dimensions }]);
      expect(warnings).toEqual([
        `the index was built with ${recorded.id} (${recorded.dimensions} dimensions), now ${model.id} (${dimensions}): rebuilding its vectors`,
      ]);
      // After the index started over, the model is recorded in the new one.
      other.resets.length = 0;
      await embedder.recordAgain();
      expect(other.resets).toEqual([]); // recorded already: nothing to drop
    }
  });

  test("recordAgain records the loaded model in an index that lost it, and does nothing before a load", async () => {
    let recorded: { id: string; dimensions: number } | undefined;
    const resets: unknown[] = [];
    const index = {
      vectorModel: async () => recorded,
      resetVectors: async (model: { id: string; dimensions: number }) => {
        resets.push(model);
        recorded = model;
      },
    };
    const embedder = new SearchEmbedder({ index, loadEmbedder: counting().load, warn: expect.fail });
    await embedder.recordAgain();
    expect(resets).toHaveLength(0);
    await embedder.load();
    recorded = undefined; // a damaged index started over
    await embedder.recordAgain();
    expect(resets).toHaveLength(2);
  });

  test("a model that fails to load is reported once, then left out: BM25 only, with the reason", async () => {
    const { index } = indexRecording();
    const warnings: string[] = [];
    let attempts = 0;
    const embedder = new SearchEmbedder({
      index,
      loadEmbedder: async () => {
        attempts++;
        throw new Error("weights missing");
      },
      warn: (message) => warnings.push(message),
    });
    expect(await embedder.load()).toBeUndefined();
    expect(await embedder.load()).toBeUndefined();
    expect(attempts).toBe(1);
    expect(embedder.available).toBe(false);
    expect(embedder.unavailableReason).toBe("the embedding model could not be loaded (weights missing)");
    expect(warnings).toEqual([
      "no embedding model could be loaded (weights missing); searching with BM25 only",
    ]);
    await embedder.close(); // nothing to close
  });
});
