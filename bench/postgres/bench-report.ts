/**
 * What every PostgreSQL benchmark prints: each figure with the machine's load average beside it
 * (os.loadavg(), 1/5/15 minutes), since the machine is shared and a figure under load says less,
 * as a Markdown table for docs/postgres.md and as JSON for comparing runs.
 */
import { loadavg } from "node:os";

export interface Figure {
  /** What was measured, as the table's first column says it. */
  label: string;
  /** Named values (`p50Ms`, `memoriesPerSecond`...), in table order. */
  values: Record<string, number | string>;
  /** The 1, 5 and 15 minute load averages when the figure was taken. */
  load: number[];
}

export function loadNow(): number[] {
  return loadavg().map((value) => Math.round(value * 100) / 100);
}

export function figure(label: string, values: Record<string, number | string>): Figure {
  return { label, values, load: loadNow() };
}

/** The figures as a Markdown table (columns from the first figure's values) and then one JSON line. */
export function printFigures(title: string, figures: Figure[], context: Record<string, unknown> = {}): void {
  const columns = Object.keys(figures[0]?.values ?? {});
  console.log(`\n| ${[title, ...columns, "load 1/5/15 min"].join(" | ")} |`);
  console.log(`|${" --- |".repeat(columns.length + 2)}`);
  for (const { label, values, load } of figures) {
    const cells = columns.map((column) => format(values[column]));
    console.log(`| ${[label, ...cells, load.join(" / ")].join(" | ")} |`);
  }
  console.log(`\n${JSON.stringify({ title, ...context, figures })}`);
}

function format(value: number | string | undefined): string {
  if (typeof value !== "number") return value ?? "";
  if (Number.isInteger(value)) return String(value);
  // Recall and its differences need four places; milliseconds one or two.
  return value.toFixed(Math.abs(value) < 1 ? 4 : Math.abs(value) < 10 ? 2 : 1);
}
