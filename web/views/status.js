/** The home at a glance: budgets, counts, the search index, pending extractions, the last session. */
import { api, segment } from "../api.js";
import { count, h, heading, show } from "../dom.js";

export async function renderStatus(main) {
  const status = await api("GET", "/status");
  const { memories, journal, archive, index } = status;
  show(
    main,
    heading("Status"),
    h("p", {}, "Home ", h("code", {}, homeLabel(status))),
    h("h2", {}, "Budgets"),
    h(
      "table",
      {},
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["File", "Used", "Characters"].map((label) => h("th", { scope: "col" }, label)),
        ),
      ),
      h(
        "tbody",
        {},
        status.profile.map((file) =>
          h(
            "tr",
            {},
            h("th", { scope: "row" }, h("code", {}, file.path)),
            h(
              "td",
              {},
              h("meter", {
                min: 0,
                max: file.budget,
                value: file.characters,
                "aria-label": `${file.path} budget used`,
              }),
            ),
            h(
              "td",
              { class: "number" },
              // MEMORY.md's budget counts its notes; its index and journal have caps of their own.
              file.fileCharacters === file.characters
                ? `${file.characters} of ${file.budget}`
                : `${file.characters} of ${file.budget} in its notes (whole file ${file.fileCharacters})`,
            ),
          ),
        ),
      ),
    ),
    h("h2", {}, "Counts"),
    h(
      "dl",
      { class: "facts" },
      fact(
        "Typed memories",
        `${memories.total} (${Object.entries(memories.byType)
          .map(([type, count]) => `${type} ${count}`)
          .join(", ")})`,
      ),
      fact(
        "Journal entries",
        `${journal.entries} in ${journal.topics.length} ${journal.topics.length === 1 ? "topic" : "topics"}`,
      ),
      fact("Daily logs", status.dailies.dates.join(", ") || "none"),
      fact(
        "Archive",
        `${count(archive.chunks, "piece", "pieces")} in ${count(archive.files, "file", "files")}`,
      ),
      fact("Pending extractions", String(status.pendingExtractions)),
    ),
    h("h2", {}, "Search index"),
    h("p", {}, indexLine(index)),
    h("h2", {}, "Last session"),
    lastSession(status.lastSession),
  );
}

/**
 * The home as the header and the token question name it: its id and where it is kept on a server of
 * many homes ("acme/ada (PostgreSQL)"), else its folder or database.
 */
export function homeLabel(status) {
  return status.homeId === undefined ? status.home : `${status.homeId} (${status.home})`;
}

function fact(term, value) {
  return [h("dt", {}, term), h("dd", {}, value)];
}

function indexLine(index) {
  if (index.state === "missing") return "Not built yet: the first search builds it.";
  if (index.state !== "ready") return `${index.state}${index.problem ? `: ${index.problem}` : ""}`;
  const behind = index.behind ? `${index.behind} files behind (the next search catches up)` : "up to date";
  return `${index.documents} documents, ${index.chunks} chunks, ${index.vectors} vectors; ${behind}.`;
}

function lastSession(session) {
  if (!session) return h("p", { class: "muted" }, "No session recorded yet.");
  const given =
    session.frozenTokens === undefined
      ? "no frozen block"
      : `a frozen block of about ${session.frozenTokens} tokens (${session.frozenCharacters} characters)`;
  return h(
    "p",
    {},
    h("a", { href: `#/sessions/${segment(session.sessionId)}` }, session.sessionId),
    ` (${session.source}): ${given}, ${count(session.turns, "turn", "turns")}, ${count(session.writes, "write", "writes")}, ${session.extracted} extracted.`,
  );
}
