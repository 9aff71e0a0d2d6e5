/**
 * Recall's ranking: candidates (BM25, vectors) → fusion → feedback → boosts → aspect coverage.
 * Each stage, and the config setting that weighs it, is declared in ranking-pipeline.ts, from which
 * recall and `mnemo eval retrieval` both build these options.
 */
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type {
  CandidateQuery,
  ChunkFilter,
  ScoredChunkId,
  SearchCandidates,
  SearchIndex,
  TermCounts,
} from "../../contracts/search-index.js";
import { queryTerms } from "../../rules/query-terms.js";
import { cosineSimilarity } from "../../rules/similarity.js";
import { answerTypeOf } from "./answer-type.js";
import { coverAspects } from "./aspect-coverage.js";
import { boostedHits } from "./boosted-hits.js";
import { type Candidate, type FusedCandidate, type FusionOptions, fuseCandidates } from "./fusion.js";
import { hitRelevance, textCoverage } from "./hit-relevance.js";
import { lexicalConfidence } from "./lexical-confidence.js";
import { queryAspects } from "./query-aspects.js";
import { contextWeight, conversationVector, type QueryTurns, queryTurns } from "./query-turns.js";
import type { FusedHit, RankedHit } from "./ranked-hit.js";
import { filterWithin, type TimeWindow, timeWindowOf } from "./time-window.js";
import { feedbackApplies, feedbackQuery, type VectorFeedbackOptions } from "./vector-feedback.js";

export interface RankOptions {
  limit: number;
  filter?: ChunkFilter;
  fusion: FusionOptions;
  /** Pseudo-relevance feedback on vectors; off when absent or its weight is 0. */
  feedback?: VectorFeedbackOptions;
  recency: { weight: number; halfLifeDays: number };
  /**
   * A time expression in the query ("two weeks ago", "in March"): the window's own best results
   * join the candidates, and a chunk dated in it scores × (1 + weight). 0 or absent: off.
   */
  timeWindowWeight?: number;
  /**
   * A query that names several things side by side ("…, A or B?", "between A and B"): the best
   * results are reordered so each thing's own memory is near the top (aspect-coverage.ts), this
   * weight given to covering them. 0 or absent: off.
   */
  aspectWeight?: number;
  /**
   * A question asking for a stated quantity ("how many hours …", "how much did I spend …"): a
   * candidate that states one of that kind ("10 hours", "$40") scores × (1 + weight)
   * (answer-type.ts). 0 or absent: off.
   */
  answerTypeWeight?: number;
  now: Date;
  signal?: AbortSignal;
}

/** Candidates fetched from each list: more than asked for, so fusion has room to reorder. */
export function candidatePoolSize(limit: number): number {
  return Math.max(50, limit * 5);
}

export async function rankChunks(
  index: SearchIndex,
  embedder: EmbeddingModel | undefined,
  query: string,
  options: RankOptions,
): Promise<{ hits: RankedHit[]; queryEmbeddingMs: number }> {
  const pool = candidatePoolSize(options.limit);
  const turns = queryTurns(query);
  let queryEmbeddingMs = 0;
  let queryVector: Float32Array | undefined;
  const terms = queryTerms(turns.last);
  if (embedder && turns.last !== "") {
    const started = performance.now();
    const embedded = await embedQuery(embedder, turns, options.signal);
    queryEmbeddingMs = performance.now() - started;
    queryVector =
      embedded.last && embedded.conversation
        ? conversationVector(
            embedded.last,
            embedded.conversation,
            contextWeight(await lastTurnConfidence(index, terms, options.filter, pool)),
          )
        : embedded.last;
  }
  const window = options.timeWindowWeight ? timeWindowOf(turns.last, options.now) : undefined;
  const aspects = options.aspectWeight ? queryAspects(turns.last) : [];
  const answerType = options.answerTypeWeight ? answerTypeOf(turns.last) : undefined;
  const reordered = aspects.length >= 2 ? Math.max(options.limit, ASPECT_DEPTH) : options.limit;
  const { text, vector, termCounts } = await searchWithWindow(
    index,
    { terms, vector: queryVector, filter: options.filter, limit: pool },
    window,
  );
  const confidence = lexicalConfidence(text[0]?.score ?? 0, termCounts);
  let fused = fuseCandidates(text, vector, options.fusion, confidence);
  if (queryVector && feedbackApplies(fused.length, options.feedback))
    fused = await withVectorFeedback(
      index,
      { queryVector, text, fused, confidence },
      options.feedback,
      options.fusion,
    );
  // Boosts reorder, so every candidate they may lift is read, not only the first `limit`.
  const hits = await boostedHits(index, fused, options.recency.weight > 0 ? pool : reordered, {
    window,
    windowFactor: 1 + (options.timeWindowWeight ?? 0),
    answerType,
    answerWeight: options.answerTypeWeight ?? 0,
    recency: options.recency,
    now: options.now,
  });
  const covered =
    aspects.length >= 2
      ? coverAspects(hits, await aspectRelevance(index, aspects, options.filter, pool), {
          weight: options.aspectWeight ?? 0,
          depth: reordered,
        })
      : hits;
  const evidence = { terms: termCounts, queryVector, textWeight: textWeightOf(options.fusion) };
  return { hits: await withRelevance(index, covered.slice(0, options.limit), evidence), queryEmbeddingMs };
}

