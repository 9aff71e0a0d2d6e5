import { GloveEmbeddingModel } from "../../src/adapters/models/local/glove-embedding-model.js";
import { UseLiteEmbeddingModel } from "../../src/adapters/models/local/use-lite-embedding-model.js";
import type { EmbeddingModel } from "../../src/contracts/embedding-model.js";

/** The local embedders the comparison knows, by the name used on its command line. */
const CANDIDATES: Record<string, () => EmbeddingModel> = {
  "use-lite": () => new UseLiteEmbeddingModel(),
  glove: () => new GloveEmbeddingModel(),
  "glove-mean": () => new GloveEmbeddingModel({ weighting: "mean" }),
};

export function createCandidate(name: string): EmbeddingModel {
  const create = CANDIDATES[name];
  if (!create) throw new Error(`unknown embedder "${name}"; known: ${Object.keys(CANDIDATES).join(", ")}`);
  return create();
}
