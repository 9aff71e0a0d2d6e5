import type { ImportedItem, ImportFromReport } from "../../import-from.js";

/** Items listed one a line in the text output; --json lists them all. */
const LISTED = 20;

/** `mnemo import --from` as text: the counts, then each item with its source and where it went. */
export function importFromLines(report: ImportFromReport, locate: (path: string) => string): string[] {
  const count = report.added.length + report.updated.length + report.unchanged.length;
  return [
    `${report.dryRun ? "Would import" : "Imported"} ${count} ${count === 1 ? "item" : "items"} of ${report.format} from ${report.from}:`,
    `  ${report.added.length} added, ${report.updated.length} updated, ${report.unchanged.length} unchanged, ${report.skipped.length} skipped`,
    ...listed("added", report.added, locate),
    ...listed("updated", report.updated, locate),
    ...listed("unchanged", report.unchanged, locate),
    ...report.skipped.map((item) => `skipped: ${item.source} (${item.reason})`),
  ];
}

function listed(label: string, items: ImportedItem[], locate: (path: string) => string): string[] {
  const lines = items.slice(0, LISTED).map((item) => {
    const where =
      item.path.endsWith(".md") && !item.path.includes("/")
        ? `${locate(item.path)} ## ${item.name}`
        : locate(item.path);
    return `${label}: ${where} (from ${item.source})${item.reason ? `: ${item.reason}` : ""}`;
  });
  if (items.length > LISTED)
    lines.push(`… and ${items.length - LISTED} more ${label} (--json lists every item)`);
  return lines;
}
