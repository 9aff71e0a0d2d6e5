/**
 * mnemo/eval: the retrieval evaluation harness (recall@k, NDCG over your own cases) and a cached embedder.
 */

export type { AblationReport, RankingModels } from "./eval/ablation.js";
export { rankingEvalOptions, runAblation } from "./eval/ablation.js";
export { CachingEmbeddingModel, withEmbeddingCacheFile } from "./eval/caching-embedding-model.js";
export type { RetrievalCase } from "./eval/retrieval-case.js";
export type { MetricsSummary } from "./eval/retrieval-metrics.js";
export type { SuiteReport, SuiteSet, SuiteVerdict } from "./eval/retrieval-suite.js";
export { compareSuites } from "./eval/retrieval-suite.js";
export type { RetrievalEvalOptions, RetrievalEvalReport } from "./eval/run-retrieval-eval.js";
export { runRetrievalEval } from "./eval/run-retrieval-eval.js";
export type { RetrievalSuiteOptions } from "./eval/run-retrieval-suite.js";
export { runRetrievalSuite } from "./eval/run-retrieval-suite.js";
export type { TableStyle } from "./eval/suite-table.js";
export { formatAblation, formatSuite } from "./eval/suite-table.js";
