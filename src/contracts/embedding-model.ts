/**
 * Turns text into vectors for semantic search. Implementations: an OpenAI-compatible endpoint
 * (`/v1/embeddings`) and local, offline models shipped inside npm packages.
 */
export interface EmbeddingModel {
  /**
   * Names the model and its version, e.g. "local:use-lite@0.2.0" or "openai:text-embedding-3-small".
   * The search index records it: vectors from two different ids are never mixed.
   */
  readonly id: string;
  /** Loads the model (idempotent) and tells the size of its vectors. */
  open(options?: { signal?: AbortSignal }): Promise<{ dimensions: number }>;
  /** One vector per text, in order. Queries and documents may be embedded differently. */
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** Frees what open() loaded (idempotent). */
  close(): Promise<void>;
}

export interface EmbedOptions {
  purpose?: "query" | "document";
  signal?: AbortSignal;
}
