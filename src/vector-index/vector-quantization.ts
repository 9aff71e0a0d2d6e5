/**
 * Two lossy copies of a vector, small enough to keep every vector of a large home in memory:
 *
 * - a sign code: one bit per dimension (is it positive?), packed 8 to a byte. The Hamming distance
 *   of two codes tracks the angle between the vectors (each differing bit is a hyperplane through
 *   the origin that separates them), so it finds the likely nearest neighbours cheaply;
 * - an int8 copy: each value rounded to a multiple of max|v| / 127, to score those candidates
 *   again with a cosine accurate to about 0.002.
 *
 * Pure functions.
 */

/** Writes the sign bits of `vector` into `code` (dimension d is bit d % 8 of byte d / 8); the rest of `code` is zeroed. */
export function writeSignCode(vector: Float32Array, code: Uint8Array): void {
  code.fill(0);
  for (let dimension = 0; dimension < vector.length; dimension++) {
    if ((vector[dimension] as number) > 0) {
      const byte = dimension >> 3;
      code[byte] = (code[byte] as number) | (1 << (dimension & 7));
    }
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
  const step = largest / 127;
  for (let dimension = 0; dimension < vector.length; dimension++)
    out[offset + dimension] = Math.round((vector[dimension] as number) / step);
  return step / norm(vector, largest);
}

/** `dot(query, copy)` for the int8 copy stored at `offset`. */
export function dotWithInt8(query: Float32Array, copies: Int8Array, offset: number): number {
  let dot = 0;
  for (let dimension = 0; dimension < query.length; dimension++)
    dot += (query[dimension] as number) * (copies[offset + dimension] as number);
  return dot;
}

/** `vector` scaled to length 1, or undefined when it has no length (zeros) or holds NaN or Infinity. */
export function unitVector(vector: Float32Array): Float32Array | undefined {
  const largest = largestMagnitude(vector);
  if (largest === 0 || !Number.isFinite(largest)) return undefined;
  const length = norm(vector, largest);
  return vector.map((value) => value / length);
}

/** max |v|: NaN when any value is NaN. */
function largestMagnitude(vector: Float32Array): number {
  let largest = 0;
  for (const value of vector) {
    if (Number.isNaN(value)) return Number.NaN;
    largest = Math.max(largest, Math.abs(value));
  }
  return largest;
}

/** The Euclidean length, computed on values divided by `largest` so squares cannot overflow. */
function norm(vector: Float32Array, largest: number): number {
  let sumOfSquares = 0;
  for (const value of vector) sumOfSquares += (value / largest) ** 2;
  return Math.sqrt(sumOfSquares) * largest;
}
