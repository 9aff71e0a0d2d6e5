/**
 * Issue 16's second round in the ranking lab: settings tried on top of recall's current default
 * (lexical confidence, weight 0.5, vector feedback from the best result of each of the 3 best
 * sessions). Each variant changes one thing:
 *
 * - time window: the question's time expression ("two weeks ago", "last Tuesday", "in March",
 *   src/engine/search/time-window.ts) read against its date; candidates whose session lies in
 *   that window get a bonus, and (with "+ candidates") the window's own best BM25 and vector
 *   results join the pool, as a filtered second search would bring them.
 * - lexical feedback (RM3-like): the words that stand out in the first ranking's best results
 *   (one per session) are searched too, their BM25 added at a share of the question's.
 * - context vectors: each turn's vector mixed with its neighbours' (the turn indexed with its
 *   context window, without embedding anything again).
 * - session diversity on the current default (MMR-like coverage of sessions in the top k).
 */

import { answerEvidence, answerTypeOf as typedAnswerOf } from "../../src/engine/search/answer-type.js";
import { coverAspects } from "../../src/engine/search/aspect-coverage.js";
import { queryAspects } from "../../src/engine/search/query-aspects.js";
import { inWindow, timeWindowOf } from "../../src/engine/search/time-window.js";
import { porterStem } from "../../src/rules/porter-stemmer.js";
import { tokenize } from "../../src/rules/query-terms.js";
import { STOP_WORDS } from "../../src/rules/stop-words.js";
import { loadAspectVectors } from "./lab-aspect-vectors.js";
import { bm25Scores, type LabQuestion } from "./lab-data.js";
import { proximityScores } from "./lab-proximity.js";
import { loadVariantVectors, type QueryVariant } from "./lab-query-variants.js";
import { cosine, lexicalConfidence } from "./lab-rankings.js";
import { relatedWords } from "./lab-wordnet.js";

type Ranking = (question: LabQuestion) => number[];
const POOL = 50;

interface Variant {
  timeBonus?: number;
  windowCandidates?: boolean;
  lexicalFeedback?: { share: number; terms: number };
  contextShare?: number;
  diversity?: number;
  wordNet?: { share: number; hyponyms: boolean };
  /** How a turn's sentence vectors count: its best sentence's cosine instead of the turn's when higher, or the mean of the two. */
  sentences?: "max" | "mean" | "best-sentence";
  /** After feedback, the moved query's own best this many join the candidates (a second vector search). */
  secondSearch?: number;
  /** Feedback off. */
  noFeedback?: boolean;
  /** Feedback moves the query towards each feedback turn's sentence nearest the query, not the whole turn. */
  feedbackFromSentence?: boolean;
  /** Maximal marginal relevance over the best 30: relevance × (1 − mmr) against similarity to earlier picks × mmr. */
  mmr?: number;
  /** Diversity (session or MMR) only for questions that gather several facts ("how many", "total"). */
  gatheringOnly?: boolean;
  /** With `gatheringOnly`: the questions that gather, when not GATHERING. */
  gathering?: RegExp;
  /** Adjacent question word pairs found within `window` words add `share` × their BM25 (sequential dependence). */
  proximity?: { share: number; window: number };
  /** The query vector: another text's instead of the question's, or the mean of both. */
  queryVector?: { variant: QueryVariant; mix: "replace" | "mean" };
  /** xQuAD over the query's aspects (query-aspects.ts): `share` of each pick's score is how much it adds to aspects not yet covered. */
  aspects?: { share: number; pool: number; extra: number; dense?: boolean };
  /** Answer types: a question asking for a quantity (or an amount of money) lifts candidates holding one by `share`. */
  answerType?: {
    share: number;
    money: boolean;
    time?: boolean;
    rarity?: boolean;
    sentence?: boolean;
    typed?: boolean;
    /** For a counting question, a candidate that names something answers too (the same boost). */
    named?: boolean;
    /** For a counting question (`namedQuestion`, else COUNTING_QUESTION), a candidate that names something adds `namedShare` to its factor. */
    namedShare?: number;
    namedQuestion?: RegExp;
    /** Recall's own: × (1 + share × answerEvidence), the typed answer and, for counting questions, names. */
    evidence?: boolean;
  };
  /** A question about what I did ("did I", "have I") lifts candidates narrating a past event of mine by `pastEvent`. */
  pastEvent?: number;
  /** With `pastEvent`: the questions it applies to, when not PAST_QUESTION. */
  pastQuestion?: RegExp;
  /** With `pastEvent`: what a narrated event looks like, when not PAST_EVENT. */
  pastText?: RegExp;
  /** A counting question ("how many X") lifts candidates that name something (a capitalised word inside a sentence) by `share`; with `calendar`, day and month names count as names. */
  namedInstance?: { share: number; calendar: boolean; question?: RegExp };
  /** Near-duplicate collapse: a candidate whose vector is within `threshold` cosine of a better one (of the same session when `sameSession`) goes after the best 30. */
  collapse?: { threshold: number; sameSession: boolean; gatheringOnly?: boolean };
}

