import type { SearchIndex, StoredChunk } from "../../contracts/search-index.js";
import { type AnswerType, answerEvidence, MOST_ANSWER_EVIDENCE } from "./answer-type.js";
import { type FusedCandidate, recencyBoost } from "./fusion.js";
import type { FusedHit } from "./ranked-hit.js";
import { inWindow, type TimeWindow } from "./time-window.js";

/** What raises a fused candidate's score once its chunk is read: each boost multiplies, never lowers. */
export interface Boosts {
  /** The query's time window: a chunk dated in it scores × `windowFactor`. */
  window?: TimeWindow;
  windowFactor: number;
  /** The answer the question asks for: a chunk scores × (1 + `answerWeight` × its `answerEvidence`). */
  answerType?: AnswerType;
  answerWeight: number;
  recency: { weight: number; halfLifeDays: number };
  now: Date;
}

/**
 * The fused candidates a boost may bring among the best `depth`, read and boosted, best first.
 * Read in two steps: the first `depth`, then only the later candidates whose score × the largest
 * boost they could get reaches the `depth`-th boosted score so far (boosts only raise scores, so
 * that score can only grow): reading every candidate's text costs more than the rest of a recall.
 * Recency can lift anything, so with it every candidate is read when there is a time window (whose
 * own best joined the pool to be lifted), else the first `depth` (the caller passes the whole pool).
 */
export async function boostedHits(
  index: SearchIndex,
  candidates: FusedCandidate[],
  depth: number,
  boosts: Boosts,
): Promise<FusedHit[]> {
  if (boosts.recency.weight > 0)
    return sorted(await readBoosted(index, boosts.window ? candidates : candidates.slice(0, depth), boosts));
  const first = await readBoosted(index, candidates.slice(0, depth), boosts);
  const largest =
    (boosts.window ? boosts.windowFactor : 1) *
    (boosts.answerType ? 1 + boosts.answerWeight * MOST_ANSWER_EVIDENCE : 1);
  if (largest <= 1 || candidates.length <= depth) return sorted(first);
  const floor = sorted(first)[depth - 1]?.score ?? Number.NEGATIVE_INFINITY;
  const reachable = candidates.slice(depth).filter((candidate) => candidate.score * largest >= floor);
  return sorted([...first, ...(await readBoosted(index, reachable, boosts))]);
}

async function readBoosted(
  index: SearchIndex,
  candidates: FusedCandidate[],
  boosts: Boosts,
): Promise<FusedHit[]> {
  const chunks = new Map(
    (await index.chunks(candidates.map((candidate) => candidate.id))).map((chunk) => [chunk.id, chunk]),
  );
  return candidates.flatMap((candidate) => {
    const chunk = chunks.get(candidate.id);
    if (!chunk) return [];
    const score = boostedScore(candidate.score, chunk, boosts);
    return [{ ...chunk, score, textScore: candidate.textScore, vectorScore: candidate.vectorScore }];
  });
}

function boostedScore(score: number, chunk: StoredChunk, boosts: Boosts): number {
  const dated = boosts.window && inWindow(chunk.date, boosts.window) ? score * boosts.windowFactor : score;
  const answering = boosts.answerType
    ? dated * (1 + boosts.answerWeight * answerEvidence(boosts.answerType, chunk.text))
    : dated;
  return recencyBoost(answering, ageInDays(chunk.date, boosts.now), boosts.recency);
}

function sorted(hits: FusedHit[]): FusedHit[] {
  return hits.sort((a, b) => b.score - a.score || a.id - b.id);
}

function ageInDays(date: string | undefined, now: Date): number | undefined {
  if (!date) return undefined;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? undefined : (now.getTime() - time) / 86_400_000;
}
