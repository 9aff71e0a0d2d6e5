import type { EmbeddingModel } from "../../contracts/embedding-model.js";

/**
 * One embedding model for every home of a server (a local model weighs tens of megabytes; one per
 * home would not fit). Each home's search closes its model when the home closes: this view ignores
 * that, and the owner closes the model itself once, at the end.
 */
export function sharedEmbeddingModel(model: EmbeddingModel): EmbeddingModel {
  return {
    id: model.id,
    open: (options) => model.open(options),
    embed: (texts, options) => model.embed(texts, options),
    close: async () => undefined,
  };
}
