import { Argument, Option } from "commander";
import type { ImportHomeReport } from "../../../export-import.js";
import { defineCommand } from "../cli-command.js";
import { type RedactOptions, redactSecretsOption } from "../redaction-lines.js";

/** Files listed by name in the text output; --json lists them all. */
const LISTED = 20;

export const importCommand = defineCommand({
  name: "import",
  summary: "Load a Markdown tree (from mnemo export) into the memory home",
  description:
    "Load a folder written by mnemo export (or any memory home's Markdown files) into the memory home, " +
    "all or nothing: the folder is checked whole first (layout, symbolic links, UTF-8, typed memories, " +
    "credentials). A file the home has with other text is replaced and its old text goes to archive/; " +
    "archive files only grow; files the folder lacks are kept. --dry-run says what would change.",
  arguments: [new Argument("<dir>", "the folder to read")],
  options: [new Option("--dry-run", "say what would change, write nothing"), redactSecretsOption()],
  examples: ["mnemo import ./memory-backup --dry-run", "mnemo import /tmp/move --home ./new-home --json"],
  input: ([directory = ""], options: RedactOptions & { dryRun?: boolean }) => ({
    directory,
    dryRun: options.dryRun === true,
    redactSecrets: options.redactSecrets,
  }),
  async run({ directory, ...options }, { memory }) {
    const { importHome } = await import("../../../export-import.js");
    return importHome(memory, directory, options);
  },
  render: (report: ImportHomeReport, { home }) =>
    [
      `${report.dryRun ? "Would import" : "Imported"} ${report.directory} into ${home}:`,
      `  ${report.added.length} added, ${report.replaced.length} replaced, ${report.appended.length} archive files appended to, ${report.unchanged.length} unchanged`,
      ...report.replaced.map(
        (file) => `replaced: ${file.path} (the home's version goes to ${file.archivedTo})`,
      ),
      ...listed("appended to", report.appended),
      ...listed("added", report.added),
      ...report.redactedSecrets.map((file) => `redacted: ${file.path} (${file.kinds.join(", ")})`),
      ...report.skipped.map((file) => `skipped: ${file.path} (${file.reason})`),
    ].join("\n"),
  notes: (report, _input, { json }) =>
    report.dryRun && !json ? ["dry run: nothing was written; run again without --dry-run to import"] : [],
});

function listed(label: string, paths: string[]): string[] {
  const lines = paths.slice(0, LISTED).map((path) => `${label}: ${path}`);
  if (paths.length > LISTED)
    lines.push(`… and ${paths.length - LISTED} more ${label} (--json lists every file)`);
  return lines;
}
