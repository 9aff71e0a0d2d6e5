import type { SessionMemoryReport } from "../../session/agent/agent-session.js";
import type { ExtractionReport } from "../../session/extraction/extract-session.js";

/** /memory: what the session loaded at start and what it has written so far. */
export function formatMemoryReport(report: SessionMemoryReport): string {
  const blocks = report.loaded.memoryBlocks;
  const lines = [
    `Session ${report.sessionId}`,
    `Loaded at start: ${report.loaded.characters} characters of context${
      blocks.length > 0 ? ` (${blocks.map((tag) => `<${tag}>`).join(", ")})` : " (no memory files yet)"
    }.`,
  ];
  if (report.writes.length === 0) lines.push("Written this session: nothing yet.");
  else {
    lines.push("Written this session:");
    for (const write of report.writes) lines.push(`  - ${write.name}: ${write.text.split("\n")[0]}`);
  }
  if (report.extraction) lines.push(formatExtractionReport(report.extraction));
  return lines.join("\n");
}

/** The end-of-session note: what extraction kept, skipped or queued. */
export function formatExtractionReport(report: ExtractionReport | undefined): string {
  if (report === undefined) return "Memory is off: nothing was saved.";
  if (!report.called) return "Nothing to save from this session.";
  if (report.pending !== undefined) {
    return `Could not extract memories (${report.error ?? "the model failed"}). The conversation is kept in ${report.pending} and will be retried next session.`;
  }
  const parts = [
    `${report.written.length} written`,
    `${report.skipped.length} already known`,
    `${report.superseded.length} superseded`,
  ];
  return `Saved: ${parts.join(", ")}${report.summaryAppended ? "; summary added to today's daily log" : ""}.`;
}
