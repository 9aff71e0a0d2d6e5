/**
 * Rankings the lab compares: each takes one question and returns its documents' indexes, best
 * first. "engine" replays recall's ranking of the time (pools of 50, weighted fusion, feedback).
 */
import type { LabQuestion } from "./lab-data.js";

type Ranking = (question: LabQuestion) => number[];
const POOL = 50;

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] as number) * (b[i] as number);
  return dot;
}

function normalized(vector: Float64Array | Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  return Float32Array.from(vector, (value) => value / norm);
}

function topBy(
  scores: ArrayLike<number>,
  count: number,
  keep: (index: number) => boolean = () => true,
): number[] {
  const indexes: number[] = [];
  for (let i = 0; i < scores.length; i++) if (keep(i)) indexes.push(i);
  indexes.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  return indexes.slice(0, count);
}

/** Recall's text candidates: rare terms first, filled up with all terms when too few. */
function textCandidates(question: LabQuestion): Map<number, number> {
  const rare = topBy(question.bm25Rare, POOL, (i) => (question.bm25Rare[i] as number) > 0);
  const result = new Map(rare.map((i) => [i, question.bm25Rare[i] as number]));
  if (rare.length < POOL) {
    for (const i of topBy(question.bm25, POOL, (i) => (question.bm25[i] as number) > 0)) {
      if (result.size >= POOL) break;
      if (!result.has(i)) result.set(i, question.bm25[i] as number);
    }
  }
  return result;
}

function cosines(question: LabQuestion, query: Float32Array): Float64Array {
  return Float64Array.from(question.vectors, (vector) => cosine(vector, query));
}

/** Max-normalised weighted fusion over the union of both candidate maps. */
function weighted(
  text: Map<number, number>,
  dense: Map<number, number>,
  textWeight: number,
): Map<number, number> {
  const textTop = Math.max(0, ...text.values());
  const denseTop = Math.max(0, ...dense.values());
  const fused = new Map<number, number>();
  for (const i of new Set([...text.keys(), ...dense.keys()])) {
    const t = textTop > 0 ? Math.max(0, text.get(i) ?? 0) / textTop : 0;
    const d = denseTop > 0 ? Math.max(0, dense.get(i) ?? 0) / denseTop : 0;
    fused.set(i, textWeight * t + (1 - textWeight) * d);
  }
  return fused;
}

function ranked(scores: Map<number, number>): number[] {
  return [...scores.keys()].sort((a, b) => (scores.get(b) as number) - (scores.get(a) as number) || a - b);
}

function feedbackVector(question: LabQuestion, best: number[], weight: number): Float32Array {
  const moved = Float64Array.from(question.query);
  for (const i of best) {
    const vector = question.vectors[i] as Float32Array;
    for (let d = 0; d < moved.length; d++)
      moved[d] = (moved[d] as number) + (weight / best.length) * (vector[d] as number);
  }
  return normalized(moved);
}

export interface EngineSettings {
  textWeight: number;
  feedbackWeight: number;
  feedbackTop: number;
}

/** Recall as it ranks today. */
export function engineRanking(settings: EngineSettings): Ranking {
  return (question) => {
    const text = textCandidates(question);
    const cos = cosines(question, question.query);
    const dense = new Map(topBy(cos, POOL).map((i) => [i, cos[i] as number]));
    let fused = weighted(text, dense, settings.textWeight);
    if (settings.feedbackWeight > 0 && fused.size >= settings.feedbackTop * 10) {
      const moved = feedbackVector(
        question,
        ranked(fused).slice(0, settings.feedbackTop),
        settings.feedbackWeight,
      );
      const rescored = new Map(
        [...fused.keys()].map((i) => [i, cosine(question.vectors[i] as Float32Array, moved)]),
      );
      fused = weighted(text, rescored, settings.textWeight);
    }
    return ranked(fused);
  };
}

export const LAB_RANKINGS: Record<string, Ranking> = {
  "bm25 alone": (question) => ranked(textCandidates(question)),
  "dense alone": (question) => topBy(cosines(question, question.query), question.documents.length),
  "engine w=0.3 no feedback": engineRanking({ textWeight: 0.3, feedbackWeight: 0, feedbackTop: 3 }),
  "engine w=0.3 feedback 1 top 3": engineRanking({ textWeight: 0.3, feedbackWeight: 1, feedbackTop: 3 }),
};

/** BM25's inverse document frequency of a term held by `holding` of `total` documents. */
function idf(holding: number, total: number): number {
  return Math.log(1 + (total - holding + 0.5) / (holding + 0.5));
}

/** FTS5's IDF: log((N - n + 0.5) / (n + 0.5)), at least 1e-6. */
function ftsIdf(holding: number, total: number): number {
  return Math.max(1e-6, Math.log((total - holding + 0.5) / (holding + 0.5)));
}

