/**
 * A turn ranked with its session's evidence (issue 16, multi-session questions): each candidate
 * turn's fused score plus `share` × its whole session's fused score (the session ranked as one
 * document by the same default, divided by the best session's), as passage retrieval combines a
 * passage's score with its document's. At session granularity recall finds multi-session evidence
 * far better (R_all@5 0.959 against 0.667 by turns); this asks whether that lifts the turns.
 *
 *   npx tsx bench/longmemeval/lab-session-prior.ts [--shares 0.25,0.5,1]
 *
 * Needs both granularities converted and embedded by run-longmemeval.ts; turn questions not yet
 * embedded are left out, as in ranking-lab.ts.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type LabQuestion, loadLabQuestions } from "./lab-data.js";
import { issue16Scores } from "./lab-issue16.js";

const { values } = parseArgs({ options: { shares: { type: "string", default: "0.1,0.25,0.5,1" } } });
const folder = join(import.meta.dirname, "..", "..", ".bench-data");
const cache = join(folder, "embeddings-local_use-lite_0.2.0.sqlite");
const turns = loadLabQuestions(join(folder, "longmemeval-s-turn.jsonl"), cache);
const turnIds = new Set(turns.map((question) => question.id));
const sessions = new Map(
  loadLabQuestions(join(folder, "longmemeval-s-session.jsonl"), cache)
    .filter((question) => turnIds.has(question.id))
    .map((question) => [question.id, question]),
);
const defaultScores = issue16Scores({});

/** Each session's fused score as a share of the best session's. */
function sessionScores(question: LabQuestion): Map<string, number> {
  const fused = defaultScores(question);
  const best = Math.max(0, ...fused.values());
  return new Map(
    [...fused].map(([i, score]) => [question.documents[i]?.id as string, best > 0 ? score / best : 0]),
  );
}

function ranking(question: LabQuestion, share: number): number[] {
  const fused = defaultScores(question);
  const session = sessions.get(question.id);
  const prior = session ? sessionScores(session) : new Map<string, number>();
  const best = Math.max(0, ...fused.values());
  const combined = new Map(
    [...fused].map(([i, score]) => [
      i,
      score / (best || 1) + share * (prior.get(question.documents[i]?.session as string) ?? 0),
    ]),
  );
  return [...combined.keys()].sort(
    (a, b) => (combined.get(b) as number) - (combined.get(a) as number) || a - b,
  );
}

/** Aggregation cues: a question that counts or sums over several events needs several sessions. */
const AGGREGATE = /\b(how many|in total|total|combined|altogether|in all)\b/i;

/**
 * Sessions first: the best turn of each of the best `sessionsFirst` sessions (sessions ranked as
 * whole documents), in the sessions' order, then every other turn as the default ranks it.
 */
function sessionsFirst(question: LabQuestion, count: number, onlyAggregates: boolean): number[] {
  const order = ranking(question, 0);
  const session = sessions.get(question.id);
  if (!session || (onlyAggregates && !AGGREGATE.test(question.question))) return order;
  const prior = sessionScores(session);
  const topSessions = [...prior.keys()].sort((a, b) => (prior.get(b) as number) - (prior.get(a) as number));
  const picked: number[] = [];
  for (const id of topSessions.slice(0, count)) {
    const best = order.find((i) => question.documents[i]?.session === id);
    if (best !== undefined) picked.push(best);
  }
  return [...picked, ...order.filter((i) => !picked.includes(i))];
}

const categories = [...new Set(turns.map((question) => question.category))].sort();
const count = (category: string) => turns.filter((question) => question.category === category).length;
console.log(`${turns.length} turn questions with their sessions\n`);
console.log(`| ranking | R_all@5 | R_all@10 | ${categories.map((c) => `${c} (${count(c)})`).join(" | ")} |`);
const variants: Array<[string, (question: LabQuestion) => number[]]> = [
  ...[0, ...(values.shares?.split(",").map(Number) ?? [])].map(
    (share) =>
      [share === 0 ? "default" : `+ session score × ${share}`, (q: LabQuestion) => ranking(q, share)] as [
        string,
        (question: LabQuestion) => number[],
      ],
  ),
  ["best turn of each of the 3 best sessions first", (q) => sessionsFirst(q, 3, false)],
  ["best turn of each of the 5 best sessions first", (q) => sessionsFirst(q, 5, false)],
  ["the same, 3 sessions, counting questions only", (q) => sessionsFirst(q, 3, true)],
  ["the same, 5 sessions, counting questions only", (q) => sessionsFirst(q, 5, true)],
];
for (const [name, rank] of variants) {
  const at = (k: number, question: LabQuestion) => {
    const top = new Set(
      rank(question)
        .slice(0, k)
        .map((i) => question.documents[i]?.id),
    );
    return [...question.gold].every((id) => top.has(id)) ? 1 : 0;
  };
  const mean = (list: LabQuestion[], k: number) =>
    (list.reduce((sum, question) => sum + at(k, question), 0) / Math.max(1, list.length)).toFixed(3);
  const cells = categories.map((category) =>
    mean(
      turns.filter((question) => question.category === category),
      5,
    ),
  );
  console.log(`| ${name} | ${mean(turns, 5)} | ${mean(turns, 10)} | ${cells.join(" | ")} |`);
}
