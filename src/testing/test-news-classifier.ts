import { InMemoryMessageStore } from "../adapters/memory/in-memory-message-store.js";
import type { EmbeddingModel, EmbedOptions } from "../contracts/embedding-model.js";
import type { AgentMessage } from "../contracts/message-store.js";
import { LongTermMemory } from "../engine/long-term/long-term-memory.js";
import { comparableContent, normalizeMessageContent } from "../engine/long-term/message-content.js";
import { cosineSimilarity, DEFAULT_SIMILARITY_THRESHOLD } from "../rules/similarity.js";
import type { NewsPair } from "./test-news-pairs.js";

/**
 * Classifies the pairs of test-news-pairs.ts as news or known, for news-pairs.test.ts and
 * bench/long-term/news-pairs.ts: through the library (a LongTermMemory that stored the first message
 * is asked whether the second is news), and by the rule of mnemo before issue 12 for comparison.
 */
export interface NewsRuleOptions {
  /** Absent: no model, exact duplicates only. */
  model?: EmbeddingModel;
  similarityThreshold?: number;
  requireSameFacts?: boolean;
}

/** Whether LongTermMemory, having stored `pair.stored`, finds `pair.observed` to be news. */
export async function isNewsThroughLibrary(pair: NewsPair, options: NewsRuleOptions): Promise<boolean> {
  const memory = new LongTermMemory({
    store: new InMemoryMessageStore(),
    watch: ["Observe"],
    embeddingModel: options.model,
    similarityThreshold: options.similarityThreshold,
    requireSameFacts: options.requireSameFacts,
    onWarning: () => {},
  });
  await memory.recover("reader");
  await memory.add(message("stored", pair.stored));
  return (await memory.findNews([message("observed", pair.observed)])).length === 1;
}

/**
 * The rule before issue 12: the same content with whitespace normalised, or (with a model) a cosine
 * similarity of the embeddings of the raw contents at or above 0.95.
 */
export async function isNewsByEarlierRule(pair: NewsPair, model?: EmbeddingModel): Promise<boolean> {
  if (normalizeMessageContent(pair.stored) === normalizeMessageContent(pair.observed)) return false;
  if (!model) return true;
  const [stored, observed] = await model.embed([pair.stored, pair.observed], { purpose: "document" });
  return cosineSimilarity(stored as Float32Array, observed as Float32Array) < DEFAULT_SIMILARITY_THRESHOLD;
}

function message(id: string, content: string): AgentMessage {
  return { id, role: "user", content, causeBy: "Observe", sentFrom: "", sendTo: [], createdAt: new Date(0) };
}

/**
 * Remembers every vector it made, so that the same text is embedded once across pairs; `warm()`
 * embeds many texts in one call, which is much faster than one by one.
 */
export class MemoisingEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  private readonly vectors = new Map<string, Float32Array>();

  constructor(private readonly inner: EmbeddingModel) {
    this.id = inner.id;
  }

  open(options?: { signal?: AbortSignal }): Promise<{ dimensions: number }> {
    return this.inner.open(options);
  }

  /**
   * Embeds the texts of the pairs in one call, as the rules will ask for them: raw for the earlier
   * rule, as comparable content for LongTermMemory.
   */
  async warm(options: { raw: readonly NewsPair[]; comparable: readonly NewsPair[] }): Promise<void> {
    const texts = (pairs: readonly NewsPair[]) => pairs.flatMap((pair) => [pair.stored, pair.observed]);
    await this.embed([...texts(options.raw), ...texts(options.comparable).map(comparableContent)]);
  }

  async embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((text) => !this.vectors.has(text)))];
    const made = missing.length > 0 ? await this.inner.embed(missing, options) : [];
    missing.forEach((text, index) => {
      this.vectors.set(text, made[index] as Float32Array);
    });
    return texts.map((text) => this.vectors.get(text) as Float32Array);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
