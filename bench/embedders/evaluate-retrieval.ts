import { meanVector, normalizeInPlace } from "../../src/adapters/models/local/vector-math.js";
import { bm25Scores, bm25Tokens } from "./bm25.js";
import { type RetrievalTask, sessionText } from "./longmemeval-haystacks.js";
import { ndcg, recallAll } from "./retrieval-metrics.js";
import { type Fusion, fuse, fusionName, rankByScore } from "./score-fusion.js";

/** Scores rankings of one question's documents at both granularities and averages the metrics. */
export type Granularity = "session" | "turn";
export const GRANULARITIES: Granularity[] = ["session", "turn"];

export interface Metrics {
  rAll5: number;
  rAll10: number;
  ndcg5: number;
  ndcg10: number;
}

interface Documents {
  ids: string[];
  gold: Set<string>;
  bm25: number[];
}

/** A task with its documents and their BM25 scores, computed once for every embedder. */
export interface PreparedTask {
  task: RetrievalTask;
  documents: Record<Granularity, Documents>;
}

export function prepareTask(task: RetrievalTask): PreparedTask {
  const turns = task.sessions.flatMap((session) => session.turns);
  return {
    task,
    documents: {
      session: {
        ids: task.sessions.map((session) => session.id),
        gold: task.goldSessions,
        bm25: bm25Scores(
          task.query,
          task.sessions.map((session) => bm25Tokens(sessionText(session))),
        ),
      },
      turn: {
        ids: turns.map((turn) => turn.id),
        gold: task.goldTurns,
        bm25: bm25Scores(
          task.query,
          turns.map((turn) => bm25Tokens(turn.text)),
        ),
      },
    },
  };
}

/** "turn-mean": a session's vector is the normalised mean of its turns' vectors; "joined": the vector of its joined text. */
export type SessionVectors = "turn-mean" | "joined";

export interface DenseRun {
  label: string;
  vectorOf: (text: string) => Float32Array;
  sessionVectors: SessionVectors;
}

/** Every variant's rankings of every task, as {variant -> granularity -> metrics}, plus per question type. */
export class MetricTable {
  private readonly sums = new Map<string, Map<string, Metrics & { count: number }>>();

  add(variant: string, group: string, ranked: string[], gold: Set<string>): void {
    const byGroup = this.sums.get(variant) ?? new Map<string, Metrics & { count: number }>();
    this.sums.set(variant, byGroup);
    const sum = byGroup.get(group) ?? { rAll5: 0, rAll10: 0, ndcg5: 0, ndcg10: 0, count: 0 };
    byGroup.set(group, sum);
    sum.rAll5 += recallAll(ranked, gold, 5);
    sum.rAll10 += recallAll(ranked, gold, 10);
    sum.ndcg5 += ndcg(ranked, gold, 5);
    sum.ndcg10 += ndcg(ranked, gold, 10);
    sum.count++;
  }

  variants(): string[] {
    return [...this.sums.keys()];
  }

  mean(variant: string, group: string): Metrics | undefined {
    const sum = this.sums.get(variant)?.get(group);
    if (!sum) return undefined;
    const round = (value: number) => Math.round((value / sum.count) * 1000) / 1000;
    return {
      rAll5: round(sum.rAll5),
      rAll10: round(sum.rAll10),
      ndcg5: round(sum.ndcg5),
      ndcg10: round(sum.ndcg10),
    };
  }

  groups(variant: string): string[] {
    return [...(this.sums.get(variant)?.keys() ?? [])];
  }
}

function record(
  table: MetricTable,
  variant: string,
  prepared: PreparedTask,
  granularity: Granularity,
  ranking: number[],
) {
  const documents = prepared.documents[granularity];
  const ranked = ranking.map((index) => documents.ids[index] ?? "");
  table.add(variant, granularity, ranked, documents.gold);
  table.add(variant, `${granularity}/${prepared.task.questionType}`, ranked, documents.gold);
}

export function evaluateBm25(tasks: PreparedTask[], table: MetricTable): void {
  for (const prepared of tasks) {
    for (const granularity of GRANULARITIES) {
      record(table, "bm25", prepared, granularity, rankByScore(prepared.documents[granularity].bm25));
    }
  }
}

export function evaluateDense(
  tasks: PreparedTask[],
  run: DenseRun,
  fusions: Fusion[],
  table: MetricTable,
): void {
  for (const prepared of tasks) {
    const query = run.vectorOf(prepared.task.query);
    const turnVectors = prepared.task.sessions.map((session) =>
      session.turns.map((turn) => run.vectorOf(turn.text)),
    );
    const sessionVectors = prepared.task.sessions.map((session, index) =>
      run.sessionVectors === "joined"
        ? run.vectorOf(sessionText(session))
        : normalizeInPlace(meanVector(turnVectors[index] ?? [], query.length)),
    );
    const vectors: Record<Granularity, Float32Array[]> = {
      session: sessionVectors,
      turn: turnVectors.flat(),
    };
    for (const granularity of GRANULARITIES) {
      const dense = vectors[granularity].map((vector) => dot(query, vector));
      record(table, `dense ${run.label}`, prepared, granularity, rankByScore(dense));
      for (const fusion of fusions) {
        const ranking = fuse(prepared.documents[granularity].bm25, dense, fusion);
        record(table, `bm25+${run.label} ${fusionName(fusion)}`, prepared, granularity, ranking);
      }
    }
  }
}

/** Cosine similarity of two vectors of length 1 (0 when either is the zero vector). */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += (a[index] ?? 0) * (b[index] ?? 0);
  return sum;
}
