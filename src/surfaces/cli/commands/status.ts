import type { HomeStatus } from "../../../home.js";
import { defineCommand } from "../cli-command.js";

type StatusData = HomeStatus & { home: string };

export const status = defineCommand({
  name: "status",
  summary: "Budgets, counts, the search index, pending extractions and the last session",
  description:
    "Show the memory home at a glance: each always-loaded file's size against its budget; typed memories by type, " +
    "journal entries, daily logs and archived pieces; the search index's state (documents, chunks, vectors, files " +
    "behind); extractions waiting for a retry; and the last recorded session's frozen block size and writes.",
  examples: ["mnemo status", "mnemo status --json"],
  input: () => undefined,
  run: async (_input, { memory }): Promise<StatusData> => ({ home: memory.home, ...(await memory.status()) }),
  render: (data: StatusData) => renderStatus(data).join("\n"),
});

export function renderStatus(data: StatusData): string[] {
  const { memories, journal, archive } = data;
  const width = Math.max(...data.profile.map((file) => file.path.length));
  return [
    `Home      ${data.home}`,
    "Budgets",
    ...data.profile.map((file) => `  ${file.path.padEnd(width)}  ${budgetLine(file)}`),
    `Memories  ${memories.total} (${Object.entries(memories.byType)
      .map(([type, count]) => `${type} ${count}`)
      .join(", ")})`,
    `Journal   ${journal.entries} ${plural(journal.entries, "entry", "entries")}${journal.topics.length === 0 ? "" : ` (${journal.topics.map((topic) => `${topic.topic} ${topic.entries}`).join(", ")})`}`,
    `Dailies   ${data.dailies.dates.length}${data.dailies.dates.length === 0 ? "" : ` (${data.dailies.dates.join(", ")})`}`,
    `Archive   ${archive.chunks} ${plural(archive.chunks, "piece", "pieces")} in ${archive.files} ${plural(archive.files, "file", "files")}`,
    `Index     ${indexLine(data.index)}`,
    `Pending   ${data.pendingExtractions} ${plural(data.pendingExtractions, "extraction", "extractions")} waiting for a retry`,
    `Session   ${sessionLine(data.lastSession)}`,
  ];
}

function budgetLine(file: HomeStatus["profile"][number]): string {
  const used = `${String(file.characters).padStart(5)} of ${file.budget} characters (${percent(file.characters, file.budget)})`;
  if (!file.exists) return `${used}, not written yet`;
  // MEMORY.md's budget counts its notes only: the whole file, with its index and journal, is said beside.
  if (file.fileCharacters === file.characters) return used;
  return `${used} in its notes; the whole file ${file.fileCharacters} characters (its index and journal have caps of their own)`;
}

function indexLine(index: HomeStatus["index"]): string {
  if (index.state === "missing") return "not built yet (the first recall builds it)";
  if (index.state === "outdated") return `schema version ${index.schemaVersion}, rebuilt by the next recall`;
  if (index.state !== "ready") return `${index.state}: ${index.problem ?? "see mnemo doctor"}`;
  const behind = index.behind
    ? `, ${index.behind} files behind (stale: the next recall catches up)`
    : ", up to date";
  return `${index.documents} documents, ${index.chunks} chunks, ${index.vectors} vectors${behind}`;
}

function sessionLine(session: HomeStatus["lastSession"]): string {
  if (session === undefined) return "none recorded yet";
  const given =
    session.frozenTokens === undefined
      ? "no frozen block"
      : `frozen block ${session.frozenCharacters} characters (about ${session.frozenTokens} tokens)`;
  const client = session.client === undefined ? session.source : `${session.source}, ${session.client}`;
  return `${session.sessionId} (${client}) at ${session.startedAt}: ${given}, ${session.turns} ${plural(session.turns, "turn", "turns")}, ${session.writes} ${plural(session.writes, "write", "writes")}, ${session.extracted} extracted`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`;
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