/** How much of the BM25 a document holding every query term once would score, the best candidate scores. */
export function lexicalConfidence(question: LabQuestion, top: number): number {
  let attainable = 0;
  for (const [, holding] of question.termDocuments) attainable += ftsIdf(holding, question.documents.length);
  return attainable > 0 ? Math.min(1, top / attainable) : 0;
}

/** Share of the query's IDF mass that a document's matched terms hold. */
function coverage(question: LabQuestion, index: number): number {
  const total = question.documents.length;
  let all = 0;
  for (const [, holding] of question.termDocuments) all += holding > 0 ? idf(holding, total) : idf(0, total);
  let matched = 0;
  for (const term of question.termsOf[index] ?? [])
    matched += idf(question.termDocuments.get(term) ?? 0, total);
  return all > 0 ? matched / all : 0;
}

export interface AdaptiveSettings extends EngineSettings {
  /** How the lexical part is scaled: by the best BM25 ("max"), times the best document's coverage ("max×coverage"), or coverage alone. */
  lexical: "max" | "max×coverage" | "coverage" | "bm25×coverage" | "max×confidence";
}

export function adaptiveRanking(settings: AdaptiveSettings): Ranking {
  return (question) => {
    const text = lexicalScores(question, textCandidates(question), settings.lexical);
    const cos = cosines(question, question.query);
    const dense = new Map(topBy(cos, POOL).map((i) => [i, cos[i] as number]));
    let fused = combine(text, dense, settings.textWeight);
    if (settings.feedbackWeight > 0 && fused.size >= settings.feedbackTop * 10) {
      const moved = feedbackVector(
        question,
        ranked(fused).slice(0, settings.feedbackTop),
        settings.feedbackWeight,
      );
      const rescored = new Map(
        [...fused.keys()].map((i) => [i, cosine(question.vectors[i] as Float32Array, moved)]),
      );
      fused = combine(text, rescored, settings.textWeight);
    }
    return ranked(fused);
  };
}

/** Lexical scores already in [0, 1]; dense max-normalised. */
function combine(
  text: Map<number, number>,
  dense: Map<number, number>,
  textWeight: number,
): Map<number, number> {
  const denseTop = Math.max(0, ...dense.values());
  const fused = new Map<number, number>();
  for (const i of new Set([...text.keys(), ...dense.keys()])) {
    const d = denseTop > 0 ? Math.max(0, dense.get(i) ?? 0) / denseTop : 0;
    fused.set(i, textWeight * (text.get(i) ?? 0) + (1 - textWeight) * d);
  }
  return fused;
}

function lexicalScores(
  question: LabQuestion,
  text: Map<number, number>,
  how: AdaptiveSettings["lexical"],
): Map<number, number> {
  const top = Math.max(0, ...text.values());
  const best = ranked(text)[0];
  const bestCoverage = best === undefined ? 0 : coverage(question, best);
  return new Map(
    [...text].map(([i, score]) => {
      const relative = top > 0 ? score / top : 0;
      if (how === "max") return [i, relative];
      if (how === "max×coverage") return [i, relative * bestCoverage];
      if (how === "coverage") return [i, coverage(question, i)];
      if (how === "max×confidence") return [i, relative * lexicalConfidence(question, top)];
      return [i, relative * coverage(question, i)];
    }),
  );
}

for (const lexical of ["max×coverage", "max×confidence"] as const)
  for (const textWeight of [0.3, 0.4, 0.5, 0.6])
    LAB_RANKINGS[`adaptive ${lexical} w=${textWeight} fb=1`] = adaptiveRanking({
      lexical,
      textWeight,
      feedbackWeight: 1,
      feedbackTop: 3,
    });

/** The engine's fused scores for every document (0 outside both candidate lists). */
function engineScores(question: LabQuestion, settings: EngineSettings): Float64Array {
  const text = textCandidates(question);
  const cos = cosines(question, question.query);
  const dense = new Map(topBy(cos, POOL).map((i) => [i, cos[i] as number]));
  let fused = weighted(text, dense, settings.textWeight);
  if (settings.feedbackWeight > 0 && fused.size >= settings.feedbackTop * 10) {
    const moved = feedbackVector(
      question,
      ranked(fused).slice(0, settings.feedbackTop),
      settings.feedbackWeight,
    );
    const rescored = new Map(
      [...fused.keys()].map((i) => [i, cosine(question.vectors[i] as Float32Array, moved)]),
    );
    fused = weighted(text, rescored, settings.textWeight);
  }
  const scores = new Float64Array(question.documents.length);
  for (const [i, score] of fused) scores[i] = score;
  return scores;
}

const DEFAULT_ENGINE = { textWeight: 0.3, feedbackWeight: 1, feedbackTop: 3 };

/** Adjacent turns of the same session. */
function neighboursOf(question: LabQuestion, index: number): number[] {
  const here = question.documents[index];
  return [index - 1, index + 1].filter((other) => question.documents[other]?.session === here?.session);
}

