/** Small vector helpers shared by the local embedders. Pure. */

/** Scales the vector to length 1, in place; a zero vector stays zero. Returns it. */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let sumOfSquares = 0;
  for (const value of vector) sumOfSquares += value * value;
  if (sumOfSquares === 0) return vector;
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let position = 0; position < vector.length; position++)
    vector[position] = (vector[position] ?? 0) * scale;
  return vector;
}

/** The element-wise mean of the vectors (the zero vector when there are none). */
export function meanVector(vectors: ArrayLike<number>[], dimensions: number): Float32Array {
  const sum = new Float64Array(dimensions);
  for (const vector of vectors) {
    for (let position = 0; position < dimensions; position++)
      sum[position] = (sum[position] ?? 0) + (vector[position] ?? 0);
  }
  const mean = new Float32Array(dimensions);
  if (vectors.length > 0)
    for (let position = 0; position < dimensions; position++)
      mean[position] = (sum[position] ?? 0) / vectors.length;
  return mean;
}

/** Cosine similarity; 0 when either vector is zero. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let position = 0; position < a.length; position++) {
    const x = a[position] ?? 0;
    const y = b[position] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
