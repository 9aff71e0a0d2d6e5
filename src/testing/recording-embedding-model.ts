import type { EmbeddingModel, EmbedOptions } from "../contracts/embedding-model.js";

export interface EmbedCall {
  texts: string[];
  purpose: EmbedOptions["purpose"];
}

/**
 * Wraps an EmbeddingModel and records every embed call, so a test can prove what was (and was not)
 * embedded, e.g. that stored messages are never embedded again.
 */
export class RecordingEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  readonly calls: EmbedCall[] = [];
  private readonly inner: EmbeddingModel;

  constructor(inner: EmbeddingModel) {
    this.inner = inner;
    this.id = inner.id;
  }

  /** Every text embedded so far, in order. */
  get embeddedTexts(): string[] {
    return this.calls.flatMap((call) => call.texts);
  }

  open(options?: { signal?: AbortSignal }): Promise<{ dimensions: number }> {
    return this.inner.open(options);
  }

  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
    this.calls.push({ texts: [...texts], purpose: options?.purpose });
    return this.inner.embed(texts, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