const NUMBER_TEXT =
  /\b\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|dozen|couple)\b/i;
const MONEY_TEXT = /[$€£¥]\s?\d|\b\d[\d,.]*\s?(dollars|bucks|euros|pounds|cents)\b/i;
const QUANTITY_QUESTION =
  /\b(how many|how much|how long|how old|total|number of|percentage|average|page count|what time|distance|weight)\b/i;
const MONEY_QUESTION =
  /\b(spend|spent|cost|price|pay|paid|save|saved|earn|earned|raise|raised|money|discount|cashback|fare|expensive|amount)\b/i;
const TIME_QUESTION = /\b(when|what date|which day|what day|how long ago)\b/i;
const TIME_TEXT =
  /\b(january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|last (week|month|year|weekend)|ago)\b|\b\d{1,2}(st|nd|rd|th)\b|\b\d{1,2}\/\d{1,2}\b/i;

function answerTypeOf(question: string, variant: NonNullable<Variant["answerType"]>): RegExp | undefined {
  if (variant.time && TIME_QUESTION.test(question)) return TIME_TEXT;
  if (!QUANTITY_QUESTION.test(question)) return undefined;
  return variant.money && MONEY_QUESTION.test(question) ? MONEY_TEXT : NUMBER_TEXT;
}

let variantVectors: ReturnType<typeof loadVariantVectors> | undefined;

function queryVectorOf(question: LabQuestion, variant: Variant): Float32Array {
  if (!variant.queryVector) return question.query;
  variantVectors ??= loadVariantVectors();
  const other = variantVectors.get(question.id)?.[variant.queryVector.variant];
  if (!other)
    throw new Error(`no ${variant.queryVector.variant} vector for ${question.id}: run lab-query-variants.ts`);
  if (variant.queryVector.mix === "replace") return other;
  return normalized(Float64Array.from(question.query, (value, d) => value + (other[d] as number)));
}

const PAST_QUESTION = /\b(?:did i|have i|had i|was i|were)\b/i;
const PAST_EVENT =
  /\b(?:i|we|i've|we've)\s+(?:just\s+|recently\s+|finally\s+|also\s+|already\s+)?(?:\w+ed|went|had|got|bought|saw|made|took|did|was|were|met|ran|gave|won|lost|found|left|began|brought|sold|spent|paid|read|wrote|ate|drank|flew|drove|rode|swam|sang|heard|kept|felt|built|caught|taught|thought|told|sent)\b/i;
/** PAST_EVENT without the verbs of state ("was", "had", "felt", "thought"). */
const EVENT_TEXT =
  /\b(?:i|we|i've|we've)\s+(?:just\s+|recently\s+|finally\s+|also\s+|already\s+)?(?:\w+ed|went|got|bought|saw|made|took|did|met|ran|gave|won|found|left|began|brought|sold|spent|paid|read|wrote|ate|drank|flew|drove|rode|swam|sang|heard|built|caught|taught|told|sent)\b/i;

const COUNTING_QUESTION = /\bhow many\b(?!.*\b(?:ago|passed|before|after|since|between)\b)/i;
const CALENDAR =
  /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?$/;
const FIRST_PERSON = /^I(?:'m|'ve|'ll|'d)?$/;

