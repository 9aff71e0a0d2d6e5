import { createHash } from "node:crypto";
import type { EmbeddingCache } from "../../contracts/embedding-cache.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";

/** The embedding cache key: unchanged text is never embedded twice. */
export function textHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

const BATCH_SIZE = 32;

/**
 * Vectors for the given texts (by text hash): from the cache where present, otherwise embedded in
 * batches and added to the cache.
 */
export async function embedWithCache(
  cache: EmbeddingCache,
  embedder: EmbeddingModel,
  texts: Map<string, string>,
  signal?: AbortSignal,
): Promise<Map<string, Float32Array>> {
  const vectors = await cache.cachedEmbeddings([...texts.keys()]);
  const missing = [...texts].filter(([hash]) => !vectors.has(hash));
  for (let start = 0; start < missing.length; start += BATCH_SIZE) {
    const batch = missing.slice(start, start + BATCH_SIZE);
    const embedded = await embedder.embed(
      batch.map(([, text]) => text),
      { purpose: "document", signal },
    );
    const fresh = new Map(batch.map(([hash], position) => [hash, embedded[position] as Float32Array]));
    await cache.cacheEmbeddings(fresh);
    for (const [hash, vector] of fresh) vectors.set(hash, vector);
  }
  return vectors;
}
