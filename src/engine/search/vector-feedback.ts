/**
 * Pseudo-relevance feedback on vectors (Rocchio): the query vector moves towards the vectors of
 * the best few results of a first ranking, and every candidate is scored again against it. A
 * question rarely shares much with the text that answers it; the best first results usually do,
 * and pull up their near neighbours. Measured on LongMemEval (docs/retrieval.md). Pure.
 */
export interface VectorFeedbackOptions {
  /** How far the query moves: the mean of the feedback vectors is added with this weight; 0 = off. */
  weight: number;
  /** How many of the first ranking's best results give feedback. */
  top: number;
}

/**
 * Feedback assumes the best first results are mostly relevant. In a small home the best 3 are a
 * large share of everything, and the moved query drifts towards the middle of the home; so it
 * needs at least this many candidates per feedback result (30 for the default 3).
 */
export const MIN_CANDIDATES_PER_FEEDBACK_RESULT = 10;

export function feedbackApplies(
  candidates: number,
  options: VectorFeedbackOptions | undefined,
): options is VectorFeedbackOptions {
  return (
    options !== undefined &&
    options.weight > 0 &&
    candidates > 0 &&
    candidates >= options.top * MIN_CANDIDATES_PER_FEEDBACK_RESULT
  );
}

/** `query + weight * mean(feedback)`, scaled to length 1 (the query itself when there is no feedback). */
export function feedbackQuery(query: Float32Array, feedback: Float32Array[], weight: number): Float32Array {
  const moved = Float32Array.from(query);
  if (feedback.length > 0 && weight > 0) {
    const scale = weight / feedback.length;
    for (const vector of feedback)
      for (let position = 0; position < moved.length; position++)
        moved[position] = (moved[position] ?? 0) + scale * (vector[position] ?? 0);
  }
  let sumOfSquares = 0;
  for (const value of moved) sumOfSquares += value * value;
  if (sumOfSquares === 0) return moved;
  const norm = Math.sqrt(sumOfSquares);
  for (let position = 0; position < moved.length; position++) moved[position] = (moved[position] ?? 0) / norm;
  return moved;
}
