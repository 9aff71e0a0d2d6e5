import type { AblationReport } from "./ablation.js";
import type { MetricsSummary } from "./retrieval-metrics.js";
import { type SuiteReport, signed } from "./retrieval-suite.js";

/**
 * The dev suite as a table: each set's overall row, its categories, and the macro average over
 * sets; R_all and recall (partial credit) at the first cut-off, R_all at the others, and MRR.
 * Plain text for a terminal, markdown for docs/retrieval.md. Pure.
 */
export type TableStyle = "plain" | "markdown";

export const MACRO_ROW = "macro average";

export function suiteColumns(ks: number[]): string[] {
  const [first, ...rest] = ks;
  return [
    ...(first === undefined ? [] : [`R_all@${first}`, `recall@${first}`]),
    ...rest.map((k) => `R_all@${k}`),
    "MRR",
  ];
}

function figures(summary: MetricsSummary, ks: number[]): number[] {
  const [first, ...rest] = ks;
  return [
    ...(first === undefined ? [] : [summary.recallAll[first] ?? 0, summary.recall[first] ?? 0]),
    ...rest.map((k) => summary.recallAll[k] ?? 0),
    summary.mrr,
  ];
}

/** Header and rows: set, category ("all" for a set's own row), queries, then the figures. */
export function suiteRows(suite: SuiteReport, options: { categories: boolean }): string[][] {
  const row = (set: string, category: string, summary: MetricsSummary) => [
    set,
    category,
    String(summary.queries),
    ...figures(summary, suite.ks).map((value) => value.toFixed(3)),
  ];
  return [
    ["set", "category", "queries", ...suiteColumns(suite.ks)],
    ...suite.sets.flatMap((set) => [
      row(set.name, "all", set.report.overall),
      ...(options.categories
        ? Object.entries(set.report.byCategory).map(([category, summary]) => row(set.name, category, summary))
        : []),
    ]),
    row(MACRO_ROW, "", suite.macro),
  ];
}

/**
 * The suite with one stage off, against all stages on: each set's row and the macro average, every
 * figure followed by its change ("0.712 (-0.021)").
 */
export function ablationRows(allOn: SuiteReport, off: SuiteReport): string[][] {
  const row = (name: string, summary: MetricsSummary, baseline: MetricsSummary | undefined) => {
    const now = figures(summary, off.ks);
    const was = baseline ? figures(baseline, off.ks) : [];
    return [
      name,
      String(summary.queries),
      ...now.map((value, column) => {
        const before = was[column];
        return before === undefined ? value.toFixed(3) : `${value.toFixed(3)} (${signed(value - before)})`;
      }),
    ];
  };
  return [
    ["set", "queries", ...suiteColumns(off.ks)],
    ...off.sets.map((set) =>
      row(set.name, set.report.overall, allOn.sets.find((old) => old.name === set.name)?.report.overall),
    ),
    row(MACRO_ROW, off.macro, allOn.macro),
  ];
}

/** One row per stage turned off: R_all at the first cut-off, macro and per set, with its change. */
export function ablationSummaryRows(ablation: AblationReport): string[][] {
  const k = Math.min(...ablation.allOn.ks);
  const at = (summary: MetricsSummary | undefined) => summary?.recallAll[k] ?? 0;
  const cell = (now: number, was: number) => `${now.toFixed(3)} (${signed(now - was)})`;
  const names = ablation.allOn.sets.map((set) => set.name);
  const overall = (suite: SuiteReport, name: string) =>
    at(suite.sets.find((set) => set.name === name)?.report.overall);
  return [
    ["stage off", `macro R_all@${k}`, ...names.map((name) => `${name} R_all@${k}`)],
    [
      "(none)",
      at(ablation.allOn.macro).toFixed(3),
      ...names.map((name) => overall(ablation.allOn, name).toFixed(3)),
    ],
    ...ablation.stages.map((stage) => [
      stage.stage,
      cell(at(stage.suite.macro), at(ablation.allOn.macro)),
      ...names.map((name) => cell(overall(stage.suite, name), overall(ablation.allOn, name))),
    ]),
  ];
}

export function renderTable(rows: string[][], style: TableStyle): string {
  if (style === "markdown") {
    const [header = [], ...body] = rows;
    const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
    return [line(header), line(header.map(() => "---")), ...body.map(line)].join("\n");
  }
  const widths = (rows[0] ?? []).map((_, column) =>
    Math.max(...rows.map((cells) => (cells[column] ?? "").length)),
  );
  // Names to the left, figures to the right.
  return rows
    .map((cells) =>
      cells
        .map((cell, column) =>
          /^[\d.+\-() ]+$/.test(cell) && cell !== ""
            ? cell.padStart(widths[column] ?? 0)
            : cell.padEnd(widths[column] ?? 0),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The suite's table with each set's categories. */
export function formatSuite(suite: SuiteReport, style: TableStyle): string {
  return renderTable(suiteRows(suite, { categories: true }), style);
}

/** All stages on with categories, then one table per stage turned off, changes against all on. */
export function formatAblation(ablation: AblationReport, style: TableStyle): string {
  const heading = (text: string) => (style === "markdown" ? `**${text}**` : text);
  return [
    heading("all stages on"),
    formatSuite(ablation.allOn, style),
    "",
    heading("each stage off"),
    renderTable(ablationSummaryRows(ablation), style),
    ...ablation.stages.flatMap((stage) => [
      "",
      heading(`without ${stage.stage} (${stage.off})`),
      renderTable(ablationRows(ablation.allOn, stage.suite), style),
    ]),
  ].join("\n");
}
