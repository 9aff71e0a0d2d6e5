import { Option } from "commander";
import { MnemoError } from "../../../errors.js";
import type { DoctorProblem } from "../../../home.js";
import type { DoctorReport, MemoryHome } from "../../../index.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { EXIT_CODES } from "../output.js";

export const doctor = defineCommand({
  name: "doctor",
  summary: "Check the memory home, and repair it with --fix",
  description:
    "Check every file of the memory home: malformed memories, index lines out of step, files over " +
    "budget or capacity, old daily logs, credentials and text that reads as an instruction to the model. --fix repairs what can be repaired without losing anything " +
    "(overflow goes to the archive); malformed files are reported with file and line, never rewritten. " +
    "The conversations of sessions killed before they ended are queued for extraction, and with a chat " +
    "model configured every queued conversation is extracted. Exits 1 when problems remain.",
  options: [new Option("--fix", "repair the fixable problems")],
  examples: ["mnemo doctor", "mnemo doctor --fix --json"],
  input: (_args, options: CommonOptions & { fix?: boolean }) => ({ fix: options.fix === true }),
  async run(input, { memory }) {
    const report = await memory.doctor(input);
    if (input.fix) report.fixed.push(...(await extractQueuedConversations(memory)));
    return report;
  },
  render: (report: DoctorReport) =>
    [
      ...report.problems.map(formatProblem),
      ...report.fixed.map((line) => `fixed: ${line}`),
      formatSearchIndex(report.searchIndex),
    ].join("\n"),
  notes(report, { fix }, { json, home }) {
    if (report.problems.length === 0) return json ? [] : [`no problems found in ${home}`];
    const fixable = fixableCount(report);
    return !fix && fixable > 0 ? [`run mnemo doctor --fix to repair ${fixable} of them`] : [];
  },
  exitCode: (report, { fix }) =>
    report.problems.length === 0 || (fix && fixableCount(report) === report.problems.length)
      ? EXIT_CODES.ok
      : EXIT_CODES.problemsRemain,
});

/**
 * What killed sessions and failed extractions left in .pending/ is extracted with the configured chat
 * model, as the next session would; without one it waits there, and the line says so.
 */
async function extractQueuedConversations(memory: MemoryHome): Promise<string[]> {
  if (!memory.enabled || !memory.config.extraction.enabled) return [];
  const queued = (await memory.status()).pendingExtractions;
  if (queued === 0) return [];
  const [{ learnFromEarlierSessions }, { createChatModel }] = await Promise.all([
    import("../../../agent.js"),
    import("../../../create-chat-model.js"),
  ]);
  const model = await createChatModel(memory.config.llm).catch((error: unknown) => {
    if (MnemoError.isInstance(error) && error.code === "INVALID_CONFIG") return undefined;
    throw error;
  });
  if (model === undefined)
    return [
      `${queued} conversation(s) wait in .pending/ for extraction: no chat model is configured (the next mnemo chat extracts them, or configure llm and run mnemo doctor --fix again)`,
    ];
  const { extracted } = await learnFromEarlierSessions({ memory, model });
  return extracted.map((report) => {
    if (report.error !== undefined)
      return `session ${report.sessionId}: extraction failed again, still in ${report.path}: ${report.error}`;
    const labels = report.written.map((item) => item.label).join("; ");
    return `session ${report.sessionId}: extracted with ${model.id}, ${report.written.length} written${labels === "" ? "" : `: ${labels}`}`;
  });
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
