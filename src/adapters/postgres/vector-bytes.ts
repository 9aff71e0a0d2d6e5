import { blobToVector, vectorToBlob } from "../sqlite/vector-blob.js";

/**
 * Exact vectors as bytea (the embedding cache, long-term messages): float32 little-endian, the
 * embedded stores' format, so any value, -0 and NaN included, comes back as it went in. pg returns
 * bytea as a Buffer, PGlite as a Uint8Array.
 */
/** A copy: the caller may change its vector before the driver sends the bytes. */
export function vectorToBytes(vector: Float32Array): Buffer {
  return Buffer.from(vectorToBlob(vector));
}

export function bytesToVector(bytes: Uint8Array): Float32Array {
  return blobToVector(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