/** Whether a sentence of `text` has a capitalised word after its first: a name ("Zara", "The New Yorker", "BodyPump"). */
function namesSomething(text: string, calendar: boolean): boolean {
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const words = sentence.split(/\s+/).slice(1);
    for (const raw of words) {
      const word = raw.replace(/^["'“‘(]+|["'”’),.!?:;]+$/g, "");
      if (!/^[A-Z][A-Za-z'’-]*$/.test(word) || FIRST_PERSON.test(word)) continue;
      if (!calendar && CALENDAR.test(word)) continue;
      return true;
    }
  }
  return false;
}

/** The typed answer's test, or for a counting question with `named` a name too. */
function typedTest(
  question: string,
  typed: ReturnType<typeof typedAnswerOf>,
  named: boolean,
): { test(text: string): boolean } | undefined {
  if (named && COUNTING_QUESTION.test(question))
    return { test: (text) => (typed?.answers(text) ?? false) || namesSomething(text, false) };
  return typed && { test: (text: string) => typed.answers(text) };
}

const GATHERING = /\b(how many|how much|total|in all|altogether|combined|different|each|all the|list)\b/i;

/** Standard MMR (Carbonell & Goldstein) over the best 30, cosine between turn vectors. */
function mmrRanked(
  question: LabQuestion,
  order: number[],
  scores: Map<number, number>,
  share: number,
): number[] {
  const pool = order.slice(0, 30);
  const top = scores.get(order[0] as number) ?? 1;
  const picked: number[] = [];
  while (pool.length > 0) {
    let bestAt = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    pool.forEach((i, at) => {
      let similar = 0;
      for (const p of picked)
        similar = Math.max(
          similar,
          cosine(question.vectors[i] as Float32Array, question.vectors[p] as Float32Array),
        );
      const score = (1 - share) * ((scores.get(i) as number) / top) - share * similar;
      if (score > bestScore) [bestScore, bestAt] = [score, at];
    });
    const [chosen] = pool.splice(bestAt, 1) as [number];
    picked.push(chosen);
  }
  return [...picked, ...order.slice(30)];
}

/** The vector of document `i` nearest `query`: its best sentence, or the whole turn. */
function nearestPiece(question: LabQuestion, i: number, query: Float32Array): Float32Array {
  let best = question.vectors[i] as Float32Array;
  let bestScore = cosine(best, query);
  for (const sentence of question.sentenceVectors[i] ?? []) {
    const score = cosine(sentence, query);
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best;
}

/** The cosine of document `i` with `query`, its sentences counted as `mode` says. */
function denseOf(
  question: LabQuestion,
  vectors: Float32Array[],
  query: Float32Array,
  i: number,
  mode: Variant["sentences"],
): number {
  const whole = cosine(vectors[i] as Float32Array, query);
  const sentences = question.sentenceVectors[i] ?? [];
  if (!mode || sentences.length === 0) return whole;
  let best = Number.NEGATIVE_INFINITY;
  for (const sentence of sentences) best = Math.max(best, cosine(sentence, query));
  if (mode === "max") return Math.max(whole, best);
  if (mode === "best-sentence") return best;
  return (whole + best) / 2;
}

/** Indexes of `scores`, best first (ties by index), those `keep` accepts. */
function topBy(
  scores: ArrayLike<number>,
  count: number,
  keep: (i: number) => boolean = () => true,
): number[] {
  const indexes: number[] = [];
  for (let i = 0; i < scores.length; i++) if (keep(i)) indexes.push(i);
  indexes.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  return indexes.slice(0, count);
}

function ranked(scores: Map<number, number>): number[] {
  return [...scores.keys()].sort((a, b) => (scores.get(b) as number) - (scores.get(a) as number) || a - b);
}

/** Recall's BM25 candidates: rare terms first, filled up with all terms. */
function textCandidates(
  question: LabQuestion,
  keep: (i: number) => boolean = () => true,
): Map<number, number> {
  const rare = topBy(question.bm25Rare, POOL, (i) => keep(i) && (question.bm25Rare[i] as number) > 0);
  const result = new Map(rare.map((i) => [i, question.bm25Rare[i] as number]));
  for (const i of topBy(question.bm25, POOL, (i) => keep(i) && (question.bm25[i] as number) > 0)) {
    if (result.size >= POOL) break;
    if (!result.has(i)) result.set(i, question.bm25[i] as number);
  }
  return result;
}

function fuse(
  text: Map<number, number>,
  dense: Map<number, number>,
  confidence: number,
): Map<number, number> {
  const textTop = Math.max(0, ...text.values());
  const denseTop = Math.max(0, ...dense.values());
  const fused = new Map<number, number>();
  for (const i of new Set([...text.keys(), ...dense.keys()])) {
    const t = textTop > 0 ? Math.max(0, text.get(i) ?? 0) / textTop : 0;
    const d = denseTop > 0 ? Math.max(0, dense.get(i) ?? 0) / denseTop : 0;
    fused.set(i, 0.5 * confidence * t + 0.5 * d);
  }
  return fused;
}

function normalized(vector: Float64Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  return Float32Array.from(vector, (value) => value / norm);
}

/** Each turn's vector plus `share` × the mean of its session neighbours' (the context window). */
function contextVectors(question: LabQuestion, share: number): Float32Array[] {
  return question.vectors.map((vector, i) => {
    const session = question.documents[i]?.session;
    const neighbours = [i - 1, i + 1].filter((n) => question.documents[n]?.session === session);
    const mixed = Float64Array.from(vector);
    for (const n of neighbours) {
      const other = question.vectors[n] as Float32Array;
      for (let d = 0; d < mixed.length; d++)
        mixed[d] = (mixed[d] as number) + (share / neighbours.length) * (other[d] as number);
    }
    return normalized(mixed);
  });
}

/** The best result of each of the best `count` sessions. */
function bestOfDistinctSessions(question: LabQuestion, order: number[], count: number): number[] {
  const seen = new Set<string>();
  return order
    .filter((i) => {
      const session = question.documents[i]?.session as string;
      if (seen.has(session)) return false;
      seen.add(session);
      return true;
    })
    .slice(0, count);
}

/** RM3-like: the words most typical of the feedback documents against the whole haystack. */
function expansionTerms(question: LabQuestion, best: number[], count: number, asked: Set<string>): string[] {
  const documentsHolding = new Map<string, number>();
  const tokensOf = question.documents.map((document) => new Set(tokenize(document.text)));
  for (const tokens of tokensOf)
    for (const token of tokens) documentsHolding.set(token, (documentsHolding.get(token) ?? 0) + 1);
  const weight = new Map<string, number>();
  for (const i of best) {
    const tokens = tokenize(question.documents[i]?.text ?? "").filter(
      (token) => token.length > 2 && !STOP_WORDS.has(token) && !/^\d+$/.test(token) && !asked.has(token),
    );
    for (const token of tokens) {
      const idf = Math.log(question.documents.length / (documentsHolding.get(token) ?? 1));
      weight.set(token, (weight.get(token) ?? 0) + idf / tokens.length);
    }
  }
  return topBy([...weight.values()], count).map((i) => [...weight.keys()][i] as string);
}

/** The question's BM25 plus `share` × the expansion terms' BM25; their best 10 documents join. */
function withExpansion(
  question: LabQuestion,
  text: Map<number, number>,
  terms: string[],
  share: number,
): Map<number, number> {
  if (terms.length === 0) return text;
  const expansion = bm25Scores(question.documents, terms).bm25;
  const result = new Map([...text].map(([i, score]) => [i, score + share * (expansion[i] as number)]));
  for (const i of topBy(expansion, 10, (i) => (expansion[i] as number) > 0))
    if (!result.has(i)) result.set(i, share * (expansion[i] as number));
  return result;
}

const wordNetCache = new Map<string, string[]>();

/** WordNet's words for the question's words (see lab-wordnet.ts), the question's own left out. */
function wordNetTerms(question: LabQuestion, hyponyms = false): string[] {
  const key = `${hyponyms}:${question.question}`;
  const cached = wordNetCache.get(key);
  if (cached) return cached;
  const asked = tokenize(question.question).filter((token) => !STOP_WORDS.has(token) && token.length > 2);
  const terms = new Set(asked.flatMap((word) => relatedWords(word, { hyponyms })));
  for (const word of asked) terms.delete(word);
  const result = [...terms].filter((term) => /^[a-z]+$/.test(term)).slice(0, 32);
  wordNetCache.set(key, result);
  return result;
}

export function issue16Ranking(variant: Variant): Ranking {
  const rank = issue16RankingBeforeCollapse(variant);
  const collapse = variant.collapse;
  if (!collapse) return rank;
  return (question) => {
    const order = rank(question);
    if (collapse.gatheringOnly && !GATHERING.test(question.question)) return order;
    return collapsed(question, order, collapse);
  };
}

/** Near duplicates of a better candidate among the best 30 move after them, in their order. */
function collapsed(
  question: LabQuestion,
  order: number[],
  { threshold, sameSession }: NonNullable<Variant["collapse"]>,
): number[] {
  const kept: number[] = [];
  const duplicates: number[] = [];
  for (const i of order.slice(0, 30)) {
    const session = question.documents[i]?.session;
    const duplicate = kept.some(
      (k) =>
        (!sameSession || question.documents[k]?.session === session) &&
        cosine(question.vectors[i] as Float32Array, question.vectors[k] as Float32Array) >= threshold,
    );
    (duplicate ? duplicates : kept).push(i);
  }
  return [...kept, ...duplicates, ...order.slice(30)];
}

function issue16RankingBeforeCollapse(variant: Variant): Ranking {
  const scoresOf = issue16Scores(variant);
  return (question) => {
    const fused = scoresOf(question);
    const order = ranked(fused);
    if (variant.gatheringOnly && !(variant.gathering ?? GATHERING).test(question.question))
      return variant.aspects ? aspectCovered(question, order, fused, variant.aspects) : order;
    if (variant.aspects) {
      const covered = aspectCovered(question, order, fused, variant.aspects);
      if (covered !== order || (!variant.mmr && !variant.diversity)) return covered;
    }
    if (variant.mmr) return mmrRanked(question, order, fused, variant.mmr);
    return variant.diversity ? diversified(question, order, fused, variant.diversity) : order;
  };
}

/** The fused score of every candidate under `variant` (the ranking before any diversity). */
export function issue16Scores(variant: Variant): (question: LabQuestion) => Map<number, number> {
  return (question) => {
    const vectors = variant.contextShare ? contextVectors(question, variant.contextShare) : question.vectors;
    const window =
      variant.timeBonus && question.asked ? timeWindowOf(question.question, question.asked) : undefined;
    const within = (i: number) => (window ? inWindow(question.documents[i]?.date, window) : false);
    let text = textCandidates(question);
    if (variant.proximity) text = withProximity(question, text, variant.proximity);
    const asked = queryVectorOf(question, variant);
    const cos = Float64Array.from(vectors, (_, i) => denseOf(question, vectors, asked, i, variant.sentences));
    const dense = new Map(topBy(cos, POOL).map((i) => [i, cos[i] as number]));
    if (window && variant.windowCandidates) {
      for (const [i, score] of textCandidates(question, within)) if (!text.has(i)) text.set(i, score);
      for (const i of topBy(cos, POOL, within)) dense.set(i, cos[i] as number);
    }
    const confidence = lexicalConfidence(question, Math.max(0, ...text.values()));
    if (variant.wordNet)
      text = withExpansion(
        question,
        text,
        wordNetTerms(question, variant.wordNet.hyponyms),
        variant.wordNet.share,
      );
    let fused = fuse(text, dense, confidence);
    if (fused.size >= 30 && !variant.noFeedback) {
      const best = bestOfDistinctSessions(question, ranked(fused), 3);
      if (variant.lexicalFeedback) {
        const asked = new Set(tokenize(question.question));
        const terms = expansionTerms(question, best, variant.lexicalFeedback.terms, asked);
        text = withExpansion(question, text, terms, variant.lexicalFeedback.share);
      }
      const moved = Float64Array.from(asked);
      for (const i of best) {
        const vector = variant.feedbackFromSentence
          ? nearestPiece(question, i, question.query)
          : (vectors[i] as Float32Array);
        for (let d = 0; d < moved.length; d++)
          moved[d] = (moved[d] as number) + (vector[d] as number) / best.length;
      }
      const query = normalized(moved);
      const pool = new Set([...fused.keys(), ...text.keys()]);
      if (variant.secondSearch) {
        const movedCos = Float64Array.from(vectors, (vector) => cosine(vector, query));
        for (const i of topBy(movedCos, variant.secondSearch)) pool.add(i);
      }
      fused = fuse(
        text,
        new Map([...pool].map((i) => [i, denseOf(question, vectors, query, i, variant.sentences)])),
        confidence,
      );
    }
    if (window)
      for (const [i, score] of fused) if (within(i)) fused.set(i, score * (1 + (variant.timeBonus ?? 0)));
    const typed = variant.answerType?.typed ? typedAnswerOf(question.question) : undefined;
    const answerType: { test(text: string): boolean } | undefined =
      variant.answerType &&
      (variant.answerType.typed
        ? typedTest(question.question, typed, variant.answerType.named ?? false)
        : answerTypeOf(question.question, variant.answerType));
    // "Names add": a counting question's candidate that names something adds `namedShare` to its factor.
    const namedShare =
      variant.answerType?.namedShare &&
      (variant.answerType.namedQuestion ?? COUNTING_QUESTION).test(question.question)
        ? variant.answerType.namedShare
        : 0;
    const namedBonus = (i: number) =>
      namedShare > 0 && namesSomething(question.documents[i]?.text ?? "", false) ? namedShare : 0;
    if (answerType && variant.answerType) {
      const stems = new Set(
        tokenize(question.question)
          .filter((token) => !STOP_WORDS.has(token) && !/^(how|many|much|total|number)$/.test(token))
          .map(porterStem),
      );
      const holds = variant.answerType.sentence
        ? (i: number) =>
            (question.documents[i]?.text ?? "")
              .split(/(?<=[.!?])\s+/)
              .some(
                (sentence) =>
                  answerType.test(sentence) &&
                  tokenize(sentence).some((token) => stems.has(porterStem(token))),
              )
        : (i: number) => answerType.test(question.documents[i]?.text ?? "");
      const best = ranked(fused).slice(0, 30);
      const rarity = variant.answerType.rarity ? 1 - best.filter(holds).length / best.length : 1;
      if (variant.answerType.evidence) {
        if (typed)
          for (const [i, score] of fused)
            fused.set(
              i,
              score *
                (1 + variant.answerType.share * answerEvidence(typed, question.documents[i]?.text ?? "")),
            );
      } else
        for (const [i, score] of fused)
          fused.set(i, score * (1 + (holds(i) ? variant.answerType.share * rarity : 0) + namedBonus(i)));
    } else for (const [i, score] of fused) fused.set(i, score * (1 + namedBonus(i)));
    const named = variant.namedInstance;
    if (named && (named.question ?? COUNTING_QUESTION).test(question.question))
      for (const [i, score] of fused)
        if (namesSomething(question.documents[i]?.text ?? "", named.calendar))
          fused.set(i, score * (1 + named.share));
    if (variant.pastEvent && (variant.pastQuestion ?? PAST_QUESTION).test(question.question))
      for (const [i, score] of fused)
        if ((variant.pastText ?? PAST_EVENT).test(question.documents[i]?.text ?? ""))
          fused.set(i, score * (1 + variant.pastEvent));
    return fused;
  };
}

/** Each candidate's BM25 plus `share` × its word pairs' BM25; the pairs' best 10 join the candidates. */
function withProximity(
  question: LabQuestion,
  text: Map<number, number>,
  { share, window }: { share: number; window: number },
): Map<number, number> {
  const near = proximityScores(question, window);
  const result = new Map([...text].map(([i, score]) => [i, score + share * (near[i] as number)]));
  for (const i of topBy(near, 10, (i) => (near[i] as number) > 0))
    if (!result.has(i)) result.set(i, share * (near[i] as number));
  return result;
}

/** Each aspect's BM25 over the documents, as a share of its best (1 for the aspect's best document). */
let aspectVectors: Map<string, Float32Array> | undefined;

function aspectRelevance(question: LabQuestion, dense = false): Float64Array[] {
  return queryAspects(question.question).map((terms) => {
    const scores = bm25Scores(question.documents, terms).bm25;
    const top = Math.max(0, ...scores);
    const lexical = Float64Array.from(scores, (score) => (top > 0 ? score / top : 0));
    if (!dense) return lexical;
    aspectVectors ??= loadAspectVectors();
    const vector = aspectVectors.get(terms.join(" "));
    if (!vector) throw new Error("run lab-aspect-vectors.ts");
    const cos = Float64Array.from(question.vectors, (v) => Math.max(0, cosine(v, vector)));
    const cosTop = Math.max(0, ...cos);
    return Float64Array.from(
      lexical,
      (value, i) => 0.5 * value + 0.5 * (cosTop > 0 ? (cos[i] as number) / cosTop : 0),
    );
  });
}

/** xQuAD (Santos et al. 2010) with the query's own aspects, greedy over the best `pool`, each aspect's best `extra` added. */
function aspectCovered(
  question: LabQuestion,
  order: number[],
  scores: Map<number, number>,
  { share, pool: poolSize, extra, dense }: { share: number; pool: number; extra: number; dense?: boolean },
): number[] {
  const aspects = aspectRelevance(question, dense);
  if (aspects.length < 2) return order;
  const pool = order.slice(0, poolSize);
  for (const relevance of aspects)
    for (const i of topBy(relevance, extra, (i) => (relevance[i] as number) > 0))
      if (!pool.includes(i)) pool.push(i);
  // The engine's own reordering (aspect-coverage.ts), over the pool and each aspect's best `extra`.
  const hits = pool.map((i) => ({ id: i, score: scores.get(i) ?? 0 }));
  const relevanceOf = aspects.map((relevance) => new Map(pool.map((i) => [i, relevance[i] as number])));
  const picked = coverAspects(hits, relevanceOf, { weight: share, depth: hits.length }).map((hit) => hit.id);
  const rest = order.filter((i) => !picked.includes(i));
  return [...picked, ...rest];
}

/** Greedy over the best 30: each pick's score loses `penalty` for every earlier pick from its session. */
function diversified(
  question: LabQuestion,
  order: number[],
  scores: Map<number, number>,
  penalty: number,
): number[] {
  const pool = order.slice(0, 30);
  const picked: number[] = [];
  const perSession = new Map<string, number>();
  while (pool.length > 0) {
    let bestAt = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    pool.forEach((i, at) => {
      const seen = perSession.get(question.documents[i]?.session as string) ?? 0;
      const score = (scores.get(i) as number) * (1 - penalty) ** seen;
      if (score > bestScore) [bestScore, bestAt] = [score, at];
    });
    const [chosen] = pool.splice(bestAt, 1) as [number];
    picked.push(chosen);
    const session = question.documents[chosen]?.session as string;
    perSession.set(session, (perSession.get(session) ?? 0) + 1);
  }
  return [...picked, ...order.slice(30)];
}

export const ISSUE16_RANKINGS: Record<string, Ranking> = {
  "i16 dense sentences max": (question) =>
    topBy(
      Float64Array.from(question.vectors, (_, i) =>
        denseOf(question, question.vectors, question.query, i, "max"),
      ),
      question.documents.length,
    ),
  "i16 default": issue16Ranking({}),
  "i16 now": issue16Ranking({ timeBonus: 0.25, windowCandidates: true }),
  "i16 now, query content words": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    queryVector: { variant: "content", mix: "replace" },
  }),
  "i16 now, query content words + question": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    queryVector: { variant: "content", mix: "mean" },
  }),
  "i16 now, query unframed": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    queryVector: { variant: "unframed", mix: "replace" },
  }),
  "i16 now, query unframed + question": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    queryVector: { variant: "unframed", mix: "mean" },
  }),
  "i16 now + aspects 0.2": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    aspects: { share: 0.2, pool: 30, extra: 5 },
  }),
  "i16 now + aspects 0.3": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    aspects: { share: 0.3, pool: 30, extra: 5 },
  }),
  "i16 now + aspects 0.5": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    aspects: { share: 0.5, pool: 30, extra: 5 },
  }),
  "i16 now + aspects dense 0.3": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    aspects: { share: 0.3, pool: 30, extra: 5, dense: true },
  }),
  "i16 now + aspects dense 0.5": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    aspects: { share: 0.5, pool: 30, extra: 5, dense: true },
  }),
  "i16 now + aspects 0.3, no extra": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    aspects: { share: 0.3, pool: 30, extra: 0 },
  }),
  "i16 now + proximity 0.1 w8": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    proximity: { share: 0.1, window: 8 },
  }),
  "i16 now + proximity 0.2 w8": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    proximity: { share: 0.2, window: 8 },
  }),
  "i16 now + proximity 0.5 w8": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    proximity: { share: 0.5, window: 8 },
  }),
  "i16 now + proximity 0.2 w3": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    proximity: { share: 0.2, window: 3 },
  }),
  "i16 now + proximity 0.2 w16": issue16Ranking({
    timeBonus: 0.25,
    windowCandidates: true,
    proximity: { share: 0.2, window: 16 },
  }),
  ...answerTypeRankings(),
  "i16 sentences max": issue16Ranking({ sentences: "max" }),
  "i16 sentences mean": issue16Ranking({ sentences: "mean" }),
  "i16 sentences best": issue16Ranking({ sentences: "best-sentence" }),
  "i16 second search 50": issue16Ranking({ secondSearch: 50 }),
  "i16 second search 20": issue16Ranking({ secondSearch: 20 }),
  "i16 second search 50 + window": issue16Ranking({
    secondSearch: 50,
    timeBonus: 0.25,
    windowCandidates: true,
  }),
  "i16 mmr 0.1": issue16Ranking({ mmr: 0.1 }),
  "i16 mmr 0.2": issue16Ranking({ mmr: 0.2 }),
  "i16 mmr 0.3": issue16Ranking({ mmr: 0.3 }),
  "i16 mmr 0.2 gathering": issue16Ranking({ mmr: 0.2, gatheringOnly: true }),
  "i16 mmr 0.3 gathering": issue16Ranking({ mmr: 0.3, gatheringOnly: true }),
  "i16 session diversity 0.1 gathering": issue16Ranking({ diversity: 0.1, gatheringOnly: true }),
  "i16 session diversity 0.2 gathering": issue16Ranking({ diversity: 0.2, gatheringOnly: true }),
  "i16 sentences max, no feedback": issue16Ranking({ sentences: "max", noFeedback: true }),
  "i16 no feedback": issue16Ranking({ noFeedback: true }),
  "i16 sentences max, feedback from sentence": issue16Ranking({
    sentences: "max",
    feedbackFromSentence: true,
  }),
  "i16 sentences mean, feedback from sentence": issue16Ranking({
    sentences: "mean",
    feedbackFromSentence: true,
  }),
  "i16 time window ×1.1": issue16Ranking({ timeBonus: 0.1 }),
  "i16 time window ×1.25": issue16Ranking({ timeBonus: 0.25 }),
  "i16 time window ×1.5": issue16Ranking({ timeBonus: 0.5 }),
  "i16 time window ×1.25 + candidates": issue16Ranking({ timeBonus: 0.25, windowCandidates: true }),
  "i16 time window ×1.5 + candidates": issue16Ranking({ timeBonus: 0.5, windowCandidates: true }),
  "i16 lexical feedback 0.3, 10 terms": issue16Ranking({ lexicalFeedback: { share: 0.3, terms: 10 } }),
  "i16 lexical feedback 0.5, 10 terms": issue16Ranking({ lexicalFeedback: { share: 0.5, terms: 10 } }),
  "i16 lexical feedback 0.3, 5 terms": issue16Ranking({ lexicalFeedback: { share: 0.3, terms: 5 } }),
  "i16 context vectors 0.25": issue16Ranking({ contextShare: 0.25 }),
  "i16 context vectors 0.5": issue16Ranking({ contextShare: 0.5 }),
  "i16 session diversity 0.1": issue16Ranking({ diversity: 0.1 }),
  "i16 session diversity 0.2": issue16Ranking({ diversity: 0.2 }),
  "i16 WordNet synonyms 0.3": issue16Ranking({ wordNet: { share: 0.3, hyponyms: false } }),
  "i16 WordNet synonyms 0.1": issue16Ranking({ wordNet: { share: 0.1, hyponyms: false } }),
  "i16 WordNet synonyms + hyponyms 0.3": issue16Ranking({ wordNet: { share: 0.3, hyponyms: true } }),
  "i16 WordNet synonyms + hyponyms 0.1": issue16Ranking({ wordNet: { share: 0.1, hyponyms: true } }),
};

