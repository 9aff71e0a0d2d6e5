import { Argument } from "commander";
import { type ExportReport, exportHome } from "../../../export-import.js";
import { defineCommand } from "../cli-command.js";

export const exportCommand = defineCommand({
  name: "export",
  summary: "Write the memory home's tree into a folder",
  description:
    "Write the memory home's tree (SOUL.md, USER.md, MEMORY.md, memories/, topics/, daily/, conversations/, " +
    "the records in .pending/ and .sessions/, archive/) into a new or empty folder, as the same files a file " +
    "home has, from any backend. Derived state (.index/: the search index, rebuilt by the next recall) and " +
    "config.json are not exported, and are listed as skipped. mnemo import loads the folder into another home.",
  arguments: [new Argument("<dir>", "the folder to write (created; must be empty)")],
  examples: ["mnemo export ./memory-backup", "mnemo export /tmp/move --home ~/.mnemo --json"],
  input: ([directory = ""]) => ({ directory }),
  run: ({ directory }, { memory }) => exportHome(memory, directory),
  render: (report: ExportReport, { home }) =>
    [
      `Exported ${report.files} files (${report.bytes.toLocaleString("en-US")} bytes) from ${home} to ${report.directory}`,
      ...report.skipped.map((file) => `Not exported: ${file.path} (${file.reason})`),
    ].join("\n"),
});
