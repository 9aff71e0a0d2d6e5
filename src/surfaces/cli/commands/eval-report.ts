import type { MetricsSummary, RetrievalEvalReport } from "../../../eval.js";

/** One set's report as today: a row per category with every figure, then latency and build time. */
export function formatReport(report: RetrievalEvalReport, ks: number[]): string {
  const header = ["", "queries", ...ks.flatMap((k) => [`R_all@${k}`, `R_any@${k}`, `NDCG@${k}`]), "MRR"];
  const row = (name: string, summary: MetricsSummary) => [
    name,
    String(summary.queries),
    ...ks.flatMap((k) =>
      [summary.recallAll[k], summary.recallAny[k], summary.ndcg[k]].map((value) => (value ?? 0).toFixed(3)),
    ),
    summary.mrr.toFixed(3),
  ];
  const rows = [
    header,
    row("overall", report.overall),
    ...Object.entries(report.byCategory).map(([name, summary]) => row(name, summary)),
  ];
  const widths = header.map((_, column) => Math.max(...rows.map((cells) => (cells[column] ?? "").length)));
  const table = rows
    .map((cells) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join("  "))
    .join("\n");
  return [
    `${report.cases} case(s), mode ${report.mode}${report.embedder ? ` (${report.embedder})` : ""}, fusion ${JSON.stringify(report.fusion)}`,
    table,
    `query latency p50 ${report.latencyMs.p50.toFixed(2)} ms, p95 ${report.latencyMs.p95.toFixed(2)} ms (query embedding p50 ${report.queryEmbeddingMs.p50.toFixed(2)} ms)`,
    `index build ${report.indexBuildMs.total.toFixed(0)} ms in all, p50 ${report.indexBuildMs.p50.toFixed(1)} ms per case`,
    ...(report.rerank ? [rerankLine(report.rerank)] : []),
  ].join("\n");
}

function rerankLine(rerank: NonNullable<RetrievalEvalReport["rerank"]>): string {
  const kept = rerank.queries - rerank.applied;
  return (
    `rerank by ${rerank.model}: ${rerank.applied} of ${rerank.queries} queries reordered, p50 ${rerank.ms.p50.toFixed(0)} ms` +
    (kept > 0 && rerank.lastWarning ? `; ${kept} kept the fused order (last: ${rerank.lastWarning})` : "")
  );
}