/** The seventh round's variants (docs/retrieval.md): answer types on top of time windows and aspect coverage. */
function answerTypeRankings(): Record<string, Ranking> {
  const now = { timeBonus: 0.25, windowCandidates: true };
  const covered = { ...now, aspects: { share: 0.5, pool: 30, extra: 5 } };
  const typed = (share: number) => ({ share, money: false, typed: true });
  const rankings: Record<string, Ranking> = {
    "i16 now + numbers 0.2": issue16Ranking({ ...now, answerType: { share: 0.2, money: false } }),
  };
  for (const share of [0.1, 0.2, 0.3, 0.5, 1])
    rankings[`i16 now + aspects + numbers ${share}`] = issue16Ranking({
      ...covered,
      answerType: { share, money: false },
    });
  for (const share of [0.2, 0.3])
    rankings[`i16 now + aspects + money ${share}`] = issue16Ranking({
      ...covered,
      answerType: { share, money: true },
    });
  rankings["i16 now + aspects + money+time 0.2"] = issue16Ranking({
    ...covered,
    answerType: { share: 0.2, money: true, time: true },
  });
  for (const share of [0.2, 0.3, 0.5, 0.7])
    for (const money of [false, true])
      rankings[`i16 now + aspects + rare ${money ? "money" : "numbers"} ${share}`] = issue16Ranking({
        ...covered,
        answerType: { share, money, rarity: true },
      });
  for (const share of [0.2, 0.3, 0.5])
    for (const rarity of [false, true])
      rankings[`i16 now + aspects + ${rarity ? "rare " : ""}sentence numbers ${share}`] = issue16Ranking({
        ...covered,
        answerType: { share, money: false, sentence: true, rarity },
      });
  for (const share of [0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.7])
    rankings[`i16 now + aspects + typed ${share}`] = issue16Ranking({ ...covered, answerType: typed(share) });
  for (const diversity of [0.05, 0.1, 0.2]) {
    rankings[`i16 typed + diversity ${diversity}`] = issue16Ranking({
      ...covered,
      answerType: typed(0.3),
      diversity,
    });
    rankings[`i16 typed + diversity ${diversity} gathering`] = issue16Ranking({
      ...covered,
      answerType: typed(0.3),
      diversity,
      gatheringOnly: true,
    });
  }
  for (const diversity of [0.1, 0.2, 0.3])
    rankings[`i16 typed + diversity ${diversity} how many`] = issue16Ranking({
      ...covered,
      answerType: typed(0.3),
      diversity,
      gatheringOnly: true,
      gathering: /\bhow many\b(?!.*\b(ago|passed|before|after|since|between)\b)/i,
    });
  for (const pastEvent of [0.1, 0.2, 0.3])
    rankings[`i16 typed + past events ${pastEvent}`] = issue16Ranking({
      ...covered,
      answerType: typed(0.3),
      pastEvent,
    });
  for (const pastEvent of [0.1, 0.2, 0.3])
    rankings[`i16 typed + past events ${pastEvent}, counting`] = issue16Ranking({
      ...covered,
      answerType: typed(0.3),
      pastEvent,
      pastQuestion: /\bhow many\b.*\b(?:did i|have i|had i)\b/i,
    });
  for (const share of [0.1, 0.2, 0.3, 0.4])
    rankings[`i16 typed or named ${share}`] = issue16Ranking({
      ...covered,
      answerType: { ...typed(share), named: true },
    });
  for (const share of [0.2, 0.3, 0.4])
    rankings[`i16 answer evidence ${share}`] = issue16Ranking({
      ...covered,
      answerType: { ...typed(share), evidence: true },
    });
  const engineCounting =
    /\bhow many\b(?!.*\b(?:ago|passed|before|after|since|between|older|younger|when|until|take|took)\b)/i;
  for (const namedShare of [0.1, 0.15, 0.2])
    for (const engine of [false, true])
      rankings[`i16 typed, names add ${namedShare}${engine ? " (engine's questions)" : ""}`] = issue16Ranking(
        {
          ...covered,
          answerType: { ...typed(0.3), namedShare, namedQuestion: engine ? engineCounting : undefined },
        },
      );
  for (const share of [0.05, 0.1, 0.15, 0.2, 0.3])
    for (const calendar of [false, true])
      rankings[`i16 typed + named ${share}${calendar ? " + calendar" : ""}`] = issue16Ranking({
        ...covered,
        answerType: typed(0.3),
        namedInstance: { share, calendar },
      });
  for (const threshold of [0.95, 0.9, 0.85, 0.8, 0.75, 0.7])
    for (const sameSession of [true, false])
      for (const gatheringOnly of [false, true])
        rankings[
          `i16 typed + collapse ${threshold}${sameSession ? " same session" : ""}${gatheringOnly ? " gathering" : ""}`
        ] = issue16Ranking({
          ...covered,
          answerType: typed(0.3),
          collapse: { threshold, sameSession, gatheringOnly },
        });
  for (const pastEvent of [0.1, 0.2])
    rankings[`i16 typed + past events ${pastEvent}, events only`] = issue16Ranking({
      ...covered,
      answerType: typed(0.3),
      pastEvent,
      pastText: EVENT_TEXT,
    });
  return rankings;
}
