import type { LearnReport } from "../../agent.js";

/** `mnemo learn`'s report as a person reads it: what was read, which part was learned, what it gave. */
export function renderLearnReport(report: LearnReport, locate: (path: string) => string): string {
  const from = `${report.source} (${report.format}, session ${report.sessionId})`;
  if (report.status === "busy")
    return `${from} is being learned by process ${report.heldBy?.pid} on ${report.heldBy?.host} since ${report.heldBy?.at}; nothing done here.`;
  if (report.status === "nothing-new")
    return `Nothing new in ${from}: all ${report.messages} messages were learned before.`;
  const range = `messages ${report.range?.from}-${report.range?.to} of ${report.messages}`;
  const lines = report.restarted
    ? [`${from} no longer starts as it did when it was learned: all of it counts as new.`]
    : [];
  if (report.status === "dry-run") return [...lines, `Would learn ${range} from ${from}.`].join("\n");
  lines.push(`Learned ${range} from ${from}.`);
  if (report.recorded)
    lines.push(`Recorded ${report.recorded.turns} turns in ${locate(report.recorded.path)}.`);
  const extraction = report.extraction;
  if (extraction && extraction.error === undefined)
    lines.push(
      `Extracted with ${extraction.model}: ${extraction.added} added, ${extraction.updated} updated, ${extraction.unchanged} unchanged.`,
      ...extraction.written.map((item) => `  ${item.kind} ${item.label}  ${locate(item.path)}`),
      ...extraction.skipped.map((item) => `  skipped ${item.kind} ${item.label}: ${item.reason}`),
    );
  if (extraction?.error !== undefined)
    lines.push(`The extraction with ${extraction.model} failed: ${extraction.error}`);
  if (report.pending !== undefined)
    lines.push(
      extraction
        ? `It waits in ${locate(report.pending)}; the next mnemo chat or mnemo doctor --fix retries it.`
        : `No chat model is configured: its extraction waits in ${locate(report.pending)} until mnemo chat or mnemo doctor --fix runs with one (llm in config.json).`,
    );
  return lines.join("\n");
}
