import { basename } from "node:path";
import { MnemoError } from "../errors.js";
import type { MetricsSummary } from "./retrieval-metrics.js";
import type { RetrievalEvalReport } from "./run-retrieval-eval.js";

/**
 * A dev suite: several retrieval sets scored by the same ranking, and their macro average (each
 * set counts once, whatever its number of queries), so a change that helps one set by hurting
 * another shows. Pure: the reports come from runRetrievalEval.
 */
export interface SuiteSet {
  /** The input file's name without its extensions ("prefeval.dev" for prefeval.dev.jsonl.gz). */
  name: string;
  report: RetrievalEvalReport;
}

export interface SuiteReport {
  ks: number[];
  sets: SuiteSet[];
  /** The mean over sets of each set's overall figures; `queries` is their sum. */
  macro: MetricsSummary;
}

/** A decision is taken on R_all at the smallest cut-off; a set may fall by this much at most. */
export const SET_TOLERANCE = 0.005;

/** A set's name from its file: the base name less .gz, .jsonl and .json. */
export function setNameOf(path: string): string {
  return basename(path)
    .replace(/(\.gz)?$/, "")
    .replace(/\.(jsonl|json)$/, "");
}

/** The inputs' set names; two inputs with one name would make the table ambiguous. */
export function setNames(inputs: string[]): string[] {
  const names = inputs.map(setNameOf);
  const repeated = names.find((name, position) => names.indexOf(name) !== position);
  if (repeated !== undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      `Two --input files are both named "${repeated}"; rename one, since the table names each set by its file name.`,
    );
  return names;
}

export function suiteReport(sets: SuiteSet[], ks: number[]): SuiteReport {
  return { ks, sets, macro: macroAverage(sets.map((set) => set.report.overall)) };
}

export function macroAverage(summaries: MetricsSummary[]): MetricsSummary {
  const mean = (pick: (summary: MetricsSummary) => number) =>
    summaries.length === 0
      ? 0
      : summaries.reduce((sum, summary) => sum + pick(summary), 0) / summaries.length;
  const perK = (pick: (summary: MetricsSummary) => Record<number, number>) => {
    const ks = Object.keys(summaries[0] ? pick(summaries[0]) : {}).map(Number);
    return Object.fromEntries(ks.map((k) => [k, mean((summary) => pick(summary)[k] ?? 0)]));
  };
  return {
    queries: summaries.reduce((sum, summary) => sum + summary.queries, 0),
    recallAll: perK((summary) => summary.recallAll),
    recallAny: perK((summary) => summary.recallAny),
    recall: perK((summary) => summary.recall),
    ndcg: perK((summary) => summary.ndcg),
    mrr: mean((summary) => summary.mrr),
  };
}

export interface SuiteVerdict {
  kept: boolean;
  /** The figure compared, e.g. "R_all@5". */
  metric: string;
  macro: { before: number; after: number; delta: number };
  sets: Array<{ name: string; before: number; after: number; delta: number }>;
  /** Why it is not kept (empty when kept). */
  reasons: string[];
}

/**
 * The dev suite's rule for a ranking change: kept only when the macro average of R_all@k (k the
 * smallest cut-off) rises and no set falls by more than SET_TOLERANCE. Both reports must hold the
 * same sets: a comparison over different data says nothing.
 */
export function compareSuites(before: SuiteReport, after: SuiteReport): SuiteVerdict {
  const k = Math.min(...after.ks);
  const metric = `R_all@${k}`;
  const at = (summary: MetricsSummary | undefined) => summary?.recallAll[k];
  const reasons: string[] = [];
  const sets = after.sets.flatMap((set) => {
    const was = at(before.sets.find((old) => old.name === set.name)?.report.overall);
    if (was === undefined) {
      reasons.push(`set ${set.name} has no ${metric} in the baseline`);
      return [];
    }
    const now = at(set.report.overall) ?? 0;
    if (now < was - SET_TOLERANCE)
      reasons.push(`set ${set.name} falls by ${(was - now).toFixed(3)} (more than ${SET_TOLERANCE})`);
    return [{ name: set.name, before: was, after: now, delta: now - was }];
  });
  for (const old of before.sets)
    if (!after.sets.some((set) => set.name === old.name)) reasons.push(`set ${old.name} is missing`);
  const macro = { before: at(before.macro) ?? 0, after: at(after.macro) ?? 0, delta: 0 };
  macro.delta = macro.after - macro.before;
  if (!(macro.delta > 0)) reasons.push(`the macro average does not rise (${signed(macro.delta)})`);
  return { kept: reasons.length === 0, metric, macro, sets, reasons };
}

export function signed(value: number): string {
  return `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;
}
