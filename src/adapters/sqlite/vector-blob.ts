/**
 * Vectors as SQLite BLOBs: float32 values, little-endian whatever the machine's byte order, so an
 * index or message store copied between machines reads the same.
 */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function vectorToBlob(vector: Float32Array): Buffer {
  if (LITTLE_ENDIAN) return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
  const blob = Buffer.alloc(vector.byteLength);
  for (const [index, value] of vector.entries()) blob.writeFloatLE(value, index * 4);
  return blob;
}

export function blobToVector(blob: Buffer): Float32Array {
  const vector = new Float32Array(blob.byteLength / 4);
  if (LITTLE_ENDIAN) {
    // A copy: the Buffer's memory may be pooled, and its offset need not be 4-byte aligned.
    new Uint8Array(vector.buffer).set(blob);
    return vector;
  }
  for (let index = 0; index < vector.length; index++) vector[index] = blob.readFloatLE(index * 4);
  return vector;
}
