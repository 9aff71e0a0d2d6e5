/**
 * Fills a memory home's embedding cache from the LongMemEval evaluation cache, so the speed
 * benchmark can measure hybrid recall over 100k memories without 90 minutes of embedding first.
 *
 * Each memory chunk gets the real USE lite vector of the user turn it was made from (the note's
 * name and description lines are left out of that vector); turns not in the evaluation cache are
 * embedded by the model during reindex as usual. Query vectors are always computed live. Vectors
 * only need the right model and dimensions for a speed measurement; their values decide nothing
 * about speed beyond what real vectors of this model already do.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SqliteSearchIndex } from "../../src/adapters/sqlite/sqlite-search-index.js";
import { textHash } from "../../src/engine/search/embed-chunks.js";
import { chunkHomeDocument } from "../../src/engine/search/home-chunks.js";
import { embeddingCacheKey } from "../../src/eval/caching-embedding-model.js";
import { SEARCH_INDEX_FILE } from "../../src/rules/home-layout.js";

export interface SeedMemory {
  /** Path of the memory file inside the home, and its full text. */
  path: string;
  fileText: string;
  /** The corpus text its body was made from: the key into the evaluation cache. */
  sourceText: string;
}

/** Returns how many chunks got a vector from the cache. */
export async function seedVectorsFromEvalCache(options: {
  home: string;
  evalCacheFile: string;
  model: { id: string; dimensions: number };
  memories: SeedMemory[];
}): Promise<number> {
  if (!existsSync(options.evalCacheFile)) return 0;
  const evalCache = new SqliteSearchIndex({ path: options.evalCacheFile });
  const target = new SqliteSearchIndex({ path: join(options.home, ...SEARCH_INDEX_FILE.split("/")) });
  await evalCache.open();
  await target.open();
  try {
    const recorded = await evalCache.vectorModel();
    if (recorded?.id !== options.model.id || recorded.dimensions !== options.model.dimensions) return 0;
    await target.resetVectors(options.model);
    let seeded = 0;
    const batchSize = 2000;
    for (let start = 0; start < options.memories.length; start += batchSize) {
      const batch = options.memories.slice(start, start + batchSize);
      const keys = batch.map((memory) => embeddingCacheKey(memory.sourceText, "document"));
      const found = await evalCache.cachedEmbeddings(keys);
      const vectors = new Map<string, Float32Array>();
      for (const [position, memory] of batch.entries()) {
        const vector = found.get(keys[position] as string);
        const [chunk] = chunkHomeDocument(memory.path, memory.fileText);
        if (vector && chunk) vectors.set(textHash(chunk.text), vector);
      }
      await target.cacheEmbeddings(vectors);
      seeded += vectors.size;
    }
    return seeded;
  } finally {
    await evalCache.close();
    await target.close();
  }
}
