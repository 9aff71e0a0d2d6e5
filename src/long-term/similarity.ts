import type { StoredEmbedding } from "../contracts/message-store.js";
import { MnemoError } from "../errors.js";

/**
 * The similarity check of long-term memory: cosine similarity of the embeddings of two messages'
 * canonical texts (message-content.ts), computed in process over every vector the role has stored
 * (exact: no approximate index, so the threshold means what it says). It is one half of the rule
 * that calls an observed message "not news"; the other half is that both state the same facts
 * (fact-signature.ts), because similarity cannot see them.
 *
 * Default threshold 0.95. MetaGPT keeps a message out when the squared L2 distance of its normalised
 * embedding to a stored one is below 0.1 (its "experience value"); for unit vectors
 * ‖a − b‖² = 2 − 2·cos, so that is cos > 0.95. The bias is deliberate: a false "similar" hides real
 * news from the agent, a false "new" only repeats something, so only near-copies should be suppressed.
 *
 * Measured with USE-lite on 190 hand-written pairs (bench/long-term/news-pairs.ts): updates that change
 * one number, date, negation or name score up to 0.998 ("2.3.1" → "2.3.2": 0.98), above most
 * paraphrases (0.73–0.98), so no threshold separates them; the fact signature does. Lowering the
 * threshold makes more paraphrases "known" but also more changes the signature cannot read
 * ("passed" → "failed": 0.93, "server is up" → "down": 0.93): the figures are in the bench.
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

/** The stored messages whose similarity to `vector` is at or above `threshold`, most similar first. */
export function similarMessages(
  vector: Float32Array,
  stored: readonly StoredEmbedding[],
  threshold: number,
): SimilarMessage[] {
  const similar: SimilarMessage[] = [];
  for (const candidate of stored) {
    const similarity = cosineSimilarity(vector, candidate.vector);
    if (similarity >= threshold) similar.push({ messageId: candidate.messageId, similarity });
  }
  return similar.sort((first, second) => second.similarity - first.similarity);
}
