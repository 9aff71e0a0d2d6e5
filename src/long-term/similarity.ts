import type { StoredEmbedding } from "../contracts/message-store.js";
import { MnemoError } from "../errors.js";

/**
 * The similarity check of long-term memory: cosine similarity of embeddings, computed in process over
 * every vector the role has stored (exact: no approximate index, so the threshold means what it says).
 *
 * Default threshold 0.95. MetaGPT keeps a message out when the squared L2 distance of its normalised
 * embedding to a stored one is below 0.1 (its "experience value"); for unit vectors
 * ‖a − b‖² = 2 − 2·cos, so that is cos > 0.95. The bias is deliberate: a false "similar" hides real
 * news from the agent, a false "new" only repeats something, so only near-copies should be suppressed.
 *
 * The right value depends on the model. Measured with USE-lite on short messages: near-copies
 * (punctuation, case, one filler word) scored 0.91–0.99, but so did different news that changes one
 * key word ("2.3.1" → "2.3.2": 0.99, "Monday" → "Tuesday": 0.98, "export" → "import": 0.96), while
 * paraphrases scored 0.73–0.75 and unrelated messages about 0.3. No threshold separates the first two
 * groups; when one-word changes matter, raise the threshold or use no model (exact duplicates only).
 */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.95;

/** cos(a, b) in [-1, 1]; 0 when either vector is all zeros (it has no direction). */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) {
    throw new MnemoError(
      "INVALID_INPUT",
      `Cannot compare a vector of ${a.length} dimensions with one of ${b.length}: they come from different embedding models.`,
    );
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] as number;
    const y = b[index] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  return Math.max(-1, Math.min(1, dot / Math.sqrt(normA * normB)));
}

export interface SimilarMessage {
  messageId: string;
  similarity: number;
}

/** The most similar stored message at or above `threshold`, or undefined when none is that close. */
export function findNearDuplicate(
  vector: Float32Array,
  stored: readonly StoredEmbedding[],
  threshold: number,
): SimilarMessage | undefined {
  let best: SimilarMessage | undefined;
  for (const candidate of stored) {
    const similarity = cosineSimilarity(vector, candidate.vector);
    if (similarity >= threshold && (best === undefined || similarity > best.similarity)) {
      best = { messageId: candidate.messageId, similarity };
    }
  }
  return best;
}
