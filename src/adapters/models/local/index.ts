import type { EmbeddingModel } from "../../../contracts/embedding-model.js";
import { GloveEmbeddingModel } from "./glove-embedding-model.js";
import { UseLiteEmbeddingModel } from "./use-lite-embedding-model.js";

/**
 * The local, offline embedders. Importing this module loads no model and no heavy package: each
 * model loads its package in open().
 */
export type LocalEmbeddingModelName = "use-lite" | "glove";

/** Chosen by measured retrieval quality, then speed and size: see docs/embeddings.md. */
export const DEFAULT_LOCAL_EMBEDDING_MODEL: LocalEmbeddingModelName = "use-lite";

export function createLocalEmbeddingModel(
  name: LocalEmbeddingModelName = DEFAULT_LOCAL_EMBEDDING_MODEL,
): EmbeddingModel {
  return name === "glove" ? new GloveEmbeddingModel() : new UseLiteEmbeddingModel();
}
