/**
 * Long queries in the lab: each question asked at the end of a conversation that is about
 * something else (four user turns of another question's haystack, one a line, then the question).
 * Compares the question alone with ways of using the whole conversation as the query.
 *
 *   npx tsx bench/longmemeval/lab-long-queries.ts --granularity session
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLocalEmbeddingModel } from "../../src/adapters/models/local/index.js";
import { withEmbeddingCacheFile } from "../../src/eval/caching-embedding-model.js";
import { queryTerms } from "../../src/rules/query-terms.js";
import { bm25Scores, type LabQuestion, labSet } from "./lab-data.js";
import { ISSUE16_RANKINGS } from "./lab-issue16.js";
import { cosine, engineRanking, lexicalConfidence } from "./lab-rankings.js";

const { values } = parseArgs({
  options: {
    granularity: { type: "string", default: "session" },
    limit: { type: "string" },
    /** A lab ranking to rank with (ranking-lab.ts names); the first round's engine (w 0.3) when absent. */
    ranking: { type: "string" },
  },
});
const folder = join(import.meta.dirname, "..", "..", ".bench-data");
const cacheFile = join(folder, "embeddings-local_use-lite_0.2.0.sqlite");
const questions = labSet(values.granularity ?? "session", {
  limit: values.limit === undefined ? undefined : Number(values.limit),
});
const model = await withEmbeddingCacheFile(createLocalEmbeddingModel(), cacheFile);
await model.open();

/** Four turns of the next question's haystack: a conversation on other things. */
function conversationBefore(position: number): string[] {
  const other = questions[(position + 1) % questions.length] as LabQuestion;
  return other.documents.slice(0, 4).map((document) => document.text.replace(/\s+/g, " ").slice(0, 300));
}

function normalized(vectors: Array<[Float32Array, number]>): Float32Array {
  const sum = new Float32Array(vectors[0]?.[0].length ?? 0);
  for (const [vector, weight] of vectors)
    for (let d = 0; d < sum.length; d++) sum[d] = (sum[d] as number) + weight * (vector[d] as number);
  const norm = Math.hypot(...sum) || 1;
  return sum.map((value) => value / norm);
}

/** Terms of the whole text, the latest first: the last turn's words are never the ones cut at 32. */
function latestTerms(lines: string[]): string[] {
  return queryTerms([...lines].reverse().join("\n"));
}

const named = values.ranking === undefined ? undefined : ISSUE16_RANKINGS[values.ranking];
if (values.ranking !== undefined && !named) throw new Error(`unknown ranking: ${values.ranking}`);
const rank = named ?? engineRanking({ textWeight: 0.3, feedbackWeight: 1, feedbackTop: 3 });
const variants: Record<string, number[]> = {};
const record = (name: string, question: LabQuestion, ranked: number[]) => {
  const top = new Set(ranked.slice(0, 5).map((i) => question.documents[i]?.id));
  variants[name] ??= [];
  variants[name].push([...question.gold].every((id) => top.has(id)) ? 1 : 0);
};
for (const [position, question] of questions.entries()) {
  const lines = [...conversationBefore(position), question.question];
  const whole = lines.join("\n");
  const [wholeVector] = (await model.embed([whole], { purpose: "query" })) as [Float32Array];
  const last = question.query;
  const asked = (terms: string[], vector: Float32Array): LabQuestion => ({
    ...question,
    ...bm25Scores(question.documents, terms),
    query: vector,
  });
  record("question alone", question, rank(question));
  record(
    "whole: first 32 terms, whole vector (as recall was)",
    question,
    rank(asked(queryTerms(whole), wholeVector)),
  );
  record("whole: latest 32 terms, whole vector", question, rank(asked(latestTerms(lines), wholeVector)));
  record(
    "whole: latest terms, last + whole vector",
    question,
    rank(
      asked(
        latestTerms(lines),
        normalized([
          [last, 1],
          [wholeVector, 1],
        ]),
      ),
    ),
  );
  record(
    "whole: latest terms, 2 last + whole vector",
    question,
    rank(
      asked(
        latestTerms(lines),
        normalized([
          [last, 2],
          [wholeVector, 1],
        ]),
      ),
    ),
  );
  record("whole: last-turn terms, last vector", question, rank(asked(queryTerms(question.question), last)));
  /** The last turn's terms; 3 × its vector + `weight` × the whole's. */
  const withContext = (weight: number) =>
    rank(
      asked(
        queryTerms(question.question),
        normalized([
          [last, 3],
          [wholeVector, weight],
        ]),
      ),
    );
  record("whole: last-turn terms, 3 last + whole vector", question, withContext(1));
  record("whole: latest terms, last vector", question, rank(asked(latestTerms(lines), last)));
  // The context counts as much as it resembles what is asked, or as much as the last turn's own
  // words fail to find a memory that holds them (lexical confidence, as fusion reads it).
  const related = Math.max(0, cosine(last, wholeVector));
  let best = 0;
  for (const score of question.bm25Rare) best = Math.max(best, score);
  if (best === 0) for (const score of question.bm25) best = Math.max(best, score);
  const vague = 1 - lexicalConfidence(question, best);
  for (const [name, weight] of [
    ["its cosine with the last", related],
    ["its cosine squared with the last", related * related],
    ["1 − the last turn's lexical confidence", vague],
    ["(1 − the last turn's lexical confidence)²", vague * vague],
    ["1 only when the last turn's words find nothing", vague === 1 ? 1 : 0],
  ] as const)
    record(`whole: last-turn terms, 3 last + whole vector × ${name}`, question, withContext(weight));
  if (position % 50 === 0) process.stderr.write(`${position}/${questions.length}\n`);
}
await model.close();
for (const [name, hits] of Object.entries(variants))
  console.log(`| ${name} | ${(hits.reduce((a, b) => a + b, 0) / hits.length).toFixed(3)} |`);