/** A turn also scores a share of its best neighbour's score. */
function neighbourSmoothing(share: number): Ranking {
  return (question) => {
    const base = engineScores(question, DEFAULT_ENGINE);
    const smoothed = Float64Array.from(
      base,
      (score, i) => score + share * Math.max(0, ...neighboursOf(question, i).map((n) => base[n] as number)),
    );
    return topBy(smoothed, question.documents.length);
  };
}

/** A turn also scores a share of the best other turn of its session. */
function sessionSupport(share: number): Ranking {
  return (question) => {
    const base = engineScores(question, DEFAULT_ENGINE);
    const best = new Map<string, number[]>();
    question.documents.forEach((document, i) => {
      best.set(
        document.session,
        [...(best.get(document.session) ?? []), base[i] as number].sort((a, b) => b - a).slice(0, 2),
      );
    });
    const supported = Float64Array.from(base, (score, i) => {
      const [first = 0, second = 0] = best.get(question.documents[i]?.session as string) ?? [];
      return score + share * (score === first ? second : first);
    });
    return topBy(supported, question.documents.length);
  };
}

/** Greedy: each pick loses `penalty` × its score for every earlier pick from its session. */
function sessionDiversity(penalty: number): Ranking {
  return (question) => {
    const base = engineScores(question, DEFAULT_ENGINE);
    const order = topBy(base, question.documents.length);
    const picked: number[] = [];
    const perSession = new Map<string, number>();
    const pool = order.slice(0, 30);
    while (pool.length > 0) {
      let bestAt = 0;
      let bestScore = Number.NEGATIVE_INFINITY;
      pool.forEach((i, at) => {
        const seen = perSession.get(question.documents[i]?.session as string) ?? 0;
        const score = (base[i] as number) * (1 - penalty) ** seen;
        if (score > bestScore) {
          bestScore = score;
          bestAt = at;
        }
      });
      const [chosen] = pool.splice(bestAt, 1) as [number];
      picked.push(chosen);
      const session = question.documents[chosen]?.session as string;
      perSession.set(session, (perSession.get(session) ?? 0) + 1);
    }
    return [...picked, ...order.slice(30)];
  };
}

for (const share of [0.1, 0.2, 0.3, 0.5]) LAB_RANKINGS[`neighbours ${share}`] = neighbourSmoothing(share);
for (const share of [0.1, 0.2, 0.3, 0.5]) LAB_RANKINGS[`session support ${share}`] = sessionSupport(share);
for (const penalty of [0.1, 0.2, 0.3, 0.5])
  LAB_RANKINGS[`session diversity ${penalty}`] = sessionDiversity(penalty);

/** Feedback from the best result of each of the best `top` sessions, not the best `top` results. */
function diverseFeedback(settings: AdaptiveSettings): Ranking {
  return (question) => {
    const text = lexicalScores(question, textCandidates(question), settings.lexical);
    const cos = cosines(question, question.query);
    const dense = new Map(topBy(cos, POOL).map((i) => [i, cos[i] as number]));
    let fused = combine(text, dense, settings.textWeight);
    if (fused.size >= settings.feedbackTop * 10) {
      const seen = new Set<string>();
      const best = ranked(fused).filter((i) => {
        const session = question.documents[i]?.session as string;
        if (seen.has(session)) return false;
        seen.add(session);
        return true;
      });
      const moved = feedbackVector(question, best.slice(0, settings.feedbackTop), settings.feedbackWeight);
      const rescored = new Map(
        [...fused.keys()].map((i) => [i, cosine(question.vectors[i] as Float32Array, moved)]),
      );
      fused = combine(text, rescored, settings.textWeight);
    }
    return ranked(fused);
  };
}

for (const textWeight of [0.3, 0.4])
  for (const feedbackTop of [2, 3])
    LAB_RANKINGS[`diverse feedback confidence w=${textWeight} top ${feedbackTop}`] = diverseFeedback({
      lexical: "max×confidence",
      textWeight,
      feedbackWeight: 1,
      feedbackTop,
    });
LAB_RANKINGS["diverse feedback plain w=0.3 top 3"] = diverseFeedback({
  lexical: "max",
  textWeight: 0.3,
  feedbackWeight: 1,
  feedbackTop: 3,
});
LAB_RANKINGS["diverse feedback confidence w=0.5 top 3"] = diverseFeedback({
  lexical: "max×confidence",
  textWeight: 0.5,
  feedbackWeight: 1,
  feedbackTop: 3,
});
LAB_RANKINGS["engine w=0.5 feedback 1 top 3"] = engineRanking({
  textWeight: 0.5,
  feedbackWeight: 1,
  feedbackTop: 3,
});
LAB_RANKINGS["diverse feedback plain w=0.5 top 3"] = diverseFeedback({
  lexical: "max",
  textWeight: 0.5,
  feedbackWeight: 1,
  feedbackTop: 3,
});
