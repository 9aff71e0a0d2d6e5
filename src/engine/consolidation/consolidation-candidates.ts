/**
 * Which existing memories a save is compared with (issue 30, point 3), chosen from MEMORY.md's index
 * lines alone (a memory's name and one-line description): a save reads the index it rewrites anyway,
 * then only the few files chosen, so it costs about the same in a home of 20 memories or 2,000. Pure.
 *
 * A line scores the inverse document frequency of each term it shares with the new memory's name,
 * description and text, so a rare shared word ("standup", "Porto") counts for more than a common
 * one ("team", "uses"). Only memories of the new one's type take part (the type is in the file name).
 * This is the definition; saves choose through CandidateIndex (candidate-index.ts), which reads only
 * the lines sharing a term and is held to choose exactly as this does.
 */
import type { MemoryType } from "../memdir/memory-types.js";
import { bestPaths, type CandidateLine } from "./candidate-index.js";
import { plainTerms } from "./plain-terms.js";

/** How many memories a save reads and compares with, at most (the model is shown as many). */
export const DEFAULT_CANDIDATES = 6;

export function chooseCandidates(
  incoming: { type: MemoryType; name: string; description: string; content: string },
  lines: readonly CandidateLine[],
  limit: number = DEFAULT_CANDIDATES,
): string[] {
  return bestPaths(candidateScores(incoming, lines), limit);
}

/** Each line of the save's type sharing a term with it, and its score. */
export function candidateScores(
  incoming: { type: MemoryType; name: string; description: string; content: string },
  lines: readonly CandidateLine[],
): Array<{ path: string; score: number }> {
  const wanted = plainTerms(`${incoming.name} ${incoming.description} ${incoming.content}`);
  const termsOf = lines.filter((line) => (line.type ?? incoming.type) === incoming.type);
  const holding = new Map<string, number>();
  for (const { terms } of termsOf)
    for (const term of terms) if (wanted.has(term)) holding.set(term, (holding.get(term) ?? 0) + 1);
  return termsOf.flatMap(({ path, terms }) => {
    let score = 0;
    for (const term of terms) {
      const count = holding.get(term);
      if (count !== undefined) score += Math.log(1 + termsOf.length / count);
    }
    return score > 0 ? [{ path, score }] : [];
  });
}
