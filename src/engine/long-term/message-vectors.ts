import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { AgentMessage, MessageEmbedding, MessageStore } from "../../contracts/message-store.js";
import { MnemoError } from "../../errors.js";
import { comparableContent, messageContentHash } from "./message-content.js";

/** Texts per embedding request when stored messages get their vectors after a model change. */
const EMBED_BATCH_SIZE = 64;

/**
 * The vectors of long-term memory's similarity check. Stored and observed messages are embedded
 * alike: their comparable content (message-content.ts), as "document", so that a message sent again
 * matches itself whatever its case and punctuation.
 *
 * Vectors are stored under `key`: the model's id and what was embedded. Vectors of the raw content,
 * which earlier versions stored under the bare model id, are never compared with these; recover()
 * embeds such messages again, once.
 */
export class MessageVectors {
  readonly key: string;
  /** Vectors findNews just made, by content hash: the news it returns is usually added next. */
  private recent = new Map<string, Float32Array>();

  constructor(private readonly model: EmbeddingModel) {
    this.key = `${model.id}#canonical-text@1`;
  }

  open(signal?: AbortSignal): Promise<unknown> {
    return this.model.open({ signal });
  }

  /** One vector per content, in order; the last batch is remembered for `embedding()`. */
  async embedObserved(contents: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors = await this.embed(contents, signal);
    this.recent = new Map(
      contents.map((content, index) => [messageContentHash(content), vectors[index] as Float32Array]),
    );
    return vectors;
  }

  /** The vector to store with a message: the one findNews made for it, or a new one. */
  async embedding(content: string): Promise<MessageEmbedding> {
    const vector = this.recent.get(messageContentHash(content)) ?? (await this.embed([content]))[0];
    return { modelId: this.key, vector: vector as Float32Array };
  }

  /** Gives the stored messages that have no vector under `key` one, in batches. */
  async embedMissing(
    store: MessageStore,
    roleId: string,
    stored: AgentMessage[],
    signal?: AbortSignal,
  ): Promise<void> {
    const withVector = new Set((await store.embeddings(roleId, this.key)).map((entry) => entry.messageId));
    const missing = stored.filter((message) => !withVector.has(message.id));
    for (let start = 0; start < missing.length; start += EMBED_BATCH_SIZE) {
      const batch = missing.slice(start, start + EMBED_BATCH_SIZE);
      const vectors = await this.embed(
        batch.map((message) => message.content),
        signal,
      );
      const embeddings = new Map(
        batch.map((message, index) => [
          message.id,
          { modelId: this.key, vector: vectors[index] as Float32Array },
        ]),
      );
      await store.setEmbeddings(roleId, embeddings);
    }
  }

  private async embed(contents: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const texts = contents.map(comparableContent);
    const vectors = await this.model.embed(texts, { purpose: "document", signal });
    if (vectors.length !== texts.length) {
      throw new MnemoError(
        "IO",
        `Embedding model ${this.model.id} returned ${vectors.length} vectors for ${texts.length} texts.`,
      );
    }
    return vectors;
  }
}
