import type { EmbeddingModel, EmbedOptions } from "../contracts/embedding-model.js";
import { MnemoError } from "../errors.js";

/**
 * FOR TESTS AND AS AN OFFLINE FALLBACK ONLY: a bag-of-words embedder with no pretrained knowledge.
 * Two texts are similar exactly as far as they share words ("car" and "automobile" are unrelated), so
 * use a real model (OpenAI-compatible or local) for anything a person relies on.
 *
 * It is a real, deterministic EmbeddingModel, not a mock: texts are split into words (letters and
 * digits, lower-cased; each Chinese or Japanese character is a word of its own), each word is hashed
 * (FNV-1a) into one of `dimensions` buckets with a sign taken from the hash (so collisions cancel out
 * on average instead of piling up), and the counts are scaled to unit length. A text without words
 * gets the zero vector.
 */
export interface HashingEmbeddingModelOptions {
  /** Default 256. */
  dimensions?: number;
}

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`;
const WORD = new RegExp(`[${CJK}]|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, "gu");

export class HashingEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  readonly dimensions: number;

  constructor(options: HashingEmbeddingModelOptions = {}) {
    const dimensions = options.dimensions ?? 256;
    if (!Number.isInteger(dimensions) || dimensions < 1) {
      throw new MnemoError("INVALID_INPUT", `dimensions must be a positive whole number; got ${dimensions}.`);
    }
    this.dimensions = dimensions;
    this.id = `test:hashing-bag-of-words-${dimensions}@1`;
  }

  async open(): Promise<{ dimensions: number }> {
    return { dimensions: this.dimensions };
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    options.signal?.throwIfAborted();
    return texts.map((text) => this.embedOne(text));
  }

  async close(): Promise<void> {}

  private embedOne(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const word of wordsOf(text)) {
      const hash = fnv1a(word);
      const bucket = hash % this.dimensions;
      vector[bucket] = (vector[bucket] as number) + (hash & 0x80000000 ? -1 : 1);
    }
    let squares = 0;
    for (const value of vector) squares += value * value;
    const norm = Math.sqrt(squares);
    if (norm > 0)
      for (let index = 0; index < vector.length; index++) vector[index] = (vector[index] as number) / norm;
    return vector;
  }
}

export function wordsOf(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(WORD) ?? [];
}

/** 32-bit FNV-1a over the UTF-16 code units, as an unsigned number. */
function fnv1a(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index++) {
    hash ^= word.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
