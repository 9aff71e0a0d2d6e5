import type { WordVectorTable } from "./wink-vectors-file.js";

/**
 * "All-but-the-top" (Mu and Viswanath, ICLR 2018): word vectors share a large common mean and a
 * few dominant directions that carry word frequency rather than meaning, which makes every
 * average of words look alike. Subtracting the mean and projecting out the top principal
 * directions, both estimated on the most frequent words, spreads sentence similarities out.
 * Changes `table.vectors` in place; returns what it removed. Pure apart from that.
 */
export interface CommonDirections {
  mean: Float64Array;
  /** Unit length, orthogonal to each other, largest variance first. */
  directions: Float64Array[];
}

const POWER_ITERATIONS = 200;

export function removeCommonDirections(
  table: WordVectorTable,
  options: { sampleWords: number; directions: number },
): CommonDirections {
  const { dimensions, vectors } = table;
  const rows = vectors.length / dimensions;
  const sample = Math.min(options.sampleWords, rows);
  const mean = new Float64Array(dimensions);
  for (let row = 0; row < sample; row++) {
    for (let position = 0; position < dimensions; position++) {
      mean[position] = (mean[position] ?? 0) + (vectors[row * dimensions + position] ?? 0) / sample;
    }
  }
  const covariance = covarianceOf(vectors, dimensions, sample, mean);
  const directions: Float64Array[] = [];
  for (let count = 0; count < options.directions; count++)
    directions.push(topDirection(covariance, dimensions, directions));
  const centred = new Float64Array(dimensions);
  for (let row = 0; row < rows; row++) {
    const offset = row * dimensions;
    for (let position = 0; position < dimensions; position++)
      centred[position] = (vectors[offset + position] ?? 0) - (mean[position] ?? 0);
    for (const direction of directions) subtractProjection(centred, direction);
    vectors.set(centred, offset);
  }
  return { mean, directions };
}

function covarianceOf(
  vectors: Float32Array,
  dimensions: number,
  sample: number,
  mean: Float64Array,
): Float64Array {
  const covariance = new Float64Array(dimensions * dimensions);
  const centred = new Float64Array(dimensions);
  for (let row = 0; row < sample; row++) {
    for (let position = 0; position < dimensions; position++) {
      centred[position] = (vectors[row * dimensions + position] ?? 0) - (mean[position] ?? 0);
    }
    for (let i = 0; i < dimensions; i++) {
      const value = centred[i] ?? 0;
      for (let j = i; j < dimensions; j++) {
        covariance[i * dimensions + j] = (covariance[i * dimensions + j] ?? 0) + value * (centred[j] ?? 0);
      }
    }
  }
  for (let i = 0; i < dimensions; i++)
    for (let j = 0; j < i; j++) covariance[i * dimensions + j] = covariance[j * dimensions + i] ?? 0;
  return covariance;
}

/** The covariance's leading eigenvector outside the directions already found (power iteration). */
function topDirection(covariance: Float64Array, dimensions: number, found: Float64Array[]): Float64Array {
  let vector = Float64Array.from({ length: dimensions }, (_, position) => 1 + position / dimensions);
  for (let iteration = 0; iteration < POWER_ITERATIONS; iteration++) {
    const next = new Float64Array(dimensions);
    for (let i = 0; i < dimensions; i++) {
      let sum = 0;
      for (let j = 0; j < dimensions; j++) sum += (covariance[i * dimensions + j] ?? 0) * (vector[j] ?? 0);
      next[i] = sum;
    }
    for (const direction of found) subtractProjection(next, direction);
    const length = Math.hypot(...next);
    if (length === 0) return next;
    for (let position = 0; position < dimensions; position++) next[position] = (next[position] ?? 0) / length;
    vector = next;
  }
  return vector;
}

function subtractProjection(vector: Float64Array, direction: Float64Array): void {
  let dot = 0;
  for (let position = 0; position < vector.length; position++)
    dot += (vector[position] ?? 0) * (direction[position] ?? 0);
  for (let position = 0; position < vector.length; position++)
    vector[position] = (vector[position] ?? 0) - dot * (direction[position] ?? 0);
}
