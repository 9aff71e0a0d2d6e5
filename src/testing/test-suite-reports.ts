import type { MetricsSummary } from "../eval/retrieval-metrics.js";
import { type SuiteReport, suiteReport } from "../eval/retrieval-suite.js";
import type { RetrievalEvalReport } from "../eval/run-retrieval-eval.js";

/** Suite reports for the dev suite's unit tests: each set's figures derived from its R_all@5. */

/** A set's summary with R_all@5 `at5` (and the other figures derived from it). */
export function summary(at5: number, queries = 10): MetricsSummary {
  return {
    queries,
    recallAll: { 5: at5, 10: Math.min(1, at5 + 0.1) },
    recallAny: { 5: Math.min(1, at5 + 0.2), 10: 1 },
    recall: { 5: Math.min(1, at5 + 0.1), 10: 1 },
    ndcg: { 5: at5, 10: at5 },
    mrr: at5 / 2,
  };
}

export function suiteOf(sets: Record<string, number>): SuiteReport {
  return suiteReport(
    Object.entries(sets).map(([name, at5]) => ({
      name,
      report: {
        overall: summary(at5),
        byCategory: { kind: summary(at5, 4) },
      } as unknown as RetrievalEvalReport,
    })),
    [5, 10],
  );
}
