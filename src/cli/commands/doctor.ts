import type { Command } from "commander";
import type { DoctorProblem, DoctorReport } from "../../index.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData, printNote } from "../output.js";

interface DoctorOptions extends CommonOptions {
  fix?: boolean;
}

export function registerDoctor(program: Command): void {
  const command = program
    .command("doctor")
    .summary("Check the memory home, and repair it with --fix")
    .description(
      "Check every file of the memory home: malformed memories, index lines out of step, files over " +
        "budget or capacity, old daily logs, credentials and text that reads as an instruction to the model. --fix repairs what can be repaired without losing anything " +
        "(overflow goes to the archive); malformed files are reported with file and line, never rewritten. " +
        "Exits 1 when problems remain.",
    )
    .option("--fix", "repair the fixable problems");
  withCommonOptions(command, ["mnemo doctor", "mnemo doctor --fix --json"]);
  command.action(
    commandAction<[], DoctorOptions>(async (_args, options) => {
      const memory = await openHome(options);
      const report = await memory.doctor({ fix: options.fix === true });
      printData(options, report, formatReport(report));
      if (report.problems.length === 0) {
        if (!options.json) printNote(`no problems found in ${memory.home}`);
        return EXIT_CODES.ok;
      }
      const fixable = report.problems.filter((problem) => problem.fixable).length;
      if (!options.fix && fixable > 0) printNote(`run mnemo doctor --fix to repair ${fixable} of them`);
      return options.fix && fixable === report.problems.length ? EXIT_CODES.ok : EXIT_CODES.problemsRemain;
    }),
  );
}

function formatReport(report: DoctorReport): string {
  const problems = report.problems.map(formatProblem);
  const fixed = report.fixed.map((line) => `fixed: ${line}`);
  return [...problems, ...fixed, formatSearchIndex(report.searchIndex)].join("\n");
}

function formatSearchIndex(health: DoctorReport["searchIndex"]): string {
  if (health.state === "missing") return `${health.path}  not built yet (the first recall builds it)`;
  if (health.state === "outdated")
    return `${health.path}  schema version ${health.schemaVersion}, rebuilt by the next recall`;
  if (health.state !== "ready") return `${health.path}  ${health.state} (see above)`;
  const behind =
    health.behind === 0 ? "up to date" : `${health.behind} file(s) behind (the next recall catches up)`;
  return `${health.path}  schema version ${health.schemaVersion}: ${health.documents} documents, ${health.chunks} chunks, ${health.vectors} vectors; ${behind}`;
}

function formatProblem(problem: DoctorProblem): string {
  const where = problem.line === undefined ? problem.path : `${problem.path}:${problem.line}`;
  return `${where}  ${problem.kind}  ${problem.message}`;
}