/** Each hit's relevance, from its BM25 coverage of the query and its cosine with the query's own vector. */
async function withRelevance(
  index: SearchIndex,
  hits: FusedHit[],
  evidence: { terms: TermCounts | undefined; queryVector: Float32Array | undefined; textWeight: number },
): Promise<RankedHit[]> {
  const { queryVector } = evidence;
  const vectors = queryVector ? await index.vectorsOf(hits.map((hit) => hit.id)) : new Map();
  return hits.map((hit) => {
    const vector = vectors.get(hit.id);
    const cosine = queryVector ? (vector ? cosineSimilarity(vector, queryVector) : 0) : undefined;
    const coverage = textCoverage(hit.textScore, evidence.terms);
    return { ...hit, relevance: hitRelevance({ coverage, cosine }, evidence.textWeight) };
  });
}

function textWeightOf(fusion: FusionOptions): number {
  return fusion.method === "weighted" ? fusion.textWeight : 0.5;
}

/** How many of the best results aspect coverage reorders (at least the limit). */
const ASPECT_DEPTH = 30;

/** Each aspect's BM25 of the chunks it finds, as a share of its best: 1 for the chunk most about it. */
async function aspectRelevance(
  index: SearchIndex,
  aspects: string[][],
  filter: ChunkFilter | undefined,
  limit: number,
): Promise<Map<number, number>[]> {
  return Promise.all(
    aspects.map(async (terms) => {
      const { text } = await index.search({ terms, filter, limit });
      const best = text[0]?.score ?? 0;
      return new Map(best > 0 ? text.map((hit) => [hit.id, hit.score / best]) : []);
    }),
  );
}

/**
 * The second ranking of pseudo-relevance feedback: the query vector moved towards the first
 * ranking's best results, and every candidate of either list scored against it (a BM25 candidate
 * outside the vector search's top now gets its cosine too). No second vector search: the
 * candidates stay those of the first ranking.
 */
async function withVectorFeedback(
  index: SearchIndex,
  first: { queryVector: Float32Array; text: Candidate[]; fused: FusedCandidate[]; confidence: number },
  feedback: VectorFeedbackOptions,
  fusion: FusionOptions,
): Promise<FusedCandidate[]> {
  const bestIds = await bestOfDistinctDocuments(index, first.fused, feedback.top);
  const vectors = await index.vectorsOf(bestIds);
  const best = bestIds.flatMap((id) => vectors.get(id) ?? []);
  if (best.length === 0) return first.fused;
  const moved = feedbackQuery(first.queryVector, best, feedback.weight);
  const rescored = await index.rescore(
    moved,
    first.fused.map((candidate) => candidate.id),
  );
  return fuseCandidates(first.text, rescored, fusion, first.confidence);
}

/**
 * The index's candidates, and with a time window also the window's own best (a search filtered to
 * its days, run beside the first): an old message on the topic may otherwise fill the pool before
 * the one the query's time points at. Both lists keep each chunk once, best first.
 */
async function searchWithWindow(
  index: SearchIndex,
  query: CandidateQuery,
  window: TimeWindow | undefined,
): Promise<SearchCandidates> {
  const within = window ? filterWithin(query.filter, window) : undefined;
  if (!within) return index.search(query);
  const [all, inWindowOnly] = await Promise.all([
    index.search(query),
    index.search({ ...query, filter: within }),
  ]);
  return { ...all, text: union(all.text, inWindowOnly.text), vector: union(all.vector, inWindowOnly.vector) };
}

function union(first: ScoredChunkId[], second: ScoredChunkId[]): ScoredChunkId[] {
  const seen = new Set(first.map((candidate) => candidate.id));
  const merged = [...first, ...second.filter((candidate) => !seen.has(candidate.id))];
  return merged.sort((a, b) => b.score - a.score || a.id - b.id);
}

/** The last turn's vector, and the whole conversation's when the query has several lines. */
async function embedQuery(
  embedder: EmbeddingModel,
  turns: QueryTurns,
  signal: AbortSignal | undefined,
): Promise<{ last: Float32Array | undefined; conversation: Float32Array | undefined }> {
  const texts = turns.conversation === undefined ? [turns.last] : [turns.last, turns.conversation];
  const [last, conversation] = await embedder.embed(texts, { purpose: "query", signal });
  return { last, conversation: last && conversation };
}

/**
 * How well the last turn's own words find a memory holding them (lexical confidence), from a
 * text-only search: 0 when none is found. Only a query of several lines asks, so a one-line
 * recall searches once.
 */
async function lastTurnConfidence(
  index: SearchIndex,
  terms: string[],
  filter: ChunkFilter | undefined,
  pool: number,
): Promise<number> {
  if (terms.length === 0) return 0;
  const { text, termCounts } = await index.search({ terms, filter, limit: pool });
  return text.length === 0 ? 0 : lexicalConfidence(text[0]?.score ?? 0, termCounts);
}

/**
 * The best `count` candidates of as many different documents (a conversation, a journal, a memory):
 * feedback from three turns of one conversation pulls up that conversation's other turns, and a
 * question whose answers lie in several conversations loses them. On LongMemEval's turns this
 * raised multi-session R_all@5 (docs/retrieval.md); where every document is one chunk it changes nothing.
 */
async function bestOfDistinctDocuments(
  index: SearchIndex,
  fused: FusedCandidate[],
  count: number,
): Promise<number[]> {
  const looked = await index.chunks(
    fused.slice(0, count * FEEDBACK_LOOKAHEAD).map((candidate) => candidate.id),
  );
  const documents = new Set<string>();
  const best: number[] = [];
  for (const chunk of looked) {
    if (documents.has(chunk.path)) continue;
    documents.add(chunk.path);
    best.push(chunk.id);
    if (best.length === count) break;
  }
  return best;
}

/** How far down the first ranking feedback looks for results of different documents, per result. */
const FEEDBACK_LOOKAHEAD = 5;
