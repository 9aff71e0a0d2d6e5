/**
 * mnemo/eval: the retrieval evaluation harness (recall@k, NDCG over your own cases) and a cached embedder.
 */

export { CachingEmbeddingModel, withEmbeddingCacheFile } from "./eval/caching-embedding-model.js";
export type { RetrievalCase } from "./eval/retrieval-case.js";
export type { MetricsSummary } from "./eval/retrieval-metrics.js";
export type { RetrievalEvalOptions, RetrievalEvalReport } from "./eval/run-retrieval-eval.js";
export { runRetrievalEval } from "./eval/run-retrieval-eval.js";
