/**
 * Two lossy copies of a vector, small enough to keep every vector of a large home in memory:
 *
 * - a sign code: one bit per dimension (is it positive?), packed 8 to a byte. The Hamming distance
 *   of two codes tracks the angle between the vectors (each differing bit is a hyperplane through
 *   the origin that separates them), so it finds the likely nearest neighbours cheaply;
 * - an int8 copy: each value rounded to a multiple of max|v| / 127, to score those candidates
 *   again with a cosine close to the exact one (within 0.0007 on 512-dimension USE vectors; the
 *   bound is half a step per dimension, so few-dimension vectors can be off by more).
 *
 * Both, with the factor that turns an int8 dot product into a cosine, make one record
 * (`encodeVector`), which a store can keep so that loading needs no quantising. Pure functions.
 */

/** Bytes of a sign code: the dimensions rounded up to whole 64-bit words (the scan reads words). */
export function signCodeBytes(dimensions: number): number {
  return Math.ceil(dimensions / 64) * 8;
}

/** Bytes of a record: the cosine factor (float32), the sign code, the int8 copy. */
export function encodedVectorBytes(dimensions: number): number {
  return 4 + signCodeBytes(dimensions) + dimensions;
}

/** A vector's record: its cosine factor (float32, little-endian), sign code and int8 copy. */
export function encodeVector(vector: Float32Array): Uint8Array {
  const codeBytes = signCodeBytes(vector.length);
  const record = new Uint8Array(encodedVectorBytes(vector.length));
  writeSignCode(vector, record.subarray(4, 4 + codeBytes));
  const copy = new Int8Array(record.buffer, 4 + codeBytes, vector.length);
  const factor = writeInt8Copy(vector, copy, 0);
  new DataView(record.buffer).setFloat32(0, factor, true);
  return record;
}

/**
 * Writes the sign bits of `vector` into `code` (dimension d is bit d % 8 of byte d / 8); the rest
 * of `code` is zeroed. Built a byte at a time without branches: on embedding values a branch on
 * the sign is mispredicted half the time, which made this four times slower.
 */
export function writeSignCode(vector: Float32Array, code: Uint8Array): void {
  const dimensions = vector.length;
  for (let byteIndex = 0; byteIndex < code.length; byteIndex++) {
    const first = byteIndex * 8;
    let byte = 0;
    for (let bit = 0; bit < 8 && first + bit < dimensions; bit++)
      byte |= Number((vector[first + bit] as number) > 0) << bit;
    code[byteIndex] = byte;
  }
}

/**
 * Writes `vector` as int8 values into `out` from `offset`, and returns the factor that turns a dot
 * product with them into a cosine: `cos(query, vector) ≈ dot(unitQuery, int8) * factor`. 0 for a
 * vector of zeros (it has no direction).
 */
export function writeInt8Copy(vector: Float32Array, out: Int8Array, offset: number): number {
  const largest = largestMagnitude(vector);
  if (largest === 0 || !Number.isFinite(largest)) {
    out.fill(0, offset, offset + vector.length);
    return 0;
  }
  const perStep = 127 / largest;
  // floor(x + 0.5), shifted to stay positive so `| 0` floors: Math.round is several times slower.
  for (let dimension = 0; dimension < vector.length; dimension++)
    out[offset + dimension] = (((vector[dimension] as number) * perStep + 128.5) | 0) - 128;
  return largest / 127 / norm(vector, largest);
}

/** `dot(query, copy)` for the int8 copy stored at `offset`; four running sums, so additions overlap. */
export function dotWithInt8(query: Float32Array, copies: Int8Array, offset: number): number {
  const length = query.length;
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let position = 0;
  for (; position + 3 < length; position += 4) {
    const at = offset + position;
    sum0 += (query[position] as number) * (copies[at] as number);
    sum1 += (query[position + 1] as number) * (copies[at + 1] as number);
    sum2 += (query[position + 2] as number) * (copies[at + 2] as number);
    sum3 += (query[position + 3] as number) * (copies[at + 3] as number);
  }
  for (; position < length; position++)
    sum0 += (query[position] as number) * (copies[offset + position] as number);
  return sum0 + sum1 + sum2 + sum3;
}

/** `vector` scaled to length 1, or undefined when it has no length (zeros) or holds NaN or Infinity. */
export function unitVector(vector: Float32Array): Float32Array | undefined {
  const largest = largestMagnitude(vector);
  if (largest === 0 || !Number.isFinite(largest)) return undefined;
  const length = norm(vector, largest);
  return vector.map((value) => value / length);
}

/** max |v|: NaN when any value is NaN (Math.max passes NaN on). */
function largestMagnitude(vector: Float32Array): number {
  let largest = 0;
  for (let position = 0; position < vector.length; position++)
    largest = Math.max(largest, Math.abs(vector[position] as number));
  return largest;
}

/** The Euclidean length; values are divided by `largest` only when their squares would overflow. */
function norm(vector: Float32Array, largest: number): number {
  let sumOfSquares = 0;
  for (let position = 0; position < vector.length; position++)
    sumOfSquares += (vector[position] as number) * (vector[position] as number);
  if (Number.isFinite(sumOfSquares) && sumOfSquares > 0) return Math.sqrt(sumOfSquares);
  sumOfSquares = 0;
  for (let position = 0; position < vector.length; position++)
    sumOfSquares += ((vector[position] as number) / largest) ** 2;
  return Math.sqrt(sumOfSquares) * largest;
}
