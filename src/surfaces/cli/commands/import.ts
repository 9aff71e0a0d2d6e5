import { join } from "node:path";
import { Argument, Option } from "commander";
import { IMPORT_FORMATS, type ImportFormat } from "../../../engine/transfer/import-from/import-formats.js";
import type { ImportHomeReport } from "../../../export-import.js";
import type { ImportFromReport } from "../../../import-from.js";
import { defineCommand } from "../cli-command.js";
import { importFromLines } from "../import-from-lines.js";
import { EXIT_CODES } from "../output.js";
import { parseChoice } from "../parse-choice.js";
import { type RedactOptions, redactSecretsOption } from "../redaction-lines.js";

/** Files listed by name in the text output; --json lists them all. */
const LISTED = 20;

export const importCommand = defineCommand({
  name: "import",
  summary:
    "Load a Markdown tree (from mnemo export), or another tool's memory (--from), into the memory home",
  description:
    "Load a folder written by mnemo export (or a memory home's own folder) into the memory home. Every file " +
    "is checked as a save checks what it stores (layout, symbolic links, UTF-8, memory names and sizes, one " +
    "memory per name, frontmatter, budgets and capacity, credentials); a file that fails is not imported and " +
    "is named on stderr with the reason, the rest is written in one transaction, and the exit code is 2. " +
    "A file the home has with other text is replaced and its old text goes to archive/; archive files only " +
    "grow; files the folder lacks are kept. --dry-run says what would change and writes nothing. " +
    `With --from (${IMPORT_FORMATS.join(", ")}) the path is another tool's memory: each of its memories is saved ` +
    "as a typed memory (or a profile section) with its date and source, through consolidation, so importing it " +
    "again changes nothing (docs/import-from.md). A file that cannot be read stops it before anything is saved.",
  arguments: [new Argument("<path>", "the folder to read (with --from: the other tool's file or folder)")],
  options: [
    new Option("--from <format>", `read another tool's memory: ${IMPORT_FORMATS.join(", ")}`),
    new Option("--dry-run", "say what would change, write nothing"),
    redactSecretsOption(),
  ],
  examples: [
    "mnemo import ./memory-backup --dry-run",
    "mnemo import /tmp/move --home ./new-home --json",
    "mnemo import --from claude-code ~/.claude/projects/-home-me-acme/memory --dry-run",
    "mnemo import --from mem0 ./mem0-export.json",
  ],
  input: ([directory = ""], options: RedactOptions & { dryRun?: boolean; from?: string }) => ({
    directory,
    from: options.from === undefined ? undefined : parseChoice(options.from, IMPORT_FORMATS, "import format"),
    dryRun: options.dryRun === true,
    redactSecrets: options.redactSecrets,
  }),
  async run({ directory, from, ...options }, { memory }): Promise<ImportHomeReport | ImportFromReport> {
    if (from !== undefined) return importFromFormat(memory, from, directory, options);
    const { importHome } = await import("../../../export-import.js");
    return importHome(memory, directory, options);
  },
  render: (report, { home, locate }) =>
    isFromReport(report) ? importFromLines(report, locate).join("\n") : treeLines(report, home),
  notes: (report, _input, { json }) =>
    isFromReport(report)
      ? report.dryRun && !json
        ? ["dry run: nothing was written; run again without --dry-run to import"]
        : []
      : treeNotes(report, json),
  exitCode: (report) =>
    !isFromReport(report) && report.refused.length > 0 ? EXIT_CODES.usage : EXIT_CODES.ok,
});

async function importFromFormat(
  memory: Parameters<typeof import("../../../import-from.js").importFrom>[0],
  format: ImportFormat,
  path: string,
  options: { dryRun: boolean; redactSecrets?: boolean },
): Promise<ImportFromReport> {
  const { importFrom } = await import("../../../import-from.js");
  return importFrom(memory, format, path, options);
}

function isFromReport(report: ImportHomeReport | ImportFromReport): report is ImportFromReport {
  return "format" in report;
}

function treeLines(report: ImportHomeReport, home: string): string {
  return [
    `${report.dryRun ? "Would import" : "Imported"} ${report.directory} into ${home}:`,
    `  ${report.added.length} added, ${report.replaced.length} replaced, ${report.appended.length} archive files appended to, ${report.unchanged.length} unchanged, ${report.refused.length} refused`,
    ...report.replaced.map(
      (file) => `replaced: ${file.path} (the home's version goes to ${file.archivedTo})`,
    ),
    ...report.archived.map(
      (file) => `archived: ${file.path} to ${file.archivedTo} (its memory's name is now ${file.replacedBy})`,
    ),
    ...listed("appended to", report.appended),
    ...listed("added", report.added),
    ...report.redactedSecrets.map((file) => `redacted: ${file.path} (${file.kinds.join(", ")})`),
    ...report.skipped.map((file) => `skipped: ${file.path} (${file.reason})`),
  ].join("\n");
}

function treeNotes(report: ImportHomeReport, json: boolean): string[] {
  return [
    ...report.refused.map((file) => `not imported: ${join(report.directory, file.path)}: ${file.reason}`),
    ...(report.refused.length > 0 ? [refusedSummary(report)] : []),
    ...(report.dryRun && !json
      ? ["dry run: nothing was written; run again without --dry-run to import"]
      : []),
  ];
}

function refusedSummary(report: ImportHomeReport): string {
  const one = report.refused.length === 1;
  const count = one ? "1 file" : `${report.refused.length} files`;
  const them = one ? "it" : "them";
  return report.dryRun
    ? `${count} would not be imported (above); fix ${them} before importing`
    : `${count} not imported (above), the rest imported; fix ${them} and import the folder again (files already imported stay as they are)`;
}

function listed(label: string, paths: string[]): string[] {
  const lines = paths.slice(0, LISTED).map((path) => `${label}: ${path}`);
  if (paths.length > LISTED)
    lines.push(`… and ${paths.length - LISTED} more ${label} (--json lists every file)`);
  return lines;
}
