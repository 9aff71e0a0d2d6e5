import { MnemoError } from "../../errors.js";

/**
 * Vectors as pgvector's text form, `[0.25,-1,3e-7]`: a float32 printed as the shortest decimal of
 * its double reads back as the same float32, and pgvector prints the shortest decimal of each
 * float32, so a vector goes in and out exactly. pgvector refuses NaN and infinities; they are
 * refused here first, with a message that says so.
 */
export function toPgvector(vector: Float32Array): string {
  for (const value of vector) {
    if (!Number.isFinite(value)) {
      throw new MnemoError(
        "INVALID_INPUT",
        `A vector holds ${value}; PostgreSQL's vector type stores finite numbers only. Check the embedding model's output.`,
      );
    }
  }
  return `[${vector.join(",")}]`;
}

export function fromPgvector(text: string): Float32Array {
  const inner = text.trim().slice(1, -1);
  return inner === "" ? new Float32Array(0) : Float32Array.from(inner.split(","), Number);
}
