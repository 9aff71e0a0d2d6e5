import { Option } from "commander";
import type { DoctorProblem } from "../../../home.js";
import type { DoctorReport, MemoryHome } from "../../../index.js";
import type { Scope, ScopeStack } from "../../../scopes.js";
import { type CommonOptions, defineCommand, type RenderContext } from "../cli-command.js";
import { EXIT_CODES } from "../output.js";

export const doctor = defineCommand({
  name: "doctor",
  summary: "Check the memory home, and repair it with --fix",
  description:
    "Check every file of the memory home: malformed memories, index lines out of step, files over " +
    "budget or capacity, old daily logs, credentials and text that reads as an instruction to the model. --fix repairs what can be repaired without losing anything " +
    "(overflow goes to the archive); malformed files are reported with file and line, never rewritten. " +
    "The conversations of sessions killed before they ended are queued for extraction, and with a chat " +
    "model configured every queued conversation is extracted. Inside a repository with a .mnemo/ " +
    "(docs/scopes.md) every layer's home is checked (and repaired), each finding named by its layer, " +
    "and queued conversations are extracted into the layer of each memory's kind. Exits 1 when problems remain.",
  options: [new Option("--fix", "repair the fixable problems")],
  examples: ["mnemo doctor", "mnemo doctor --fix --json"],
  input: (_args, options: CommonOptions & { fix?: boolean }) => ({ fix: options.fix === true }),
  run: (input, { memory }) => doctorHome(input, memory),
  render,
  notes,
  exitCode,
  // On a stack every layer's home is checked; the user's queued extractions write to every layer.
  scoped: {
    run: (input, { scopes }) => doctorStack(input, scopes),
    render: renderStack,
    notes: stackNotes,
    exitCode: (report: StackDoctorReport, input) =>
      Math.max(...report.layers.map((layer) => exitCode(layer, input))),
  },
});

/** Each layer's report, nearest first; `fixed` holds what was done for the whole stack (queued extractions). */
interface StackDoctorReport {
  layers: Array<DoctorReport & { scope: Scope; home: string }>;
  fixed: string[];
}

async function doctorHome(input: { fix: boolean }, memory: MemoryHome): Promise<DoctorReport> {
  const report = await memory.doctor(input);
  if (input.fix) report.fixed.push(...(await extractQueued(memory)));
  return report;
}

async function doctorStack(input: { fix: boolean }, scopes: ScopeStack): Promise<StackDoctorReport> {
  const layers = [];
  for (const layer of scopes.layers)
    layers.push({ scope: layer.scope, home: layer.memory.home, ...(await layer.memory.doctor(input)) });
  return { layers, fixed: input.fix ? await extractQueued(scopes.sessionHome, scopes) : [] };
}

/** The conversations queued in `memory`'s .pending/, extracted (into the stack's layers when given). */
async function extractQueued(memory: MemoryHome, scopes?: ScopeStack): Promise<string[]> {
  const { extractQueuedConversations, queuedExtractionLines } = await import("../queued-extractions.js");
  return queuedExtractionLines(await extractQueuedConversations(memory, scopes), "mnemo doctor --fix");
}

function renderStack(report: StackDoctorReport): string {
  const layers = report.layers.flatMap((layer) =>
    render(layer)
      .split("\n")
      .map((line) => labelled(layer.scope, line)),
  );
  return [...layers, ...report.fixed.map((line) => `fixed: ${line}`)].join("\n");
}

function stackNotes(report: StackDoctorReport, { fix }: { fix: boolean }, { json }: { json: boolean }) {
  const problems = report.layers.flatMap((layer) => layer.problems);
  if (problems.length === 0) {
    const homes = report.layers.map((layer) => `${layer.scope} ${layer.home}`);
    return json ? [] : [`no problems found in ${homes.join(", ")}`];
  }
  const fixable = problems.filter((problem) => problem.fixable).length;
  return !fix && fixable > 0 ? [`run mnemo doctor --fix to repair ${fixable} of them`] : [];
}

/** "project: memories/x.md  malformed-memory  …", "fixed: project: …". */
function labelled(scope: Scope, line: string): string {
  return line.startsWith("fixed: ") ? `fixed: ${scope}: ${line.slice(7)}` : `${scope}: ${line}`;
}

function render(report: DoctorReport): string {
  return [
    ...report.problems.map(formatProblem),
    ...report.fixed.map((line) => `fixed: ${line}`),
    formatSearchIndex(report.searchIndex),
  ].join("\n");
}

function notes(
  report: DoctorReport,
  { fix }: { fix: boolean },
  { json, home }: RenderContext & { json: boolean },
) {
  if (report.problems.length === 0) return json ? [] : [`no problems found in ${home}`];
  const fixable = fixableCount(report);
  return !fix && fixable > 0 ? [`run mnemo doctor --fix to repair ${fixable} of them`] : [];
}

function exitCode(report: DoctorReport, { fix }: { fix: boolean }): number {
  return report.problems.length === 0 || (fix && fixableCount(report) === report.problems.length)
    ? EXIT_CODES.ok
    : EXIT_CODES.problemsRemain;
}

function fixableCount(report: DoctorReport): number {
  return report.problems.filter((problem) => problem.fixable).length;
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
